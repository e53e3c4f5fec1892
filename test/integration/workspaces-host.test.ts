import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WorkspaceEntry } from '../../src/shared/ipc/contract-settings';
import type { Envelope } from '../../src/shared/ipc/errors';
import { createCoreHost } from '../../src/main/core/host';
import { migrate } from '../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import { demoWorkspaceDir } from '../../src/main/core/paths';
import type { Core, CoreConfig } from '../../src/main/core/services';
import { listWorkspaces } from '../../src/main/core/workspace/catalog';
import { startExactSimulator } from '../helpers/platform-fixture';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let home: string;
let host: Core | undefined;

beforeEach(() => {
  temp = makeTempDir('floatdesk-host-');
  home = join(temp.dir, 'home');
});
afterEach(async () => {
  await host?.close();
  host = undefined;
  temp.cleanup();
});

/** What a shell passes when it was given no --workspace (paths.ts chooseWorkspace). */
const demoConfig = (): CoreConfig => ({
  workspaceDir: demoWorkspaceDir(home),
  workspaceName: 'Demo workspace',
  workspaceKind: 'demo',
  shell: 'browser',
  appVersion: '9.9.9',
  changePollMs: 0,
});

/** What a shell passes for --workspace <dir>. */
const explicitConfig = (dir: string): CoreConfig => ({
  ...demoConfig(),
  workspaceDir: dir,
  workspaceName: 'x',
  workspaceKind: 'platform',
});

async function call<T>(channel: string, input: unknown = {}): Promise<T> {
  const envelope = (await host!.dispatch(channel, input)) as Envelope<T>;
  if (!envelope.ok) throw Object.assign(new Error(envelope.error.message), envelope.error);
  return envelope.value;
}

async function failure(channel: string, input: unknown = {}) {
  const envelope = await host!.dispatch(channel, input);
  if (envelope.ok) throw new Error(`${channel} should have failed`);
  return envelope.error;
}

const list = async () => (await call<{ workspaces: WorkspaceEntry[] }>('workspaces:list')).workspaces;
const currentDir = async () => (await call<{ workspaceDir: string }>('app:status')).workspaceDir;

function foreignLedger(dir: string, steps: number, row = true): string {
  mkdirSync(dir, { recursive: true });
  const db = new Database(join(dir, 'ledger.sqlite'));
  migrate(db, MIGRATIONS.slice(0, steps));
  if (row)
    db.prepare(
      "INSERT INTO workspaces (name, kind, base_url, created_at) VALUES ('Old books', 'platform', 'https://old.example/api/v2', 'now')",
    ).run();
  db.close();
  return dir;
}

