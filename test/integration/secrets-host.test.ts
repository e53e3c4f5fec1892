import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionInfo, WorkspaceEntry } from '../../src/shared/ipc/contract-settings';
import type { Envelope } from '../../src/shared/ipc/errors';
import { createCoreHost } from '../../src/main/core/host';
import { demoWorkspaceDir } from '../../src/main/core/paths';
import type { Core, CoreConfig } from '../../src/main/core/services';
import { startCoreWorker, type CoreWorker } from '../../src/main/core/worker-client';
import { secretFilePath } from '../../src/main/core/workspace/secret-file';
import { createSafeStorageVault } from '../../src/main/shell/secrets';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { fakeSafeStorage, type FakeSafeStorageOptions } from '../helpers/secrets-fake-vault';
import { makeTempDir } from '../helpers/temp-dir';

// The storage rules through the real core host: a platform workspace pointed at the simulator,
// the Electron shell's vault played by a fake safeStorage behind the real adapter.
const KEY = 'key-host-3b7e-only-input';
const SECRET = 'Sekr3t-host-c41d-encrypted-at-rest';

let temp: ReturnType<typeof makeTempDir>;
let home: string;
let core: Core | undefined;
let worker: CoreWorker | undefined;
let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, apiKey: KEY, apiSecret: SECRET });
});
afterAll(() => sim.close());
beforeEach(() => {
  temp = makeTempDir('floatdesk-secrets-host-');
  home = join(temp.dir, 'home');
});
afterEach(async () => {
  await core?.close();
  await worker?.close();
  core = undefined;
  worker = undefined;
  temp.cleanup();
});

const demoConfig = (): CoreConfig => ({
  workspaceDir: demoWorkspaceDir(home),
  workspaceName: 'Demo workspace',
  workspaceKind: 'demo',
  shell: 'electron',
  appVersion: '9.9.9',
  changePollMs: 0,
});

