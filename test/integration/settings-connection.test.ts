import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceEntry } from '../../src/shared/ipc/contract-settings';
import type { Envelope } from '../../src/shared/ipc/errors';
import { createCoreHost } from '../../src/main/core/host';
import { demoWorkspaceDir } from '../../src/main/core/paths';
import { createCore, type Core, type CoreConfig } from '../../src/main/core/services';
import { SyncService } from '../../src/main/core/sync/service';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let home: string;
let core: Core | undefined;
let sim: RunningSimulator;

const SECRET = 'Sekr3t-never-to-be-seen-4f9a';
const KEY = 'key-visible-only-as-input-77';

beforeAll(async () => {
  sim = await startSimulator({ port: 0, apiKey: KEY, apiSecret: SECRET });
});
afterAll(() => sim.close());
beforeEach(() => {
  temp = makeTempDir('floatdesk-settings-');
  home = join(temp.dir, 'home');
});
afterEach(async () => {
  await core?.close();
  core = undefined;
  vi.restoreAllMocks();
  temp.cleanup();
});

const config = (overrides: Partial<CoreConfig> = {}): CoreConfig => ({
  workspaceDir: demoWorkspaceDir(home),
  workspaceName: 'Demo workspace',
  workspaceKind: 'demo',
  shell: 'browser',
  appVersion: '9.9.9',
  changePollMs: 0,
  ...overrides,
});

