// Every SQLite and file-system failure a person can meet gets its own code and a sentence saying
// what to do: real SQLite errors where SQLite can be made to raise them here, better-sqlite3's own
// SqliteError class for the codes that need a broken disk.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import {
  storageErrorOf,
  translateSqliteError,
  translateStorageError,
} from '../../src/main/core/ledger/storage-errors';
import { AppError, toErrorShape } from '../../src/shared/ipc/errors';

const dir = mkdtempSync(join(tmpdir(), 'floatdesk-storage-errors-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const LEDGER = join(dir, 'ledger.sqlite');

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

const sqlite = (code: string, message = code.toLowerCase()): Error => new Database.SqliteError(message, code);

describe('SQLite failures raised for real', () => {
  it('a database at its size limit (SQLITE_FULL) is a full disk, and nothing was half-written', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (x TEXT)');
    db.pragma('max_page_count = 3');
    const error = thrown(() => db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(20_000)));
    db.close();
    expect((error as { code: string }).code).toBe('SQLITE_FULL');
    expect(toErrorShape(translateStorageError(error, LEDGER))).toEqual({
      code: 'disk_full',
      message: `The disk is full: FloatDesk could not save the change to the ledger (${LEDGER}). Nothing was half-written. Free some space on that disk, then try again.`,
      details: { path: LEDGER, cause: expect.stringContaining('full') },
    });
  });

  it('a write while another connection holds the write lock (SQLITE_BUSY) is ledger_busy', () => {
    const path = join(dir, 'busy.sqlite');
    const holder = new Database(path);
    holder.exec('CREATE TABLE t (x); BEGIN IMMEDIATE; INSERT INTO t VALUES (1)');
    const other = new Database(path, { timeout: 0 });
    const error = thrown(() => other.exec('INSERT INTO t VALUES (2)'));
    holder.exec('ROLLBACK');
    holder.close();
    other.close();
    expect(translateSqliteError(error, path)).toMatchObject({
      code: 'ledger_busy',
      message: 'The ledger is busy with another FloatDesk process. Wait a moment and try again.',
    });
  });

  it('a write on a read-only connection (SQLITE_READONLY) is file_access, naming the file', () => {
    const path = join(dir, 'readonly.sqlite');
    new Database(path).exec('CREATE TABLE t (x)');
    const db = new Database(path, { readonly: true });
    const error = thrown(() => db.exec('INSERT INTO t VALUES (1)'));
    db.close();
    expect(translateSqliteError(error, path)).toMatchObject({
      code: 'file_access',
      message: expect.stringMatching(
        /^FloatDesk may not write .+readonly\.sqlite: the file or its folder is read-only.*Check its permissions, then try again\.$/,
      ),
    });
  });

  it('a ledger path that is a folder (SQLITE_CANTOPEN) is file_access', () => {
    const error = thrown(() => new Database(dir).pragma('user_version'));
    expect((error as { code: string }).code).toMatch(/^SQLITE_CANTOPEN/);
    expect(translateSqliteError(error, dir)).toMatchObject({
      code: 'file_access',
      message: expect.stringMatching(/^FloatDesk cannot open .+: the file or its folder is missing/),
    });
  });

  it('a file that is not a database (SQLITE_NOTADB) is ledger_corrupt with the restore hint', () => {
    const path = join(dir, 'text.sqlite');
    writeFileSync(path, 'date,amount\n'.repeat(400));
    const error = thrown(() => new Database(path).pragma('user_version'));
    expect(translateSqliteError(error, path)).toMatchObject({
      code: 'ledger_corrupt',
      message: expect.stringContaining(
        'Restore it from a backup with "floatdesk restore --from <backup file>"',
      ),
    });
  });
});