describe('workspaces through the host', () => {
  it('lists the demo (current) before it has ever synced', async () => {
    host = createCoreHost(demoConfig(), { dataHome: home });
    expect(await list()).toEqual([
      { dir: demoWorkspaceDir(home), name: 'Demo workspace', kind: 'demo', baseUrl: null, current: true },
    ]);
  });

  it('creates a platform workspace in a new folder under the data home, not opened', async () => {
    host = createCoreHost(demoConfig(), { dataHome: home });
    const created = await call<WorkspaceEntry>('workspaces:create', {
      name: '  Acme Ltd ',
      baseUrl: 'https://sandbox.example/api/v2/',
    });
    expect(created).toEqual({
      dir: join(home, 'workspaces', 'acme-ltd'),
      name: 'Acme Ltd',
      kind: 'platform',
      baseUrl: 'https://sandbox.example/api/v2',
      current: false,
    });
    expect(existsSync(join(created.dir, 'ledger.sqlite'))).toBe(true);
    const again = await call<WorkspaceEntry>('workspaces:create', {
      name: 'Acme Ltd',
      baseUrl: 'https://p.example',
    });
    expect(again.dir).toBe(join(home, 'workspaces', 'acme-ltd-2'));
    expect((await list()).map((w) => [w.name, w.current])).toEqual([
      ['Demo workspace', true],
      ['Acme Ltd', false],
      ['Acme Ltd', false],
    ]);
    expect(await currentDir()).toBe(demoWorkspaceDir(home));
  });

  it('refuses a bad base URL or an empty name, naming the field, and creates nothing', async () => {
    host = createCoreHost(demoConfig(), { dataHome: home });
    const http = await failure('workspaces:create', {
      name: 'Books',
      baseUrl: 'http://platform.example/api',
    });
    expect(http.code).toBe('invalid_input');
    expect(http.details?.issues).toEqual([{ field: 'baseUrl', problem: expect.stringMatching(/https/) }]);
    const blank = await failure('workspaces:create', { name: '   ', baseUrl: 'https://p.example' });
    expect(blank.details?.issues).toEqual([{ field: 'name', problem: expect.any(String) }]);
    expect(existsSync(join(home, 'workspaces', 'books'))).toBe(false);
  });

  it('switches to another workspace and back, announcing each change', async () => {
    host = createCoreHost(demoConfig(), { dataHome: home });
    const events: unknown[] = [];
    host.onEvent((name, payload) => name === 'app:workspace-changed' && events.push(payload));
    const acme = await call<WorkspaceEntry>('workspaces:create', {
      name: 'Acme',
      baseUrl: 'https://p.example/api/v2',
    });

    expect(await call('workspaces:switch', { dir: acme.dir })).toMatchObject({
      dir: acme.dir,
      current: true,
    });
    expect(await currentDir()).toBe(acme.dir);
    expect(await call('connection:get')).toMatchObject({
      kind: 'platform',
      baseUrl: 'https://p.example/api/v2',
    });
    expect(JSON.parse(readFileSync(join(home, 'settings.json'), 'utf8'))).toEqual({
      lastWorkspace: acme.dir,
    });

    await call('workspaces:switch', { dir: demoWorkspaceDir(home) });
    expect(await currentDir()).toBe(demoWorkspaceDir(home));
    expect(events).toEqual([{ dir: acme.dir }, { dir: demoWorkspaceDir(home) }]);
  });

  it('waits for a transfer submission still out before closing its workspace: the top-up is recorded there', async () => {
    const simulator = await startExactSimulator();
    try {
      host = createCoreHost(demoConfig(), { dataHome: home });
      const acme = await call<WorkspaceEntry>('workspaces:create', {
        name: 'Acme',
        baseUrl: simulator.baseUrl,
      });
      await call('workspaces:switch', { dir: acme.dir });
      await call('connection:set', { apiKey: simulator.apiKey, apiSecret: simulator.apiSecret });
      await call('sync:run', { datasets: ['floats'] });
      const float = simulator.world.floats.find((item) => item.currency === 'GBP')!.name;
      simulator.faults.add({ kind: 'latency', ms: 300, path: '/float/request-payment-transfer', count: 1 });

      const submitted = host.dispatch('transfers:submit', { float, currency: 'GBP', amount: '60.00' });
      await call('workspaces:switch', { dir: demoWorkspaceDir(home) });
      const answer = (await submitted) as Envelope<{
        outcome: string;
        paymentReference: string;
        message: string;
      }>;
      if (!answer.ok) throw new Error(answer.error.message);
      expect(answer.value.outcome).toBe('registered');
      expect(answer.value.message).not.toMatch(/could not note/);

      await call('workspaces:switch', { dir: acme.dir });
      const listed = await call<{ rows: Array<{ origin: string }> }>('transfers:list', {
        filters: { paymentReference: answer.value.paymentReference },
      });
      expect(listed.rows).toEqual([expect.objectContaining({ origin: 'submitted' })]);
    } finally {
      await host?.close();
      host = undefined;
      await simulator.close();
    }
  }, 30_000);

  it('refuses a folder that is not a listed workspace and stays where it was', async () => {
    host = createCoreHost(demoConfig(), { dataHome: home });
    const elsewhere = join(temp.dir, 'not-a-workspace');
    mkdirSync(elsewhere);
    expect((await failure('workspaces:switch', { dir: elsewhere })).code).toBe('not_found');
    expect(existsSync(join(elsewhere, 'ledger.sqlite'))).toBe(false);
    expect(await currentDir()).toBe(demoWorkspaceDir(home));
  });

  it('goes back to the open workspace when the other cannot be opened (ledger from a newer FloatDesk)', async () => {
    const future = foreignLedger(join(home, 'workspaces', 'future'), MIGRATIONS.length);
    const db = new Database(join(future, 'ledger.sqlite'));
    db.pragma(`user_version = ${MIGRATIONS.length + 3}`);
    db.close();
    host = createCoreHost(demoConfig(), { dataHome: home });
    expect((await failure('workspaces:switch', { dir: future })).code).toBe('ledger_too_new');
    expect(await currentDir()).toBe(demoWorkspaceDir(home));
    expect(await call('settings:get')).toMatchObject({ theme: 'system' });
  });

  it('opens the workspace used last at the next start, unless --workspace names another', async () => {
    host = createCoreHost(demoConfig(), { dataHome: home });
    const acme = await call<WorkspaceEntry>('workspaces:create', {
      name: 'Acme',
      baseUrl: 'https://p.example',
    });
    await call('workspaces:switch', { dir: acme.dir });
    await host.close();

    host = createCoreHost(demoConfig(), { dataHome: home });
    expect(await currentDir()).toBe(acme.dir);
    await host.close();

    const explicit = join(temp.dir, 'elsewhere');
    host = createCoreHost(explicitConfig(explicit), { dataHome: home });
    expect(await currentDir()).toBe(explicit);
    await host.close();

    // A folder opened with --workspace is remembered, listed, and is now the one used last.
    expect(JSON.parse(readFileSync(join(home, 'workspaces.json'), 'utf8'))).toEqual({
      workspaces: [explicit],
    });
    host = createCoreHost(demoConfig(), { dataHome: home });
    expect(await currentDir()).toBe(explicit);
    expect((await list()).map((w) => w.dir).sort()).toEqual(
      [demoWorkspaceDir(home), acme.dir, explicit].sort(),
    );
  });

  it('starts in the demo when the workspace used last has gone', async () => {
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, 'settings.json'), JSON.stringify({ lastWorkspace: join(temp.dir, 'gone') }));
    host = createCoreHost(demoConfig(), { dataHome: home });
    expect(await currentDir()).toBe(demoWorkspaceDir(home));
  });
});

