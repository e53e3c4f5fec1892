// A ledger file that is not a FloatDesk ledger, is from a newer FloatDesk, or is damaged gets a
// clear message from every way in (openLedger, the core, the CLI), and is never modified: the file
// is compared byte for byte afterwards, and no -wal/-shm is left beside a file that had none.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOATDESK_APPLICATION_ID, openLedger } from '../../src/main/core/ledger/db';
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from '../../src/main/core/ledger/migrations';
import { migrate } from '../../src/main/core/ledger/migrate';
import { FloatsRepository } from '../../src/main/core/ledger/repositories/floats';
import { WorkspacesRepository } from '../../src/main/core/ledger/repositories/workspaces';
import { createCore } from '../../src/main/core/services';
import { assertBuilt, runCli } from '../helpers/cli';
import { contentChecksum, coreConfig, corruptMiddlePage, seedLedger } from '../helpers/ledger-safety-fixture';
import { flipIndexKeys } from '../helpers/index-damage';
import { makeTempDir } from '../helpers/temp-dir';
import { thrownAppError } from '../helpers/app-error';

let temp: ReturnType<typeof makeTempDir>;
/** A healthy, migrated WAL ledger with enough rows to have many pages. */
let pristine: string;
let caseNumber = 0;

beforeAll(() => {
  assertBuilt();
  temp = makeTempDir();
  pristine = seedLedger(join(temp.dir, 'pristine'), 300);
});
afterAll(() => temp?.cleanup());

