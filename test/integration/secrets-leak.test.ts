import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WorkspaceEntry } from '../../src/shared/ipc/contract-settings';
import type { Envelope } from '../../src/shared/ipc/errors';
import { createCoreHost } from '../../src/main/core/host';
import { demoWorkspaceDir } from '../../src/main/core/paths';
import type { Core, CoreConfig } from '../../src/main/core/services';
import { createSafeStorageVault } from '../../src/main/shell/secrets';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { runExport } from '../helpers/export-fixture';
import { fakeSafeStorage, type FakeSafeStorageOptions } from '../helpers/secrets-fake-vault';
import { makeTempDir } from '../helpers/temp-dir';

// Distinctive values, so any copy of them — whole, or the secret's base64 — is found.
const KEY = 'KEY-leakcheck-5e1f0c-apikey';
const SECRET = 'SECRET-leakcheck-9a77b2-apisecret';
const NEEDLES = [KEY, SECRET, Buffer.from(SECRET).toString('base64'), Buffer.from(KEY).toString('base64')];

let temp: ReturnType<typeof makeTempDir>;
let sim: RunningSimulator;
let core: Core | undefined;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, apiKey: KEY, apiSecret: SECRET });
});
afterAll(() => sim.close());
afterEach(async () => {
  await core?.close();
  core = undefined;
  vi.restoreAllMocks();
  temp.cleanup();
});

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function expectClean(what: string, text: string): void {
  for (const needle of NEEDLES) expect(text.includes(needle), `${what} contains a credential`).toBe(false);
}

/**
 * Every place a credential could escape, recorded while a platform workspace is used the way a
 * person would: answers and errors (what IPC and the browser shell's RPC carry), events, console
 * output (where logs go), exported files, and every file in the data home (ledger, logs, exports,
 * the saved credentials).
 */
async function exercise(shell: CoreConfig['shell'], vaultOptions: FakeSafeStorageOptions | undefined) {
  temp = makeTempDir('floatdesk-secrets-leak-');
  const home = join(temp.dir, 'home');
  const captured: string[] = [];
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const)
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      captured.push(
        args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg, { depth: 8 }))).join(' '),
      );
    });
  const seen: string[] = [];
  core = createCoreHost(
    {
      workspaceDir: demoWorkspaceDir(home),
      workspaceName: 'Demo workspace',
      workspaceKind: 'demo',
      shell,
      appVersion: '9.9.9',
      changePollMs: 0,
    },
    {
      dataHome: home,
      ...(vaultOptions ? { vault: createSafeStorageVault(fakeSafeStorage(vaultOptions), 'linux') } : {}),
    },
  );
  core.onEvent((name, payload) => seen.push(`${name} ${JSON.stringify(payload)}`));
  const send = async (channel: string, input: unknown = {}): Promise<Envelope<unknown>> => {
    const envelope = await core!.dispatch(channel, input);
    seen.push(`${channel} ${JSON.stringify(envelope)}`);
    return envelope;
  };
  const created = (await send('workspaces:create', {
    name: 'Leak check',
    baseUrl: sim.baseUrl,
  })) as Envelope<WorkspaceEntry>;
  if (!created.ok) throw new Error(created.error.message);
  await send('workspaces:switch', { dir: created.value.dir });

  // Refused inputs must not echo what was typed.
  await send('connection:set', { apiSecret: SECRET });
  await send('connection:set', { apiKey: KEY });
  await send('connection:set', { apiKey: KEY, apiSecret: SECRET, baseUrl: `ftp://${KEY}:${SECRET}@nope` });
  await send('connection:set', { apiKey: KEY, apiSecret: SECRET, unexpected: SECRET });
  await send('connection:set', { apiKey: KEY, apiSecret: SECRET.repeat(40) });
  await send('connection:set', { apiKey: `${KEY}\u0000`, apiSecret: 42 });
  // Wrong secret: a failing test and a failing sync.
  await send('connection:set', { apiKey: KEY, apiSecret: `${SECRET}-wrong` });
  await send('connection:test');
  const failed = await send('sync:run', { datasets: ['floats'] });
  // Offline: the address points nowhere.
  await send('connection:set', { baseUrl: 'http://127.0.0.1:9/api/v2' });
  await send('connection:test');
  await send('sync:run', { datasets: ['floats'] });
  await send('connection:set', { baseUrl: sim.baseUrl });
  // The right ones: everything works.
  await send('connection:set', { apiKey: KEY, apiSecret: SECRET });
  await send('connection:get');
  await send('connection:test');
  const synced = await send('sync:run', { datasets: ['floats', 'transfers'] });
  await send('sync:status');
  await send('settings:get');
  await send('workspaces:list');
  await send('app:status');
  // The diagnostics report (recent log lines, settings, runs) is what support gets: scanned too.
  const diagnostics = await send('app:diagnostics');
  const exports = [];
  for (const request of [{ table: 'audit' }, { table: 'balances' }, { table: 'transfers' }]) {
    const run = await runExport(core, { request, format: 'csv' });
    seen.push(JSON.stringify(run));
    exports.push(run.finished);
  }
  await core.close();
  core = undefined;
  return { home, workspaceDir: created.value.dir, seen, captured, failed, synced, exports, diagnostics };
}

describe('secrets never leak', () => {
  for (const [shell, vaultOptions] of [
    ['electron', { backend: 'gnome_libsecret' }],
    ['electron', { backend: 'basic_text' }],
    ['browser', undefined],
  ] as const) {
    it(`not in an answer, error, event, log line, export or file (${shell}, ${vaultOptions?.backend ?? 'no vault'})`, async () => {
      const run = await exercise(shell, vaultOptions);
      // The scenario really happened: failures were met, the sync and the exports worked.
      expect(run.failed).toMatchObject({ ok: true, value: { outcome: 'failed' } });
      expect(run.synced).toMatchObject({ ok: true, value: { outcome: 'succeeded' } });
      expect(run.exports.map((finished) => finished.outcome)).toEqual(['done', 'done', 'done']);
      expect(run.seen.filter((line) => line.includes('"ok":false')).length).toBeGreaterThanOrEqual(6);
      // The report was made, and covers the failures met above (its text is in run.seen too).
      expect(run.diagnostics).toMatchObject({ ok: true, value: { text: expect.stringContaining('sync') } });
      if (run.diagnostics.ok) expectClean('the diagnostics report', JSON.stringify(run.diagnostics.value));

      for (const line of run.seen) expectClean('an answer or event', line);
      for (const line of run.captured) expectClean('console output', line);
      for (const finished of run.exports)
        expectClean(finished.fileName, readFileSync(finished.path!, 'latin1'));
      const files = filesUnder(run.home);
      expect(files).toContain(join(run.workspaceDir, 'ledger.sqlite'));
      for (const path of files) expectClean(path, readFileSync(path, 'latin1'));
      // The logger's folder is covered above whenever it exists.
      const logs = join(run.workspaceDir, 'logs');
      if (existsSync(logs))
        for (const path of filesUnder(logs)) expectClean(path, readFileSync(path, 'latin1'));
    });
  }
});