describe('reading other workspaces', () => {
  it('reads name, kind and address read-only: an older ledger is listed but not migrated', async () => {
    const old = foreignLedger(join(home, 'workspaces', 'old'), 4);
    host = createCoreHost(demoConfig(), { dataHome: home });
    expect(await list()).toContainEqual({
      dir: old,
      name: 'Old books',
      kind: 'platform',
      baseUrl: 'https://old.example/api/v2',
      current: false,
    });
    const db = new Database(join(old, 'ledger.sqlite'), { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(4);
    expect(db.pragma('journal_mode', { simple: true })).toBe('delete');
    db.close();
  });

  it('leaves out (and reports) a ledger that cannot be read, and forgets remembered folders that are gone', async () => {
    const broken = join(home, 'workspaces', 'broken');
    mkdirSync(broken, { recursive: true });
    writeFileSync(join(broken, 'ledger.sqlite'), 'not a database at all, just some text '.repeat(40));
    const empty = foreignLedger(join(home, 'workspaces', 'empty'), 1, false);
    const listing = listWorkspaces({
      dataHome: home,
      remembered: [join(temp.dir, 'deleted-since')],
      current: { dir: demoWorkspaceDir(home), name: 'Demo workspace', kind: 'demo', baseUrl: null },
    });
    expect(listing.workspaces.map((w) => w.dir)).toEqual([demoWorkspaceDir(home)]);
    expect(listing.skipped.map((s) => s.dir).sort()).toEqual([broken, empty].sort());
    expect(listing.skipped[0]?.problem).toMatch(/cannot be read/);

    host = createCoreHost(demoConfig(), { dataHome: home });
    expect((await failure('workspaces:switch', { dir: broken })).code).toBe('not_found');
  });
});