/** Deterministic "random" bytes (a linear congruential generator), so a failure can be replayed. */
function noise(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed >>> 0;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

function sqliteFile(path: string, sql: string): void {
  const db = new Database(path);
  db.exec(sql);
  db.close();
}

const NOT_OURS =
  /^.+ledger\.sqlite is not a FloatDesk ledger\. FloatDesk did not change it\. Choose a FloatDesk workspace folder\.$/;
const UNREADABLE =
  /^The ledger file is damaged or is not a FloatDesk ledger: .+ledger\.sqlite\. FloatDesk did not change it\. Restore it from a backup with "floatdesk restore --from <backup file>", or choose a FloatDesk workspace folder\.$/;
const DAMAGED =
  /^The ledger is damaged \(.+ found in .+ledger\.sqlite\)\. Restore it from a backup with "floatdesk restore --from <backup file>"\.$/;
const TOO_NEW = /^This ledger was written by a newer FloatDesk \(schema \d+;.*Update FloatDesk to open it\./;

interface HostileCase {
  name: string;
  /** Writes `<dir>/ledger.sqlite`. */
  make: (ledger: string) => void;
  code: string;
  message: RegExp;
  /** openLedger itself refuses (a clean WAL ledger's damage is found by the core's check instead). */
  openRefuses: boolean;
}

const CASES: HostileCase[] = [
  {
    name: 'random bytes',
    make: (ledger) => writeFileSync(ledger, noise(64 * 1024, 42)),
    code: 'ledger_corrupt',
    message: UNREADABLE,
    openRefuses: true,
  },
  {
    name: 'a text file',
    make: (ledger) =>
      writeFileSync(ledger, 'date,amount,reference\n2026-11-02,1250.00,FDR1\n'.repeat(200), 'utf8'),
    code: 'ledger_corrupt',
    message: UNREADABLE,
    openRefuses: true,
  },
  {
    name: 'a file with a SQLite header and garbage after it',
    make: (ledger) =>
      writeFileSync(ledger, Buffer.concat([Buffer.from('SQLite format 3\0', 'latin1'), noise(8192, 7)])),
    code: 'ledger_corrupt',
    message: UNREADABLE,
    openRefuses: true,
  },
  {
    name: 'a truncated ledger',
    make: (ledger) => {
      copyFileSync(pristine, ledger);
      truncateSync(ledger, Math.floor(statSync(ledger).size * 0.6));
    },
    code: 'ledger_corrupt',
    message: new RegExp(`${DAMAGED.source}|${UNREADABLE.source}`),
    openRefuses: false,
  },
  {
    name: 'a ledger with a damaged page',
    make: (ledger) => {
      copyFileSync(pristine, ledger);
      corruptMiddlePage(ledger, { header: true });
    },
    code: 'ledger_corrupt',
    message: DAMAGED,
    openRefuses: false,
  },
  {
    name: 'a damaged ledger copy not in WAL mode (switching it would write the header)',
    make: (ledger) => {
      const source = new Database(pristine, { readonly: true });
      source.exec(`VACUUM INTO '${ledger.replaceAll("'", "''")}'`);
      source.close();
      corruptMiddlePage(ledger, { header: false });
    },
    code: 'ledger_corrupt',
    message: DAMAGED,
    openRefuses: true,
  },
  {
    name: 'a foreign SQLite database with tables',
    make: (ledger) =>
      sqliteFile(
        ledger,
        "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes VALUES (1, 'hi');",
      ),
    code: 'invalid_input',
    message: NOT_OURS,
    openRefuses: true,
  },
  {
    name: 'a foreign database at user_version 5',
    make: (ledger) => sqliteFile(ledger, 'CREATE TABLE items (x TEXT); PRAGMA user_version = 5;'),
    code: 'invalid_input',
    message: NOT_OURS,
    openRefuses: true,
  },
  {
    name: 'a foreign database with only a user_version',
    make: (ledger) => sqliteFile(ledger, 'PRAGMA user_version = 5;'),
    code: 'invalid_input',
    message: NOT_OURS,
    openRefuses: true,
  },
  {
    name: "another application's database with FloatDesk's table names",
    make: (ledger) => {
      const db = new Database(ledger);
      migrate(db, MIGRATIONS);
      db.pragma('application_id = 1598903374'); // Fossil's
      db.pragma('journal_mode = DELETE');
      db.close();
    },
    code: 'invalid_input',
    message: NOT_OURS,
    openRefuses: true,
  },
  {
    name: 'a ledger from a newer FloatDesk',
    make: (ledger) => {
      copyFileSync(pristine, ledger);
      sqliteFile(ledger, `PRAGMA user_version = ${LATEST_SCHEMA_VERSION + 1};`);
    },
    code: 'ledger_too_new',
    message: TOO_NEW,
    openRefuses: true,
  },
  {
    name: 'a ledger from a newer FloatDesk, not in WAL mode',
    make: (ledger) => {
      sqliteFile(
        ledger,
        `CREATE TABLE workspaces (id INTEGER PRIMARY KEY); PRAGMA application_id = ${FLOATDESK_APPLICATION_ID}; PRAGMA user_version = ${LATEST_SCHEMA_VERSION + 4};`,
      );
    },
    code: 'ledger_too_new',
    message: TOO_NEW,
    openRefuses: true,
  },
];

function sideFiles(ledger: string): string[] {
  return ['-wal', '-shm', '-journal'].filter((suffix) => existsSync(`${ledger}${suffix}`));
}

/** A read-only connection to a WAL database leaves an empty -wal and its -shm index: harmless. */
function walBytes(ledger: string): number {
  return existsSync(`${ledger}-wal`) ? statSync(`${ledger}-wal`).size : 0;
}

describe('hostile ledger files', () => {
  it.each(CASES)(
    '$name: a clear message from openLedger, the core and the CLI; the file unchanged',
    (hostile) => {
      const workspace = join(temp.dir, `case-${++caseNumber}`);
      mkdirSync(workspace, { recursive: true });
      const ledger = join(workspace, 'ledger.sqlite');
      hostile.make(ledger);
      const before = readFileSync(ledger);
      const sidesBefore = sideFiles(ledger);

      if (hostile.openRefuses) {
        const opened = thrownAppError(() => openLedger(ledger, { maxSchemaVersion: LATEST_SCHEMA_VERSION }));
        expect({ code: opened.code, message: opened.message }).toEqual({
          code: hostile.code,
          message: expect.stringMatching(hostile.message),
        });
      }

      const core = thrownAppError(() => createCore(coreConfig(workspace)));
      expect({ code: core.code, message: core.message }).toEqual({
        code: hostile.code,
        message: expect.stringMatching(hostile.message),
      });
      expect(core.details?.path).toBe(ledger);

      const cli = runCli(['status', '--workspace', workspace], { FLOATDESK_HOME: join(temp.dir, 'home') });
      expect(cli.status).toBe(1);
      const said = /^floatdesk: (.+) \[([a-z_]+)\]$/m.exec(cli.stderr);
      expect({ code: said?.[2], message: said?.[1] }, cli.stderr).toEqual({
        code: hostile.code,
        message: expect.stringMatching(hostile.message),
      });

      expect(readFileSync(ledger).equals(before)).toBe(true);
      // Nothing pending that a later open would write into the file.
      expect(walBytes(ledger)).toBe(0);
      // A file that is not a WAL database (byte 18 of a SQLite header is 2 in WAL mode) gets no side files.
      if (before[18] !== 2) expect(sideFiles(ledger)).toEqual(sidesBefore);
    },
  );

  it('initialises a zero-length ledger file in a new folder: SQLite leaves exactly that when FloatDesk stops before its first migration', () => {
    const workspace = join(temp.dir, 'zero-length');
    mkdirSync(workspace, { recursive: true });
    const ledger = join(workspace, 'ledger.sqlite');
    writeFileSync(ledger, '');
    createCore(coreConfig(workspace)).close();
    const db = openLedger(ledger, { maxSchemaVersion: LATEST_SCHEMA_VERSION });
    expect(db.pragma('application_id', { simple: true })).toBe(FLOATDESK_APPLICATION_ID);
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
    db.close();
  });

  it('opens a FloatDesk ledger from before the application id (0) and marks it on upgrade', () => {
    // A ledger as FloatDesk wrote it before the application id: the steps before that one only.
    const workspace = join(temp.dir, 'before-0013');
    mkdirSync(workspace, { recursive: true });
    const ledger = join(workspace, 'ledger.sqlite');
    const beforeApplicationId = MIGRATIONS.findIndex((step) => step.name === 'application-id');
    const old = openLedger(ledger);
    migrate(old, MIGRATIONS.slice(0, beforeApplicationId));
    const workspaceId = new WorkspacesRepository(old).ensure({
      name: 'Books',
      kind: 'platform',
      baseUrl: 'http://127.0.0.1:9/api/v2',
      now: '2026-01-01T00:00:00.000Z',
    }).id;
    for (let round = 0; round < 3; round++) {
      const at = new Date(Date.UTC(2026, 0, 1) + round * 3600_000).toISOString();
      new FloatsRepository(old).recordSnapshots(
        workspaceId,
        ['GBP', 'EUR', 'USD'].map((currency) => ({
          currency,
          name: 'Main',
          available: `${1000 + round}.25`,
          pending: '0',
          platformRefreshedAt: at,
        })),
        at,
      );
    }
    old.close();
    sqliteFile(ledger, 'PRAGMA application_id = 0;');
    createCore(coreConfig(workspace)).close();
    const db = openLedger(ledger, { readonly: true });
    expect(db.pragma('application_id', { simple: true })).toBe(FLOATDESK_APPLICATION_ID);
    expect(db.prepare('SELECT count(*) FROM balance_snapshots').pluck().get()).toBe(9);
    db.close();
  });
});

/**
 * A workspace that was in use (the core opened it, so it is marked, logged and migrated), then
 * damaged by `damage`: the ledger emptied, index keys flipped (the quick check misses that), or
 * written by a newer FloatDesk. Every command refuses it and leaves the file as it was.
 */
interface DamagedCase {
  name: string;
  damage: (ledger: string) => void;
  code: string;
  message: RegExp;
  /** `restore --from` a copy of the damaged file: why it is refused. */
  asBackup: { code: string; message: RegExp };
  /** What `backup` says, when it is not `message` (it checks its copy, and says so). */
  backupMessage?: RegExp;
}

const DAMAGED_CASES: DamagedCase[] = [
  {
    name: 'a zero-length ledger',
    damage: (ledger) => truncateSync(ledger, 0),
    code: 'ledger_missing',
    message:
      /^This workspace's ledger is empty \(0 bytes\): .+ledger\.sqlite\. FloatDesk did not create a new, empty one in its place\. Restore it from a backup with "floatdesk restore --from <backup file>"\.$/,
    asBackup: { code: 'invalid_input', message: /is not a FloatDesk ledger backup\. Choose another file\.$/ },
  },
  {
    name: 'a ledger with index keys flipped',
    damage: (ledger) => flipIndexKeys(ledger),
    code: 'ledger_corrupt',
    message: DAMAGED,
    asBackup: { code: 'ledger_corrupt', message: /^The backup .+ is damaged\. Choose another backup\.$/ },
    backupMessage:
      /^The backup copy failed its integrity check, so the ledger itself is damaged: .+ledger\.sqlite\. Restore an earlier backup with "floatdesk restore --from <backup file>"\.$/,
  },
  {
    name: 'a ledger from a newer FloatDesk',
    damage: (ledger) => sqliteFile(ledger, `PRAGMA user_version = ${LATEST_SCHEMA_VERSION + 1};`),
    code: 'ledger_too_new',
    message: TOO_NEW,
    asBackup: { code: 'ledger_too_new', message: TOO_NEW },
  },
];

/** Every command that opens a workspace's ledger, as a person would type it. */
function commands(workspace: string, out: string, backupOf: string): Array<[string, string[]]> {
  return [
    ['status', ['status', '--workspace', workspace]],
    ['floats', ['floats', '--workspace', workspace]],
    ['sync', ['sync', '--workspace', workspace, '--only', 'floats']],
    ['backup', ['backup', '--workspace', workspace, '--to', join(out, 'copy.sqlite')]],
    [
      'export',
      ['export', 'balances', '--workspace', workspace, '--format', 'csv', '--out', join(out, 'b.csv')],
    ],
    ['reconcile run', ['reconcile', 'run', '--workspace', workspace]],
    ['audit verify', ['audit', 'verify', '--workspace', workspace]],
    [
      'restore (of the damaged file)',
      ['restore', '--workspace', backupOf, '--from', join(workspace, 'ledger.sqlite')],
    ],
  ];
}

function saidOnStderr(stderr: string): { code: string | undefined; message: string | undefined } {
  const said = /^floatdesk: (.+) \[([a-z_]+)\]$/.exec(stderr.trimEnd());
  return { code: said?.[2], message: said?.[1] };
}

describe('damaged ledgers in a workspace that was in use', () => {
  it.each(DAMAGED_CASES)(
    '$name: refused unchanged by every command, backup and restore included',
    (damaged) => {
      const workspace = join(temp.dir, `damaged-${++caseNumber}`);
      const ledger = seedLedger(workspace, 300);
      damaged.damage(ledger);
      const before = readFileSync(ledger);
      const out = join(temp.dir, `out-${caseNumber}`);
      mkdirSync(out);
      const healthy = join(temp.dir, `healthy-${caseNumber}`);
      const healthyLedger = seedLedger(healthy, 3);
      const healthyBefore = contentChecksum(healthyLedger);
      const env = {
        FLOATDESK_HOME: join(temp.dir, 'home'),
        FLOATDESK_API_KEY: 'key',
        FLOATDESK_API_SECRET: 'secret',
      };

      for (const [command, args] of commands(workspace, out, healthy)) {
        const result = runCli(args, env);
        const expected = command.startsWith('restore')
          ? damaged.asBackup
          : command === 'backup'
            ? { code: damaged.code, message: damaged.backupMessage ?? damaged.message }
            : damaged;
        expect({ command, status: result.status, stdout: result.stdout }).toEqual({
          command,
          status: 1,
          stdout: '',
        });
        expect({ command, ...saidOnStderr(result.stderr) }, result.stderr).toEqual({
          command,
          code: expected.code,
          message: expect.stringMatching(expected.message),
        });
        expect(readFileSync(ledger).equals(before), `${command} changed the ledger`).toBe(true);
        expect(walBytes(ledger), `${command} left changes for the ledger in its -wal`).toBe(0);
      }
      expect(readdirSync(out)).toEqual([]);
      expect(contentChecksum(healthyLedger)).toBe(healthyBefore);
    },
  );

  it('a missing ledger is refused with ledger_missing and the newest backup named; nothing is created', () => {
    const workspace = join(temp.dir, 'missing');
    const ledger = seedLedger(workspace, 3);
    const made = runCli(['backup', '--workspace', workspace]);
    expect(made.status).toBe(0);
    rmSync(ledger);
    const error = thrownAppError(() => createCore(coreConfig(workspace)));
    expect(error.code).toBe('ledger_missing');
    expect(error.message).toBe(
      `This workspace's ledger is missing: ${ledger}. FloatDesk did not create a new, empty one in its place. Restore it from a backup with "floatdesk restore --from <backup file>". The newest backup in this workspace is ${made.stdout.trim()}.`,
    );
    expect(existsSync(ledger)).toBe(false);

    // The hint works: the backup comes back and the workspace opens again.
    const restored = runCli(['restore', '--workspace', workspace, '--from', made.stdout.trim()]);
    expect(restored.status, restored.stderr).toBe(0);
    createCore(coreConfig(workspace)).close();
  });

  it('an emptied ledger comes back with restore, and the workspace opens with its data', () => {
    const workspace = join(temp.dir, 'emptied');
    const ledger = seedLedger(workspace, 40);
    const content = contentChecksum(ledger);
    const made = runCli(['backup', '--workspace', workspace]);
    truncateSync(ledger, 0);
    const restored = runCli(['restore', '--workspace', workspace, '--from', made.stdout.trim()]);
    expect(restored.status, restored.stderr).toBe(0);
    expect(runCli(['status', '--workspace', workspace]).status).toBe(0);
    expect(contentChecksum(ledger)).toBe(content);
  });
});
