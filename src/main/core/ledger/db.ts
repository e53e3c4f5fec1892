import Database from 'better-sqlite3';
import { AppError } from '../../../shared/ipc/errors';

export type Ledger = Database.Database;

export interface OpenLedgerOptions {
  readonly?: boolean;
  /**
   * The newest schema this FloatDesk understands. A ledger from a newer version is refused before
   * anything (not even the journal mode) is changed in the file.
   */
  maxSchemaVersion?: number;
  /** better-sqlite3 compiled for Electron's ABI, when running inside Electron. */
  nativeBinding?: string;
  /** How long a writer waits for another process's lock before reporting the ledger busy. */
  busyTimeoutMs?: number;
}

/** Open the ledger with the pragmas every connection must have (DESIGN.md, Ledger rules). */
export function openLedger(path: string, options: OpenLedgerOptions = {}): Ledger {
  let db: Ledger;
  try {
    db = new Database(path, {
      readonly: options.readonly ?? false,
      fileMustExist: options.readonly ?? false,
    });
  } catch (error) {
    throw new AppError(
      'ledger_corrupt',
      `The ledger file could not be opened: ${path}. Check that the folder exists and is writable.`,
      { path, cause: String(error) },
    );
  }
  try {
    db.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5000)}`);
    // Reading the version first also fails fast on a file that is not a SQLite database at all.
    const version = db.pragma('user_version', { simple: true }) as number;
    if (options.maxSchemaVersion !== undefined && version > options.maxSchemaVersion) {
      throw ledgerTooNew(path, version, options.maxSchemaVersion);
    }
    if (!options.readonly && db.pragma('journal_mode = WAL', { simple: true }) !== 'wal') {
      throw new AppError(
        'ledger_busy',
        `The ledger could not switch to write-ahead logging: ${path}. Close other programs using it.`,
        { path },
      );
    }
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
  } catch (error) {
    db.close();
    throw translateSqliteError(error, path);
  }
  return db;
}

export function ledgerTooNew(path: string, found: number, supported: number): AppError {
  return new AppError(
    'ledger_too_new',
    `This ledger was written by a newer FloatDesk (schema ${found}; this version knows up to ${supported}). Update FloatDesk to open it.`,
    { ledgerSchema: found, supportedSchema: supported, path },
  );
}

/** Map SQLite failures a person can meet to the error taxonomy. */
export function translateSqliteError(error: unknown, path: string): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const cause = String(error);
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
    return new AppError(
      'ledger_busy',
      'The ledger is busy with another FloatDesk process. Wait a moment and try again.',
      { path, cause },
    );
  }
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') {
    return new AppError(
      'ledger_corrupt',
      `The ledger file is damaged or is not a FloatDesk ledger: ${path}. Restore it from a backup.`,
      { path, cause },
    );
  }
  return new AppError(
    'internal',
    'The ledger could not complete the operation. Try again; if it persists, copy the diagnostics.',
    { path, cause },
  );
}
