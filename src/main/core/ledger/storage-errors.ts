/**
 * What SQLite and the file system say when storage fails, in the words of the error taxonomy: disk
 * full, busy, damaged, read-only or unreadable — each with what to do. Every place where an error
 * leaves the core for a person (the handler registry, a sync's dataset results, an export's outcome,
 * the CLI) passes it through `translateStorageError`, so no SQLite code reaches anyone as "internal".
 */
import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { AppError } from '../../../shared/ipc/errors';

/**
 * Below this much free space, a write or sync error of the disk is taken for a full disk: SQLite
 * reports ENOSPC on fsync and on some writes as a plain I/O error.
 */
const NEARLY_FULL_BYTES = 1024 * 1024;

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A SqliteError from better-sqlite3 (its code is SQLITE_<primary>[_<extended>]). */
export function isSqliteError(error: unknown): boolean {
  return codeOf(error)?.startsWith('SQLITE_') ?? false;
}

/** SQLite's primary result code: SQLITE_IOERR_WRITE → SQLITE_IOERR. */
function primaryCode(code: string): string {
  const [, primary = ''] = /^(SQLITE_[A-Z]+)/.exec(code) ?? [];
  return primary;
}

const DAMAGE = new Set(['SQLITE_IOERR_SHORT_READ', 'SQLITE_IOERR_CORRUPTFS', 'SQLITE_NOTADB']);
const NO_SPACE_ERRNO = new Set(['ENOSPC', 'EDQUOT']);
const NO_ACCESS_ERRNO = new Set(['EACCES', 'EPERM', 'EROFS']);
/** Write-side I/O errors that are a full disk when the disk has (almost) no space left. */
const WRITE_IOERR = new Set([
  'SQLITE_IOERR_WRITE',
  'SQLITE_IOERR_FSYNC',
  'SQLITE_IOERR_DIR_FSYNC',
  'SQLITE_IOERR_TRUNCATE',
  'SQLITE_IOERR_SHMSIZE',
  'SQLITE_IOERR',
]);

function diskNearlyFull(path: string): boolean {
  try {
    const stats = statfsSync(dirname(path));
    return stats.bavail * stats.bsize < NEARLY_FULL_BYTES;
  } catch {
    return false;
  }
}

/** " (<path>)", or nothing when the caller does not know the file. */
const where = (path: string): string => (path === '' ? '' : ` (${path})`);

/**
 * `rolledBack`: SQLite undid the transaction that failed, so nothing was half-written; a plain file
 * write is its own writer's to clean up, and the sentence does not promise it.
 */
export function diskFull(
  path: string,
  cause: unknown,
  what: string = 'save the change to the ledger',
  rolledBack = true,
): AppError {
  const undone = rolledBack ? ' Nothing was half-written.' : '';
  return new AppError(
    'disk_full',
    `The disk is full: FloatDesk could not ${what}${where(path)}.${undone} Free some space on that disk, then try again.`,
    { path, cause: String(cause) },
  );
}

export function ledgerBusy(path: string, cause: unknown): AppError {
  return new AppError(
    'ledger_busy',
    'The ledger is busy with another FloatDesk process. Wait a moment and try again.',
    { path, cause: String(cause) },
  );
}

/** SQLite cannot read the file as a database (at open, or a broken page met in use: the change is rolled back). */
export function ledgerUnreadable(path: string, cause: unknown): AppError {
  const file = path === '' ? '' : `: ${path}`;
  return new AppError(
    'ledger_corrupt',
    `The ledger file is damaged or is not a FloatDesk ledger${file}. FloatDesk did not change it. Restore it from a backup with "floatdesk restore --from <backup file>", or choose a FloatDesk workspace folder.`,
    { path, cause: String(cause) },
  );
}

export function fileAccess(path: string, cause: unknown, code: string | undefined): AppError {
  const file = path === '' ? 'the ledger' : path;
  const message =
    code === 'SQLITE_READONLY_DBMOVED'
      ? `The ledger file was moved, replaced or deleted while FloatDesk had it open${where(path)}. Close FloatDesk and open the workspace again.`
      : code?.startsWith('SQLITE_CANTOPEN')
        ? `FloatDesk cannot open ${file}: the file or its folder is missing, or not readable and writable by you. Check the folder and its permissions, then try again.`
        : `FloatDesk may not write ${file}: the file or its folder is read-only, belongs to another user, or is on a read-only disk. Check its permissions, then try again.`;
  return new AppError('file_access', message, { path, cause: String(cause), ...(code ? { code } : {}) });
}

function diskError(path: string, cause: unknown, code: string): AppError {
  return new AppError(
    'file_access',
    `The disk reported an error while FloatDesk used ${path === '' ? 'the ledger' : path} (${code}). Check that the disk is connected and healthy, then try again.`,
    { path, cause: String(cause), code },
  );
}

/**
 * The AppError for a SQLite or file-system failure of the file at `path`, or undefined when the
 * error is neither (a programming error or an AppError stays what it is). `path` names the file the
 * caller was using; a file-system error names its own when it has one.
 */
export function storageErrorOf(
  error: unknown,
  path: string,
  /** For a full disk: what could not be done, e.g. "write the backup". */
  what?: string,
): AppError | undefined {
  if (error instanceof AppError) return undefined;
  const code = codeOf(error);
  if (code === undefined) return undefined;
  if (!code.startsWith('SQLITE_')) {
    const own = (error as { path?: unknown }).path;
    const file = typeof own === 'string' && own !== '' ? own : path;
    if (NO_SPACE_ERRNO.has(code)) return diskFull(file, error, what ?? 'write a file', false);
    if (NO_ACCESS_ERRNO.has(code)) return fileAccess(file, error, code);
    if (code === 'EIO') return diskError(file, error, code);
    return undefined;
  }
  const primary = primaryCode(code);
  if (primary === 'SQLITE_FULL') return diskFull(path, error, what);
  if (primary === 'SQLITE_BUSY' || primary === 'SQLITE_LOCKED') return ledgerBusy(path, error);
  if (primary === 'SQLITE_CORRUPT' || DAMAGE.has(code)) return ledgerUnreadable(path, error);
  if (WRITE_IOERR.has(code) && diskNearlyFull(path)) return diskFull(path, error, what);
  if (['SQLITE_READONLY', 'SQLITE_CANTOPEN', 'SQLITE_PERM', 'SQLITE_AUTH'].includes(primary))
    return fileAccess(path, error, code);
  if (primary === 'SQLITE_IOERR') return diskError(path, error, code);
  return undefined;
}

/** Storage failures become their AppError; anything else is passed on unchanged. */
export function translateStorageError(error: unknown, path: string, what?: string): unknown {
  return storageErrorOf(error, path, what) ?? error;
}

/**
 * Map a SQLite failure to the error taxonomy; always an AppError (a SQLite error that is no storage
 * problem, such as a constraint, is 'internal' with its cause for the log).
 */
export function translateSqliteError(error: unknown, path: string, what?: string): AppError {
  if (error instanceof AppError) return error;
  return (
    storageErrorOf(error, path, what) ??
    new AppError(
      'internal',
      'The ledger could not complete the operation. Try again; if it persists, copy the diagnostics.',
      { path, cause: String(error) },
    )
  );
}
