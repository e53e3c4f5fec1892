import { existsSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { AppError } from '../../../shared/ipc/errors';
import { precreatePrivateFile } from '../files/private-files';
import { findIntegrityProblems, ledgerCorrupt } from './integrity';
import { SchemaObjectsRepository } from './repositories/schema-objects';
import { translateSqliteError } from './storage-errors';

export type Ledger = Database.Database;

/**
 * PRAGMA application_id of every FloatDesk ledger ("FlDk" in ASCII), set by migration
 * 0013-application-id. Ledgers from before that step carry 0 and are recognised by their schema.
 */
export const FLOATDESK_APPLICATION_ID = 0x466c446b;

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
  /**
   * Run the full integrity_check (every index against its table) on the read-only probe before the
   * writer opens: closing a writer would checkpoint a -wal left by a crash into the very file.
   */
  fullCheck?: boolean;
}

/** What the file is, read without writing: FloatDesk's, empty (safe to initialise) or foreign. */
export type LedgerKind = 'floatdesk' | 'empty' | 'foreign';

export interface LedgerFileFacts {
  kind: LedgerKind;
  applicationId: number;
  schemaVersion: number;
  journalMode: string;
}

/**
 * Identifies a ledger through any connection (a read-only one in openLedger). FloatDesk's: our
 * application_id, or application_id 0 with user_version ≥ 1 and the workspaces table (ledgers from
 * before migration 0013). Empty: nothing in it at all — a zero-length file or a bare SQLite header,
 * which is what a FloatDesk that stopped before its first migration leaves. Anything else is foreign.
 */
export function inspectLedgerFile(db: Ledger): LedgerFileFacts {
  const applicationId = db.pragma('application_id', { simple: true }) as number;
  const schemaVersion = db.pragma('user_version', { simple: true }) as number;
  const journalMode = String(db.pragma('journal_mode', { simple: true }));
  const schema = new SchemaObjectsRepository(db);
  const objects = schema.count();
  const hasWorkspaces = schema.has('table', 'workspaces');
  let kind: LedgerKind = 'foreign';
  if (applicationId === FLOATDESK_APPLICATION_ID) kind = 'floatdesk';
  else if (applicationId === 0 && schemaVersion >= 1 && hasWorkspaces) kind = 'floatdesk';
  else if (applicationId === 0 && schemaVersion === 0 && objects === 0) kind = 'empty';
  return { kind, applicationId, schemaVersion, journalMode };
}

export function notAFloatDeskLedger(path: string, facts?: LedgerFileFacts): AppError {
  return new AppError(
    'invalid_input',
    `${path} is not a FloatDesk ledger. FloatDesk did not change it. Choose a FloatDesk workspace folder.`,
    {
      path,
      reason: 'not_a_floatdesk_ledger',
      ...(facts ? { applicationId: facts.applicationId, schemaVersion: facts.schemaVersion } : {}),
    },
  );
}

function connect(path: string, options: OpenLedgerOptions, readonly: boolean): Ledger {
  try {
    return new Database(path, {
      readonly,
      fileMustExist: readonly,
      ...(options.nativeBinding === undefined ? {} : { nativeBinding: options.nativeBinding }),
    });
  } catch (error) {
    throw translateSqliteError(error, path);
  }
}

/**
 * Everything that decides whether FloatDesk may use the file, on a read-only connection, so a
 * file that is foreign, too new or damaged is refused before a single byte of it changes (switching
 * to WAL rewrites the header; migrating writes tables). A file that is not in WAL mode yet (a
 * restored backup, an older copy) gets its check here, because the switch would write it, and
 * so does one with a -wal file left by a crash (closing a writer checkpoints it into the file); the
 * full check when `fullCheck` asks for it, else the quick one. A clean WAL ledger is not changed by
 * opening it: the core quick-checks it before its first write, so the check (about 160 ms for a
 * 125 MB ledger) runs once per open, not twice.
 */