async function call<T>(channel: string, input: unknown = {}): Promise<T> {
  const envelope = (await core!.dispatch(channel, input)) as Envelope<T>;
  if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.code} ${envelope.error.message}`);
  return envelope.value;
}

const vault = (options: FakeSafeStorageOptions = {}) =>
  createSafeStorageVault(fakeSafeStorage(options), 'linux');

/** A new platform workspace, opened through a host with this vault. */
async function createWorkspace(options: FakeSafeStorageOptions = {}): Promise<string> {
  core = createCoreHost(demoConfig(), { dataHome: home, vault: vault(options) });
  const created = await call<WorkspaceEntry>('workspaces:create', {
    name: 'Sim books',
    baseUrl: sim.baseUrl,
  });
  await call('workspaces:switch', { dir: created.dir });
  return created.dir;
}

/** FloatDesk started again (the host remembers the workspace opened last). */
async function restart(options: FakeSafeStorageOptions = {}): Promise<void> {
  await core?.close();
  core = createCoreHost(demoConfig(), { dataHome: home, vault: vault(options) });
}

describe('secrets through the core host', () => {
  it('saves them encrypted and reads them back at next start: sync works without asking again', async () => {
    const dir = await createWorkspace();
    const info = await call<ConnectionInfo>('connection:set', { apiKey: KEY, apiSecret: SECRET });
    expect(info).toMatchObject({
      credentialsSource: 'session',
      credentialsStorage: 'encrypted',
      storageBackend: 'gnome_libsecret',
      storageNotice: null,
    });
    const file = readFileSync(secretFilePath(dir));
    expect(file.includes(SECRET)).toBe(false);
    expect(file.includes(KEY)).toBe(false);

    await restart();
    expect(await call('connection:get')).toMatchObject({
      hasCredentials: true,
      credentialsSource: 'stored',
      credentialsStorage: 'encrypted',
    });
    expect(await call('connection:test')).toMatchObject({ ok: true });
    expect(await call<{ outcome: string }>('sync:run', { datasets: ['floats'] })).toMatchObject({
      outcome: 'succeeded',
    });
  });

  it('without a secure store keeps them for the session only and asks again at next start', async () => {
    const dir = await createWorkspace({ backend: 'basic_text' });
    const info = await call<ConnectionInfo>('connection:set', { apiKey: KEY, apiSecret: SECRET });
    expect(info).toMatchObject({
      hasCredentials: true,
      credentialsStorage: 'memory',
      storageNotice: { kind: 'memory-only', message: /no secure key store/ },
      plainTextStorage: { offered: true, enabled: false },
    });
    expect(await call('connection:test')).toMatchObject({ ok: true });
    // Kept across a switch within the session.
    await call('workspaces:switch', { dir: demoWorkspaceDir(home) });
    await call('workspaces:switch', { dir });
    expect(await call('connection:get')).toMatchObject({ hasCredentials: true });
    expect(existsSync(secretFilePath(dir))).toBe(false);

    await restart({ backend: 'basic_text' });
    expect(await call('connection:get')).toMatchObject({ hasCredentials: false, credentialsSource: 'none' });
  });

  it('asks again instead of failing when the key store changed since they were saved', async () => {
    await createWorkspace({ backend: 'gnome_libsecret' });
    await call('connection:set', { apiKey: KEY, apiSecret: SECRET });
    await restart({ backend: 'kwallet5' });
    const info = await call<ConnectionInfo>('connection:get');
    expect(info).toMatchObject({
      hasCredentials: false,
      credentialsSource: 'none',
      storageNotice: { kind: 're-enter', message: /kwallet5/ },
    });
    expect(await call('connection:test')).toMatchObject({ ok: false, code: 'auth_failed' });
    await call('connection:set', { apiKey: KEY, apiSecret: SECRET });
    expect(await call('connection:get')).toMatchObject({
      hasCredentials: true,
      storageBackend: 'kwallet5',
      storageNotice: null,
    });
  });

  it('writes a plain file only with the explicit setting, and refuses the setting where a store exists', async () => {
    const dir = await createWorkspace({ backend: 'basic_text' });
    const info = await call<ConnectionInfo>('connection:set', {
      apiKey: KEY,
      apiSecret: SECRET,
      storeInPlainText: true,
    });
    expect(info).toMatchObject({ credentialsStorage: 'plaintext', plainTextStorage: { enabled: true } });
    expect(JSON.parse(readFileSync(secretFilePath(dir), 'utf8'))).toEqual({
      version: 1,
      backend: 'plaintext',
      credentials: { apiKey: KEY, apiSecret: SECRET },
    });
    await restart({ backend: 'basic_text' });
    expect(await call('connection:get')).toMatchObject({ credentialsSource: 'stored', hasCredentials: true });

    await restart({ backend: 'keychain' });
    // Moved into the key store at once; the setting is no longer offered.
    expect(await call('connection:get')).toMatchObject({
      credentialsStorage: 'encrypted',
      plainTextStorage: { offered: false },
    });
    const refused = await core!.dispatch('connection:set', { storeInPlainText: true });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', details: { issues: [{ field: 'storeInPlainText' }] } },
    });
  });

  it('a shell without a vault (browser shell) never reads a saved file', async () => {
    const dir = await createWorkspace();
    await call('connection:set', { apiKey: KEY, apiSecret: SECRET });
    await core!.close();
    core = createCoreHost({ ...demoConfig(), shell: 'browser' }, { dataHome: home });
    expect(await call('connection:get')).toMatchObject({ hasCredentials: false });
    expect(existsSync(secretFilePath(dir))).toBe(true);
  });
});

describe('a workspace switch while the key store is slow', () => {
  it('never hands a call made for one workspace to the next one (its credentials stay out of it)', async () => {
    const first = await createWorkspace();
    const second = (
      await call<WorkspaceEntry>('workspaces:create', { name: 'Other books', baseUrl: sim.baseUrl })
    ).dir;
    await core?.close();
    // The key store answers only when told: the first workspace's saved credentials are still being read.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const slow = fakeSafeStorage();
    const available = slow.isAsyncEncryptionAvailable.bind(slow);
    slow.isAsyncEncryptionAvailable = async () => {
      await answered;
      return available();
    };
    core = createCoreHost(demoConfig(), { dataHome: home, vault: createSafeStorageVault(slow, 'linux') });
    const set = core.dispatch('connection:set', {
      apiKey: 'KEY-OF-THE-FIRST',
      apiSecret: 'SECRET-OF-THE-FIRST',
    });
    const switched = core.dispatch('workspaces:switch', { dir: second });
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer();
    expect(await switched).toMatchObject({ ok: true });
    expect(await set).toMatchObject({ ok: false, error: { code: 'ledger_busy' } });
    expect(existsSync(secretFilePath(second))).toBe(false);
    expect(existsSync(secretFilePath(first))).toBe(false);
    const info = await call<ConnectionInfo>('connection:get');
    expect(info.hasCredentials).toBe(false);
  });
});

describe('secrets over the worker port', () => {
  const workerUrl = new URL('../../out/cli/core-worker.js', import.meta.url);

  it.skipIf(!existsSync(workerUrl))(
    'the core worker asks the shell vault and saves only ciphertext',
    async () => {
      const storage = fakeSafeStorage({ backend: 'kwallet6' });
      const dir = await createWorkspace({ backend: 'kwallet6' });
      await core!.close();
      core = undefined;
      const start = {
        ...demoConfig(),
        workspaceDir: dir,
        workspaceName: 'Sim books',
        workspaceKind: 'platform' as const,
      };
      worker = await startCoreWorker(workerUrl, start, undefined, createSafeStorageVault(storage, 'linux'));
      const set = await worker.invoke('connection:set', { apiKey: KEY, apiSecret: SECRET });
      expect(set).toMatchObject({
        ok: true,
        value: { credentialsStorage: 'encrypted', storageBackend: 'kwallet6' },
      });
      expect(storage.calls.encrypt).toBe(1);
      expect(readFileSync(secretFilePath(dir)).includes(SECRET)).toBe(false);
      await worker.close();

      worker = await startCoreWorker(workerUrl, start, undefined, createSafeStorageVault(storage, 'linux'));
      expect(await worker.invoke('connection:get', {})).toMatchObject({
        ok: true,
        value: { credentialsSource: 'stored', hasCredentials: true },
      });
      expect(storage.calls.decrypt).toBe(1);
    },
  );
});