describe('codes that need a broken disk', () => {
  it.each([
    ['SQLITE_CORRUPT', 'ledger_corrupt'],
    ['SQLITE_CORRUPT_INDEX', 'ledger_corrupt'],
    ['SQLITE_CORRUPT_VTAB', 'ledger_corrupt'],
    ['SQLITE_IOERR_SHORT_READ', 'ledger_corrupt'],
    ['SQLITE_BUSY_SNAPSHOT', 'ledger_busy'],
    ['SQLITE_LOCKED_SHAREDCACHE', 'ledger_busy'],
    ['SQLITE_READONLY_DBMOVED', 'file_access'],
    ['SQLITE_READONLY_CANTLOCK', 'file_access'],
    ['SQLITE_CANTOPEN_ISDIR', 'file_access'],
    ['SQLITE_PERM', 'file_access'],
    ['SQLITE_AUTH', 'file_access'],
    ['SQLITE_IOERR_READ', 'file_access'],
  ])('%s becomes %s', (code, expected) => {
    const error = translateSqliteError(sqlite(code), LEDGER);
    expect(error.code).toBe(expected);
    expect(error.message).not.toMatch(/unexpected problem|internal/i);
    expect(error.details?.path).toBe(LEDGER);
  });

  it('a moved ledger says to reopen the workspace', () => {
    expect(translateSqliteError(sqlite('SQLITE_READONLY_DBMOVED'), LEDGER).message).toBe(
      `The ledger file was moved, replaced or deleted while FloatDesk had it open (${LEDGER}). Close FloatDesk and open the workspace again.`,
    );
  });

  it('a write error on a disk with room is a disk error; the same code with no room left is a full disk', () => {
    expect(translateSqliteError(sqlite('SQLITE_IOERR_WRITE'), LEDGER).code).toBe('file_access');
    // /proc (procfs) reports no free blocks at all, as a full disk does.
    const full = translateSqliteError(sqlite('SQLITE_IOERR_FSYNC'), '/proc/self/ledger.sqlite');
    expect(full.code).toBe('disk_full');
  });

  it('what could not be done is said when the caller knows it', () => {
    expect(storageErrorOf(sqlite('SQLITE_FULL'), '/backups/b.sqlite', 'write the backup')?.message).toBe(
      'The disk is full: FloatDesk could not write the backup (/backups/b.sqlite). Nothing was half-written. Free some space on that disk, then try again.',
    );
  });

  it('a SQLite error that is no storage problem stays internal (a programming error) with its cause', () => {
    expect(storageErrorOf(sqlite('SQLITE_CONSTRAINT_CHECK'), LEDGER)).toBeUndefined();
    expect(translateSqliteError(sqlite('SQLITE_CONSTRAINT_CHECK'), LEDGER).code).toBe('internal');
  });
});

describe('file-system failures', () => {
  const fsError = (code: string, path?: string): Error =>
    Object.assign(new Error(`${code}: failed`), { code, ...(path ? { path } : {}) });

  it('no space (ENOSPC, EDQUOT) is disk_full naming the file, without promising a rollback', () => {
    for (const code of ['ENOSPC', 'EDQUOT']) {
      const shape = toErrorShape(translateStorageError(fsError(code, '/data/out.csv'), LEDGER));
      expect(shape).toMatchObject({
        code: 'disk_full',
        message:
          'The disk is full: FloatDesk could not write a file (/data/out.csv). Free some space on that disk, then try again.',
      });
    }
  });

  it('no permission or a read-only disk (EACCES, EPERM, EROFS) is file_access', () => {
    for (const code of ['EACCES', 'EPERM', 'EROFS'])
      expect(storageErrorOf(fsError(code, '/data/x'), LEDGER)?.code).toBe('file_access');
  });

  it('anything else, and an AppError, passes unchanged', () => {
    const other = fsError('ENOENT');
    expect(translateStorageError(other, LEDGER)).toBe(other);
    const app = new AppError('not_found', 'gone');
    expect(translateStorageError(app, LEDGER)).toBe(app);
    const plain = new Error('boom');
    expect(translateStorageError(plain, LEDGER)).toBe(plain);
  });

  it('without a known file the sentences still read well', () => {
    expect(translateSqliteError(sqlite('SQLITE_FULL'), '').message).toBe(
      'The disk is full: FloatDesk could not save the change to the ledger. Nothing was half-written. Free some space on that disk, then try again.',
    );
  });
});
