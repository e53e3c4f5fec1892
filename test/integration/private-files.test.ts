/**
 * Everything FloatDesk creates is its owner's alone (0600 files, 0700 folders), checked on every
 * file and folder after what creates them: a sync from the real simulator over HTTP (the ledger, its
 * -wal and -shm, the downloaded templates, the log), exports (CSV and XLSX, to a chosen file and to
 * the browser shell's exports/ folder), backups (the core's and `floatdesk backup`), and the data
 * home's own files. A workspace an older FloatDesk left readable by others (0644/0755) is narrowed
 * when it opens, the person's own files in it untouched, with one notice naming what was changed.
 * Modes mean nothing on Windows (files-errors-modes.test.ts checks that nothing fails there).
 * Run `npm run build` first.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppNotification } from '../../src/shared/ipc/contract-notifications';
import type { Envelope } from '../../src/shared/ipc/errors';
import { createCoreHost } from '../../src/main/core/host';
import { backupWorkspace } from '../../src/main/core/ledger/backup';
import { demoWorkspaceDir } from '../../src/main/core/paths';
import { createCore, type Core, type CoreConfig } from '../../src/main/core/services';
import type { RunningSimulator } from '../../src/simulator/server';
import { assertBuilt, runCli } from '../helpers/cli';
import { runExport, startAdversarialSimulator } from '../helpers/export-fixture';
import { makeTempDir } from '../helpers/temp-dir';

const posix = process.platform !== 'win32';
let simulator: RunningSimulator;
let temp: ReturnType<typeof makeTempDir>;

beforeAll(async () => {
  assertBuilt();
  simulator = await startAdversarialSimulator();
});
afterAll(async () => {
  await simulator?.close();
});
beforeEach(() => {
  temp = makeTempDir();
});
afterEach(() => temp.cleanup());

const configOf = (workspaceDir: string): CoreConfig => ({
  workspaceDir,
  workspaceName: 'Books',
  workspaceKind: 'platform',
  workspaceBaseUrl: simulator.baseUrl,
  shell: 'cli',
  appVersion: 'test',
  changePollMs: 0,
  credentials: { apiKey: simulator.apiKey, apiSecret: simulator.apiSecret },
});

async function value<T>(core: Core, channel: string, input: unknown = {}): Promise<T> {
  const envelope = (await core.dispatch(channel, input)) as Envelope<T>;
  if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.code} ${envelope.error.message}`);
  return envelope.value;
}

/** Every file and folder under `root` (root included) with its permission bits; links as such. */
function modesUnder(root: string): Map<string, number | 'link'> {
  const modes = new Map<string, number | 'link'>();
  const walk = (path: string): void => {
    const stat = lstatSync(path);
    modes.set(relative(root, path) || '.', stat.isSymbolicLink() ? 'link' : stat.mode & 0o777);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(root);
  return modes;
}

/** The entries under `root` that are not owner-only: [] when every file is 0600 and folder 0700. */
function notPrivate(root: string): string[] {
  const wrong: string[] = [];
  for (const [path, mode] of modesUnder(root)) {
    if (mode === 'link') continue;
    const folder = lstatSync(join(root, path)).isDirectory();
    if (mode !== (folder ? 0o700 : 0o600)) wrong.push(`${path} ${mode.toString(8)}`);
  }
  return wrong;
}

/** A workspace with a bit of everything: synced (templates too), exported, backed up. */
async function busyWorkspace(dir: string): Promise<{ core: Core; chosenExports: string }> {
  const core = createCore(configOf(dir));
  const summary = await value<{ outcome: string; datasets: Array<{ dataset: string }> }>(
    core,
    'sync:run',
    {},
  );
  expect(summary.outcome).toBe('succeeded');
  const chosenExports = join(temp.dir, 'chosen');
  mkdirSync(chosenExports);
  for (const format of ['csv', 'xlsx'] as const) {
    const chosen = await runExport(core, {
      request: { table: 'transfers' },
      format,
      destination: join(chosenExports, `transfers.${format}`),
    });
    expect(chosen.finished.outcome).toBe('done');
    // No destination: the browser shell's way, into <workspace>/exports/.
    const shell = await runExport(core, { request: { table: 'balances' }, format });
    expect(shell.finished.outcome).toBe('done');
  }
  await backupWorkspace({ workspaceDir: dir });
  return { core, chosenExports };
}

describe.runIf(posix)('files FloatDesk creates', () => {
  it('are owner-only after a sync, exports (CSV, XLSX), backups and template downloads', async () => {
    const dir = join(temp.dir, 'books');
    const { core, chosenExports } = await busyWorkspace(dir);
    try {
      const modes = modesUnder(dir);
      // What there is to check, so the test cannot pass on an empty folder.
      for (const expected of [
        'ledger.sqlite',
        'ledger.sqlite-wal',
        'ledger.sqlite-shm',
        'logs/floatdesk.log',
        'backups',
        'exports',
      ])
        expect(modes.has(expected), expected).toBe(true);
      const names = [...modes.keys()];
      expect(names.filter((name) => /^templates\/.+\.zip$/.test(name)).length).toBeGreaterThan(5);
      expect(names.filter((name) => /^backups\/ledger-.+\.sqlite$/.test(name))).toHaveLength(1);
      expect(names.filter((name) => /^exports\/.+\.(csv|xlsx)$/.test(name))).toHaveLength(2);
      expect(notPrivate(dir)).toEqual([]);
      expect(modesUnder(chosenExports)).toEqual(
        new Map<string, number>([
          ['.', 0o777 & ~process.umask()],
          ['transfers.csv', 0o600],
          ['transfers.xlsx', 0o600],
        ]),
      );
    } finally {
      await core.close();
    }
  });

  it('are owner-only after floatdesk backup and floatdesk export --out', async () => {
    const dir = join(temp.dir, 'books');
    await createCore(configOf(dir)).close();
    const backup = runCli(['backup', '--workspace', dir]);
    expect(backup.status).toBe(0);
    const copies = join(temp.dir, 'copies', 'deep');
    const chosen = runCli(['backup', '--workspace', dir, '--to', join(copies, 'friday.sqlite')]);
    expect(chosen.status).toBe(0);
    const out = join(temp.dir, 'balances.xlsx');
    const exported = runCli(['export', 'balances', '--format', 'xlsx', '--out', out, '--workspace', dir]);
    expect(exported.status).toBe(0);
    expect(notPrivate(dir)).toEqual([]);
    // Folders the backup created on the way to --to are private too; the file is.
    expect(notPrivate(join(temp.dir, 'copies'))).toEqual([]);
    expect(lstatSync(out).mode & 0o777).toBe(0o600);
  });

  it("include the data home's own files, the demo and a new workspace", async () => {
    const home = join(temp.dir, 'home');
    const outside = join(temp.dir, 'elsewhere');
    // Opened with --workspace: remembered in workspaces.json, last opened in settings.json.
    const host = createCoreHost({ ...configOf(outside), shell: 'browser' }, { dataHome: home });
    try {
      await value(host, 'workspaces:create', { name: 'Acme', baseUrl: 'https://sandbox.example/api/v2' });
      await value(host, 'workspaces:switch', { dir: demoWorkspaceDir(home) });
      const modes = modesUnder(home);
      for (const expected of [
        'settings.json',
        'workspaces.json',
        'workspaces',
        'workspaces/demo/ledger.sqlite',
        'workspaces/acme/ledger.sqlite',
      ])
        expect(modes.has(expected), expected).toBe(true);
      expect(notPrivate(home)).toEqual([]);
      expect(notPrivate(outside)).toEqual([]);
    } finally {
      await host.close();
    }
  });
});

describe.runIf(posix)('a workspace an older FloatDesk left readable by others', () => {
  /** What an older FloatDesk left: every file 0644, every folder 0755. */
  function widen(root: string): void {
    for (const [path, mode] of modesUnder(root)) {
      if (mode === 'link') continue;
      const full = join(root, path);
      chmodSync(full, lstatSync(full).isDirectory() ? 0o755 : 0o644);
    }
  }
  const notices = async (core: Core) =>
    (await value<{ notifications: AppNotification[] }>(core, 'notifications:list', {})).notifications.filter(
      (notification) => notification.kind === 'files_made_private',
    );

  it('is narrowed when it opens, the person’s own files left alone, with one notice saying what', async () => {
    const dir = join(temp.dir, 'books');
    const { core } = await busyWorkspace(dir);
    await core.close();
    widen(dir);
    writeFileSync(join(dir, 'notes.txt'), 'mine', { mode: 0o644 });
    const outsideFile = join(temp.dir, 'shared.txt');
    writeFileSync(outsideFile, 'shared', { mode: 0o644 });
    symlinkSync(outsideFile, join(dir, 'templates', 'shared-link'));
    const templateFiles = [...modesUnder(join(dir, 'templates')).keys()].length - 2; // less '.', the link

    const reopened = createCore(configOf(dir));
    try {
      expect(notPrivate(dir).filter((entry) => !entry.startsWith('notes.txt'))).toEqual([]);
      expect(lstatSync(join(dir, 'notes.txt')).mode & 0o777).toBe(0o644);
      expect(lstatSync(outsideFile).mode & 0o777).toBe(0o644);
      const [notice, ...more] = await notices(reopened);
      expect(more).toEqual([]);
      expect(notice).toMatchObject({ title: 'Workspace files made private', readAt: null });
      expect(notice?.message).toMatch(/^Other users of this computer could read the workspace folder, /);
      for (const phrase of [
        'ledger.sqlite',
        'backups/ (with 1 item in it)',
        'exports/ (with 2 items in it)',
        `templates/ (with ${templateFiles.toLocaleString('en-GB')} items in it)`,
        'logs/ (with 1 item in it)',
      ])
        expect(notice?.message).toContain(phrase);
      expect(notice?.message).toMatch(/FloatDesk has made them readable by you only\.$/);
      expect(notice?.message).not.toContain('notes.txt');
    } finally {
      await reopened.close();
    }
    // Nothing left to narrow: no second notice.
    const again = createCore(configOf(dir));
    try {
      expect(await notices(again)).toHaveLength(1);
    } finally {
      await again.close();
    }
  });

  it("says the data home's files in the same notice when the app opens", async () => {
    const home = join(temp.dir, 'home');
    const dir = join(home, 'workspaces', 'demo');
    const demo: CoreConfig = {
      workspaceDir: dir,
      workspaceName: 'Demo workspace',
      workspaceKind: 'demo',
      shell: 'browser',
      appVersion: 'test',
      changePollMs: 0,
    };
    await createCoreHost(demo, { dataHome: home }).close();
    widen(home);
    const host = createCoreHost(demo, { dataHome: home });
    try {
      expect(notPrivate(home)).toEqual([]);
      const [notice, ...more] = await notices(host);
      expect(more).toEqual([]);
      expect(notice?.message).toContain("FloatDesk's data folder");
      expect(notice?.message).toContain('settings.json');
      expect(notice?.message).toContain('the workspace folder');
      expect(notice?.message).toContain('ledger.sqlite');
    } finally {
      await host.close();
    }
  });
});