/** Every answer, failures included, as the renderer would receive it. */
const seen: string[] = [];
async function send(channel: string, input: unknown = {}): Promise<Envelope<unknown>> {
  const envelope = await core!.dispatch(channel, input);
  seen.push(JSON.stringify(envelope));
  return envelope;
}
async function call<T>(channel: string, input: unknown = {}): Promise<T> {
  const envelope = (await send(channel, input)) as Envelope<T>;
  if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.code} ${envelope.error.message}`);
  return envelope.value;
}

/** A platform workspace pointed at the simulator, opened through the host. */
async function openSimulatorWorkspace(options: { credentials?: CoreConfig['credentials'] } = {}) {
  core = createCoreHost(config(options.credentials ? { credentials: options.credentials } : {}), {
    dataHome: home,
  });
  const created = await call<WorkspaceEntry>('workspaces:create', {
    name: 'Sim books',
    baseUrl: sim.baseUrl,
  });
  await call('workspaces:switch', { dir: created.dir });
  return created;
}

describe('settings', () => {
  it('answers the defaults, then keeps changes across core restarts', async () => {
    core = createCore(config());
    expect(await call('settings:get')).toEqual({
      syncIntervalMinutes: 5,
      locale: 'system',
      dateStyle: 'iso',
      theme: 'system',
      company: {},
      financeEmail: null,
      signerName: null,
    });
    const changed = {
      syncIntervalMinutes: 15,
      locale: 'de-de',
      dateStyle: 'locale',
      theme: 'dark',
      company: { company_name: 'Acme Ltd', city: 'Leeds', country: 'GB' },
      financeEmail: 'finance@acme.example',
      signerName: 'Ana Ruiz',
    };
    const answer = await call('settings:update', changed);
    expect(answer).toEqual({ ...changed, locale: 'de-DE' });
    await call('settings:update', { theme: 'light' });
    await core.close();

    core = createCore(config());
    expect(await call('settings:get')).toEqual({ ...changed, locale: 'de-DE', theme: 'light' });
  });

  it('refuses a locale Intl does not accept, naming the field, and changes nothing', async () => {
    core = createCore(config());
    const refused = await send('settings:update', { locale: 'klingon-!!', theme: 'dark' });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', details: { issues: [{ field: 'locale' }] } },
    });
    expect(await call('settings:get')).toMatchObject({ locale: 'system', theme: 'system' });
  });

  it('applies a new sync interval to the running auto-sync at once, and reads it at the next start', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const start = vi.spyOn(SyncService.prototype, 'startAutoSync').mockImplementation(() => {});
    const stop = vi.spyOn(SyncService.prototype, 'stopAutoSync');
    const platform = join(temp.dir, 'platform');
    const interactive = config({ workspaceDir: platform, workspaceKind: 'platform', autoSyncMs: 300_000 });
    core = createCore(interactive);
    core.startBackground();
    expect(start).toHaveBeenLastCalledWith(300_000, expect.any(Function));

    await call('settings:update', { syncIntervalMinutes: 2 });
    expect(start).toHaveBeenLastCalledWith(120_000, expect.any(Function));
    stop.mockClear();
    await call('settings:update', { syncIntervalMinutes: 0 });
    expect(stop).toHaveBeenCalled();
    await call('settings:update', { syncIntervalMinutes: 30 });
    await core.close();

    start.mockClear();
    core = createCore(interactive);
    core.startBackground();
    expect(start).toHaveBeenLastCalledWith(1_800_000, expect.any(Function));
  });

  it('changes no background work in the CLI, which never starts it', async () => {
    const start = vi.spyOn(SyncService.prototype, 'startAutoSync');
    core = createCore(config({ shell: 'cli' }));
    await call('settings:update', { syncIntervalMinutes: 1 });
    expect(start).not.toHaveBeenCalled();
  });
});

describe('connection', () => {
  it('the demo uses the built-in simulator: fixed, testable, not editable', async () => {
    core = createCoreHost(config(), { dataHome: home });
    expect(await call('connection:get')).toEqual({
      kind: 'demo',
      baseUrl: null,
      hasCredentials: true,
      credentialsSource: 'session',
      credentialsStorage: 'none',
      storageBackend: null,
      storageNotice: null,
      plainTextStorage: { offered: false, enabled: false },
    });
    const refused = await send('connection:set', { baseUrl: 'https://p.example' });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: /built-in simulator/ },
    });
    expect(await call('connection:test')).toMatchObject({
      ok: true,
      code: null,
      latencyMs: expect.any(Number),
    });
  });

  it('tests against the simulator over HTTP: no credentials, wrong ones, then the right ones', async () => {
    await openSimulatorWorkspace();
    expect(await call('connection:get')).toEqual({
      kind: 'platform',
      baseUrl: sim.baseUrl,
      hasCredentials: false,
      credentialsSource: 'none',
      credentialsStorage: 'none',
      storageBackend: null,
      storageNotice: null,
      plainTextStorage: { offered: false, enabled: false },
    });
    expect(await call('connection:test')).toMatchObject({ ok: false, code: 'auth_failed', latencyMs: null });

    await call('connection:set', { apiKey: KEY, apiSecret: 'wrong-secret' });
    const wrong = await call<{ ok: boolean; code: string; message: string }>('connection:test');
    expect(wrong).toMatchObject({ ok: false, code: 'auth_failed' });
    expect(wrong.message.length).toBeGreaterThan(10);

    expect(await call('connection:set', { apiKey: ` ${KEY} `, apiSecret: SECRET })).toEqual({
      kind: 'platform',
      baseUrl: sim.baseUrl,
      hasCredentials: true,
      credentialsSource: 'session',
      credentialsStorage: 'memory',
      storageBackend: null,
      storageNotice: { kind: 'memory-only', message: expect.stringMatching(/never writes the API key/) },
      plainTextStorage: { offered: false, enabled: false },
    });
    const right = await call<{ ok: boolean; latencyMs: number }>('connection:test');
    expect(right).toMatchObject({ ok: true, code: null });
    expect(right.latencyMs).toBeGreaterThanOrEqual(0);
    const synced = await call<{ outcome: string }>('sync:run', { datasets: ['floats'] });
    expect(synced.outcome).toBe('succeeded');
  });

  it('keeps session credentials per workspace across switches, and reports environment ones', async () => {
    const created = await openSimulatorWorkspace();
    await core!.close();
    // Started on that workspace with the key and secret in the environment.
    core = createCoreHost(
      config({
        workspaceDir: created.dir,
        workspaceName: created.name,
        workspaceKind: 'platform',
        credentials: { apiKey: 'env-key', apiSecret: 'env-secret' },
      }),
      { dataHome: home },
    );
    expect(await call('connection:get')).toMatchObject({
      hasCredentials: true,
      credentialsSource: 'environment',
    });
    await call('connection:set', { apiKey: KEY, apiSecret: SECRET });
    await call('workspaces:switch', { dir: demoWorkspaceDir(home) });
    await call('workspaces:switch', { dir: created.dir });
    expect(await call('connection:get')).toMatchObject({ credentialsSource: 'session' });
    expect(await call('connection:test')).toMatchObject({ ok: true });
  });

  it('never hands the environment credentials to a workspace other than the one started on', async () => {
    await openSimulatorWorkspace({ credentials: { apiKey: 'env-key', apiSecret: 'env-secret' } });
    const other = await call<{ dir: string }>('workspaces:create', {
      name: 'Other entity',
      baseUrl: sim.baseUrl,
    });
    await call('workspaces:switch', { dir: other.dir });
    expect(await call('connection:get')).toMatchObject({ hasCredentials: false, credentialsSource: 'none' });
  });

  it('a new base URL is checked, saved in the ledger and used by the next call', async () => {
    await openSimulatorWorkspace();
    await call('connection:set', { apiKey: KEY, apiSecret: SECRET });
    const bad = await send('connection:set', { baseUrl: 'http://platform.example/api/v2' });
    expect(bad).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', details: { issues: [{ field: 'baseUrl' }] } },
    });
    const nowhere = 'http://127.0.0.1:9/api/v2';
    expect(await call('connection:set', { baseUrl: nowhere })).toMatchObject({ baseUrl: nowhere });
    expect(await call('connection:test')).toMatchObject({ ok: false, code: 'offline' });
    await call('connection:set', { baseUrl: sim.baseUrl });
    expect(await call('connection:test')).toMatchObject({ ok: true });
  });

  it('never lets the secret out: not in any answer or error, not in any file of the data home', async () => {
    const created = await openSimulatorWorkspace();
    await send('connection:set', { apiSecret: SECRET });
    await send('connection:set', { apiKey: KEY, apiSecret: SECRET, baseUrl: 'ftp://nope' });
    await send('connection:set', { apiKey: KEY, apiSecret: SECRET, extra: SECRET });
    await send('connection:set', { apiKey: KEY, apiSecret: `${SECRET}-wrong` });
    await send('connection:test');
    await send('connection:set', { apiKey: KEY, apiSecret: SECRET });
    await send('connection:get');
    await send('connection:test');
    await send('settings:get');
    await send('workspaces:list');
    await send('app:status');
    await core!.close();
    core = undefined;

    expect(seen.length).toBeGreaterThan(10);
    for (const answer of seen) expect(answer).not.toContain(SECRET);
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : [path];
      });
    const written = files(home);
    expect(written).toContain(join(created.dir, 'ledger.sqlite'));
    for (const path of written) expect(readFileSync(path).includes(SECRET), path).toBe(false);
  });
});
