import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const REPO_ROOT = join(import.meta.dirname, '..', '..');
export const CLI_PATH = join(REPO_ROOT, 'out', 'cli', 'floatdesk.js');

export function assertBuilt(): void {
  if (!existsSync(CLI_PATH))
    throw new Error(`${CLI_PATH} is missing: run "npm run build" before these tests.`);
}

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Run a one-shot CLI command with its own data home so the developer's real ledger is never touched. */
export function runCli(args: string[], env: Record<string, string> = {}): CliResult {
  const result = spawnSync(process.execPath, [CLI_PATH, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export interface RunningShell {
  url: string;
  origin: string;
  token: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** Start `floatdesk serve` (or any command that ends up serving) and wait for the URL it prints. */
export async function startServing(
  args: string[],
  options: { env?: Record<string, string>; command?: string[]; urlPattern?: RegExp } = {},
): Promise<RunningShell> {
  const pattern = options.urlPattern ?? /(http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]+)/;
  const command = options.command ?? [CLI_PATH, 'serve'];
  // The shell remembers the workspace it opened in the data home: never in the developer's own.
  const ownHome = options.env?.FLOATDESK_HOME ? undefined : mkdtempSync(join(tmpdir(), 'floatdesk-home-'));
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [...command, ...args], {
    env: { ...process.env, ...(ownHome ? { FLOATDESK_HOME: ownHome } : {}), ...options.env },
  });
  child.once('exit', () => ownHome && rmSync(ownHome, { recursive: true, force: true }));
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL printed within 30 s:\n${output}`)), 30_000);
    const look = (): void => {
      const match = pattern.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', look);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code} before printing a URL:\n${output}`));
    });
  });
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    token: parsed.searchParams.get('token') ?? '',
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Like runCli, without blocking this process's event loop: needed when the CLI talks to a server
 * (a simulator, say) running inside the test process itself.
 */
export function runCliAsync(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI_PATH, ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}
