import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupWorkspace } from '../../src/main/core/ledger/backup';
import { openLedger } from '../../src/main/core/ledger/db';
import { findIntegrityProblems } from '../../src/main/core/ledger/integrity';
import { LATEST_SCHEMA_VERSION } from '../../src/main/core/ledger/migrations';
import { restoreWorkspace } from '../../src/main/core/ledger/restore';
import { createCore } from '../../src/main/core/services';
import type { AppError } from '../../src/shared/ipc/errors';
import { HOLD_SYNC_LOCK, KEEP_OPEN, KEEP_WRITING, startLedgerChild } from '../helpers/ledger-child';
import {
  contentChecksum,
  coreConfig,
  corruptMiddlePage,
  fileDigest,
  seedLedger,
} from '../helpers/ledger-safety-fixture';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let workspace: string;
let ledgerPath: string;
const at = (iso: string) => () => new Date(iso);

beforeEach(() => {
  temp = makeTempDir();
  workspace = join(temp.dir, 'books');
  ledgerPath = join(workspace, 'ledger.sqlite');
});
afterEach(() => temp.cleanup());

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a rejection');
}

const sidecars = (path: string): string[] =>
  ['-wal', '-shm', '-journal'].filter((suffix) => existsSync(`${path}${suffix}`));

describe('backup', () => {
  it('writes a checked, self-contained copy to backups/ledger-<UTC time>.sqlite, never over another', async () => {
    seedLedger(workspace);
    const clock = at('2026-11-22T09:00:00.000Z');
    const first = await backupWorkspace({ workspaceDir: workspace, clock });
    expect(first.path).toBe(join(workspace, 'backups', 'ledger-20261122-090000.sqlite'));
    expect(first.schemaVersion).toBe(LATEST_SCHEMA_VERSION);
    const second = await backupWorkspace({ workspaceDir: workspace, clock });
    expect(second.path).toBe(join(workspace, 'backups', 'ledger-20261122-090000-2.sqlite'));
    expect(readdirSync(join(workspace, 'backups')).sort()).toEqual([
      'ledger-20261122-090000-2.sqlite',
      'ledger-20261122-090000.sqlite',
    ]);
    const copy = new Database(first.path, { readonly: true });
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    copy.close();
    expect(contentChecksum(first.path)).toBe(contentChecksum(ledgerPath));
  });

  it('writes to --to, refuses an existing file and a workspace without a ledger', async () => {
    seedLedger(workspace, 2);
    const target = join(temp.dir, 'elsewhere', 'monday.sqlite');
    expect((await backupWorkspace({ workspaceDir: workspace, to: target })).path).toBe(target);
    const existing = await rejection(backupWorkspace({ workspaceDir: workspace, to: target }));
    expect(existing).toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/already exists/),
    });
    const none = await rejection(backupWorkspace({ workspaceDir: join(temp.dir, 'empty') }));
    expect(none).toMatchObject({ code: 'not_found', message: expect.stringMatching(/no ledger to back up/) });
    expect(existsSync(join(temp.dir, 'empty'))).toBe(false);
  });

  it('is a consistent snapshot while another process keeps committing', async () => {
    seedLedger(workspace, 50);
    const raw = new Database(ledgerPath);
    raw.exec(
      'CREATE TABLE writer_log (batch INTEGER NOT NULL, n INTEGER NOT NULL, pad TEXT NOT NULL) STRICT',
    );
    raw.close();
    const writer = await startLedgerChild(KEEP_WRITING, [ledgerPath]);
    const batches: number[] = [];
    try {
      for (let i = 0; i < 4; i++) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        const { path } = await backupWorkspace({
          workspaceDir: workspace,
          to: join(temp.dir, `b${i}.sqlite`),
        });
        const copy = new Database(path, { readonly: true });
        expect(findIntegrityProblems(copy, { full: true })).toEqual([]);
        const torn = copy.prepare('SELECT batch FROM writer_log GROUP BY batch HAVING count(*) <> 20').all();
        expect(torn).toEqual([]);
        const { count, last } = copy
          .prepare<[], { count: number; last: number }>(
            'SELECT count(DISTINCT batch) AS count, max(batch) AS last FROM writer_log',
          )
          .get()!;
        expect(count).toBe(last + 1);
        batches.push(count);
        copy.close();
      }
    } finally {
      await writer.kill();
    }
    // The writer really was committing while the backups were taken.
    expect(batches[3]! - batches[0]!).toBeGreaterThan(10);
  });
});

