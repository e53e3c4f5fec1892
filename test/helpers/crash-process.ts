/**
 * Processes for the crash test: the simulator in its own process (so nothing the test does ever
 * stalls it), `floatdesk workspace init`, and `floatdesk sync` children that can be SIGKILLed at
 * any moment.
 */
import { spawn } from 'node:child_process';
import { cpSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CLI_PATH, REPO_ROOT, startServing, type RunningShell } from './cli';

/**
 * A private copy of the built CLI (out/cli) under `dir`, with node_modules linked beside it: the
 * hundreds of processes this test starts all run the same build, even if `npm run build` replaces
 * out/ meanwhile. Returns the copy's floatdesk.js.
 */
export function snapshotCli(dir: string): string {
  const target = join(dir, 'cli');
  cpSync(dirname(CLI_PATH), target, { recursive: true });
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return join(target, 'floatdesk.js');
}

export interface SimulatorProcess {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  banner: string;
  stop: () => Promise<void>;
}

/**
 * `floatdesk simulator --port 0 ...` with its clock frozen (time-scale 0), so the platform's data
 * never changes. FloatDesk keeps signing with this computer's clock, which runs on, so the Timestamp
 * window is a day wide (one clock: a frozen platform would otherwise refuse it after five minutes).
 */
export async function startSimulatorProcess(cli: string, args: string[]): Promise<SimulatorProcess> {
  const frozen = ['--time-scale', '0', '--timestamp-skew-ms', '86400000'];
  const shell: RunningShell = await startServing(['--port', '0', ...frozen, ...args], {
    command: [cli, 'simulator'],
    urlPattern: /Base URL:\s+(http:\/\/127\.0\.0\.1:\d+\/api\/v2)\n[\s\S]*API secret:\s+\S+\n/,
  });
  const output = shell.output();
  const apiKey = /API key:\s+(\S+)/.exec(output)?.[1];
  const apiSecret = /API secret:\s+(\S+)/.exec(output)?.[1];
  if (!apiKey || !apiSecret) throw new Error(`the simulator printed no credentials:\n${output}`);
  const baseUrl = /Base URL:\s+(\S+)/.exec(output)?.[1] ?? shell.url;
  return { baseUrl, apiKey, apiSecret, banner: output.split('\n')[0] ?? '', stop: shell.stop };
}

export async function initWorkspace(
  cli: string,
  dir: string,
  baseUrl: string,
  env: Record<string, string>,
): Promise<void> {
  const result = await runCli(cli, ['workspace', 'init', dir, '--base-url', baseUrl], env).exited;
  if (result.code !== 0)
    throw new Error(`workspace init failed (${result.code}):\n${result.stdout}${result.stderr}`);
}

export interface SyncExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** From spawn to exit. */
  ms: number;
}

export interface SyncChild {
  pid: number;
  /** Wall-clock time (ms since the epoch) of the spawn, to compare with the ledger's timestamps. */
  spawnedAt: number;
  /** Still running (not exited yet). */
  running: () => boolean;
  /** SIGKILL now if still running; true when the signal was sent to a live process. */
  kill: () => boolean;
  exited: Promise<SyncExit>;
}

/** `floatdesk sync --workspace <dir>`, started without blocking this process. */
export function startSync(cli: string, workspaceDir: string, env: Record<string, string>): SyncChild {
  return runCli(cli, ['sync', '--workspace', workspaceDir], env);
}

/** A CLI command in a child process, without blocking this process. */
export function runCli(cli: string, args: string[], env: Record<string, string>): SyncChild {
  const started = performance.now();
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, [cli, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let done = false;
  const exited = new Promise<SyncExit>((resolve, reject) => {
    child.once('error', reject);
    // 'exit', not 'close': a killed process is gone at 'exit' (the pipes may close a little later).
    child.once('exit', (code, signal) => {
      done = true;
      const ms = performance.now() - started;
      // Give the pipes a moment to deliver what the process wrote before it exited.
      setImmediate(() => resolve({ code, signal, stdout, stderr, ms }));
    });
  });
  if (child.pid === undefined) throw new Error('floatdesk sync did not start');
  return {
    pid: child.pid,
    spawnedAt,
    running: () => !done,
    kill: () => !done && child.kill('SIGKILL'),
    exited,
  };
}

/** A small seeded PRNG (mulberry32): the same seed, the same kill moments. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