function vetExistingLedger(path: string, options: OpenLedgerOptions): void {
  const probe = connect(path, options, true);
  try {
    probe.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5000)}`);
    const facts = inspectLedgerFile(probe);
    if (facts.kind === 'foreign') throw notAFloatDeskLedger(path, facts);
    if (options.maxSchemaVersion !== undefined && facts.schemaVersion > options.maxSchemaVersion) {
      throw ledgerTooNew(path, facts.schemaVersion, options.maxSchemaVersion);
    }
    const writerWouldChangeIt = !options.readonly && (facts.journalMode !== 'wal' || hasWal(path));
    if (facts.kind === 'floatdesk' && (options.fullCheck || writerWouldChangeIt)) {
      const problems = findIntegrityProblems(probe, { full: options.fullCheck ?? false, maxProblems: 11 });
      if (problems.length > 0) throw ledgerCorrupt(path, problems.slice(0, 10), problems.length > 10);
    }
  } catch (error) {
    throw translateSqliteError(error, path);
  } finally {
    probe.close();
  }
}

function hasWal(path: string): boolean {
  try {
    return statSync(`${path}-wal`).size > 0;
  } catch {
    return false;
  }
}

function fileExists(path: string): boolean {
  return path !== ':memory:' && path !== '' && existsSync(path);
}

/** Open the ledger with the pragmas every connection must have (DESIGN.md, Ledger rules). */
export function openLedger(path: string, options: OpenLedgerOptions = {}): Ledger {
  const readonly = options.readonly ?? false;
  if (readonly || fileExists(path)) vetExistingLedger(path, options);
  else if (path !== ':memory:' && path !== '') precreatePrivateFile(path); // SQLite's would be 0644
  const db = connect(path, options, readonly);
  try {
    db.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5000)}`);
    if (!readonly && db.pragma('journal_mode = WAL', { simple: true }) !== 'wal') {
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
    `This ledger was written by a newer FloatDesk (schema ${found}; this version knows up to ${supported}). Update FloatDesk to open it. FloatDesk did not change it.`,
    { ledgerSchema: found, supportedSchema: supported, path },
  );
}
/**
 * Run a write transaction that need not survive a power cut: staged rows nothing reads until a later
 * transaction commits them with the ledger's usual synchronous=FULL. In WAL mode that later commit's
 * sync covers every frame written before it, so skipping the sync here loses nothing a person saw,
 * never damages the file, and spares a disk sync per batch (the cost of a large import).
 */
export function unsyncedWrite<T>(db: Ledger, write: () => T): T {
  db.pragma('synchronous = NORMAL');
  try {
    return db.transaction(write).immediate();
  } finally {
    db.pragma('synchronous = FULL');
  }
}

/** Page cache of the writer while it stores a large statement: its lines' ids land all over the index. */
const BULK_CACHE_KIB = 32 * 1024;

/**
 * A long run of staged writes (a large statement import): a larger page cache for the writer, and
 * no automatic checkpoint at every thousand pages (it would rewrite the same index pages again and
 * again, on the thread that answers calls). Returns the function that puts both back; the caller
 * then checkpoints once, off that thread (checkpoint.ts).
 */
export function beginBulkWrites(db: Ledger): () => void {
  let bulk = bulkWrites.get(db);
  if (bulk === undefined) {
    bulk = {
      runs: 0,
      cache: db.pragma('cache_size', { simple: true }) as number,
      checkpoint: db.pragma('wal_autocheckpoint', { simple: true }) as number,
    };
    bulkWrites.set(db, bulk);
    db.pragma(`cache_size = ${-BULK_CACHE_KIB}`);
    db.pragma('wal_autocheckpoint = 0');
  }
  bulk.runs += 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    bulk.runs -= 1;
    if (bulk.runs > 0) return;
    bulkWrites.delete(db);
    if (!db.open) return;
    db.pragma(`cache_size = ${Math.trunc(bulk.cache)}`);
    db.pragma(`wal_autocheckpoint = ${Math.trunc(bulk.checkpoint)}`);
  };
}

/** The size of the ledger as this connection sees it (its file and the pages its log adds), in bytes. */
export function ledgerBytes(db: Ledger): number {
  return (
    (db.pragma('page_count', { simple: true }) as number) *
    (db.pragma('page_size', { simple: true }) as number)
  );
}

/** Runs of bulk writes under way per connection, and the settings they replaced (put back by the last). */
const bulkWrites = new WeakMap<Ledger, { runs: number; cache: number; checkpoint: number }>();