describe('restore', () => {
  it('replaces the ledger with the backup and keeps the old one beside it', async () => {
    seedLedger(workspace, 20);
    const { path: backup } = await backupWorkspace({ workspaceDir: workspace });
    seedLedger(workspace, 20, 20);
    const backupContents = contentChecksum(backup);
    const currentContents = contentChecksum(ledgerPath);
    expect(currentContents).not.toBe(backupContents);

    const result = await restoreWorkspace({
      workspaceDir: workspace,
      from: backup,
      clock: at('2026-11-22T10:00:00Z'),
    });
    expect(result).toEqual({
      ledgerPath,
      restoredFrom: backup,
      previousKeptAs: `${ledgerPath}.before-restore-20261122-100000`,
      schemaVersion: LATEST_SCHEMA_VERSION,
    });
    expect(sidecars(ledgerPath)).toEqual([]);
    expect(readdirSync(workspace).filter((name) => name.includes('restoring'))).toEqual([]);
    expect(contentChecksum(ledgerPath)).toBe(backupContents);
    expect(contentChecksum(result.previousKeptAs!)).toBe(currentContents);

    const core = createCore(coreConfig(workspace));
    const listed = await core.dispatch('floats:list', {});
    core.close();
    expect(listed).toMatchObject({
      ok: true,
      value: { floats: expect.arrayContaining([expect.anything()]) },
    });
    expect(JSON.stringify(listed)).toContain('1019.25');
    expect(JSON.stringify(listed)).not.toContain('1039.25');
  });

  it('restores into a workspace that has no ledger, and over a damaged one', async () => {
    seedLedger(workspace, 300);
    const { path: backup } = await backupWorkspace({ workspaceDir: workspace });
    const fresh = join(temp.dir, 'fresh');
    expect((await restoreWorkspace({ workspaceDir: fresh, from: backup })).previousKeptAs).toBeNull();
    expect(contentChecksum(join(fresh, 'ledger.sqlite'))).toBe(contentChecksum(backup));

    corruptMiddlePage(ledgerPath, { header: true });
    // Past the 100-byte file header, which restore changes (the kept copy leaves WAL mode).
    const damagedPages = fileDigest(ledgerPath, 100);
    expect(() => createCore(coreConfig(workspace))).toThrow(
      expect.objectContaining({ code: 'ledger_corrupt' }),
    );
    const result = await restoreWorkspace({ workspaceDir: workspace, from: backup });
    expect(fileDigest(result.previousKeptAs!, 100)).toBe(damagedPages);
    createCore(coreConfig(workspace)).close();
  });

  it('refuses a file that is not a ledger, a damaged backup and one from a newer FloatDesk, changing nothing', async () => {
    seedLedger(workspace, 300);
    const { path: backup } = await backupWorkspace({ workspaceDir: workspace });
    mkdirSync(join(temp.dir, 'bad'));
    const plain = join(temp.dir, 'bad', 'plain.sqlite');
    new Database(plain).exec('CREATE TABLE notes (x TEXT)');
    const text = join(temp.dir, 'bad', 'notes.txt');
    copyFileSync(join(import.meta.dirname, 'ledger-backup.test.ts'), text);
    const damaged = join(temp.dir, 'bad', 'damaged.sqlite');
    copyFileSync(backup, damaged);
    corruptMiddlePage(damaged);
    const newer = join(temp.dir, 'bad', 'newer.sqlite');
    copyFileSync(backup, newer);
    new Database(newer).pragma(`user_version = ${LATEST_SCHEMA_VERSION + 1}`);

    const before = fileDigest(ledgerPath);
    const cases: [string, string, RegExp][] = [
      [plain, 'invalid_input', /is not a FloatDesk ledger backup/],
      [text, 'invalid_input', /is not a FloatDesk ledger backup/],
      [damaged, 'ledger_corrupt', /is damaged\. Choose another backup/],
      [newer, 'ledger_too_new', /newer FloatDesk/],
      [join(temp.dir, 'missing.sqlite'), 'not_found', /no backup file/],
    ];
    for (const [from, code, message] of cases) {
      const error = await rejection(restoreWorkspace({ workspaceDir: workspace, from }));
      expect({ from, code: error.code }).toEqual({ from, code });
      expect(error.message).toMatch(message);
    }
    expect(fileDigest(ledgerPath)).toBe(before);
    // logs/ and ledger-state/ are the core's (written when seedLedger opened it), and the backup's
    // read-only connection leaves SQLite's -wal/-shm index of the WAL ledger: none is the restore's doing.
    const ours = new Set(['logs', 'ledger-state', 'ledger.sqlite-wal', 'ledger.sqlite-shm']);
    expect(
      readdirSync(workspace)
        .filter((name) => !ours.has(name))
        .sort(),
    ).toEqual(['backups', 'ledger.sqlite']);
  });

  it('is refused while another FloatDesk holds the sync lock, and goes ahead once that process is gone', async () => {
    seedLedger(workspace, 5);
    const syncer = await startLedgerChild(HOLD_SYNC_LOCK, [ledgerPath]);
    const before = contentChecksum(ledgerPath);
    // A backup may be taken during a sync; the copy carries no lock, since no process holds it.
    const { path: backup } = await backupWorkspace({ workspaceDir: workspace });
    const copy = new Database(backup, { readonly: true });
    expect(copy.prepare('SELECT count(*) FROM locks').pluck().get()).toBe(0);
    copy.close();
    try {
      const error = await rejection(restoreWorkspace({ workspaceDir: workspace, from: backup }));
      expect(error.code).toBe('ledger_busy');
      expect(error.message).toMatch(
        new RegExp(`^Another FloatDesk \\(sync started by cli, pid ${syncer.pid}, `),
      );
      expect(contentChecksum(ledgerPath)).toBe(before);
      expect(readdirSync(workspace).filter((name) => name.includes('restor'))).toEqual([]);
    } finally {
      await syncer.kill();
    }
    await restoreWorkspace({ workspaceDir: workspace, from: backup });
    expect(contentChecksum(ledgerPath)).toBe(contentChecksum(backup));
  });

  it('is refused while another process has the ledger open', async () => {
    seedLedger(workspace, 5);
    const { path: backup } = await backupWorkspace({ workspaceDir: workspace });
    seedLedger(workspace, 5, 5);
    const before = contentChecksum(ledgerPath);
    const app = await startLedgerChild(KEEP_OPEN, [ledgerPath]);
    try {
      const error = await rejection(
        restoreWorkspace({ workspaceDir: workspace, from: backup, busyTimeoutMs: 200 }),
      );
      expect(error).toMatchObject({
        code: 'ledger_busy',
        message:
          'The ledger is open in another FloatDesk (the app or a command). Close it, then restore again.',
      });
      expect(contentChecksum(ledgerPath)).toBe(before);
    } finally {
      await app.kill();
    }
    expect((await restoreWorkspace({ workspaceDir: workspace, from: backup })).previousKeptAs).not.toBeNull();
    const db = openLedger(ledgerPath);
    expect(findIntegrityProblems(db, { full: true })).toEqual([]);
    db.close();
  });
});
