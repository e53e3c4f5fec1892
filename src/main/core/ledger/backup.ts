import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { AppError } from '../../../shared/ipc/errors';
import { systemClock, type Clock } from '../clock';
import { makePrivateFolderSync, precreatePrivateFile } from '../files/private-files';
import { BACKUPS_FOLDER_NAME, ledgerPathOf } from '../paths';
import { openLedger, type Ledger } from './db';
import { storageErrorOf, translateSqliteError } from './storage-errors';
import { findForeignKeyRows, findIntegrityProblems, foreignKeyProblemText, ledgerCorrupt } from './integrity';
import { ledgerPresence, refuseLostLedger } from './lost-ledger';
import { LATEST_SCHEMA_VERSION } from './migrations';
import { recordLedgerDamage } from './workspace-state';
import { LocksRepository } from './repositories/locks';
import { SchemaObjectsRepository } from './repositories/schema-objects';

export { BACKUPS_FOLDER_NAME };
/** Every backup FloatDesk names itself starts so: `ledger-YYYYMMDD-HHMMSS.sqlite`. */
export const BACKUP_FILE_PREFIX = 'ledger-';

/** sqlite3_backup_step pages per step: all of them, so the copy is one consistent read snapshot. */
const ALL_PAGES = 0x7fffffff;

export interface BackupResult {
  /** Absolute path of the verified backup file. */
  path: string;
  bytes: number;
  schemaVersion: number;
}

/** What a ledger file copy holds, found without trusting it. */
export interface LedgerFileFacts {
  schemaVersion: number;
  /** It has the schema FloatDesk creates (user_version ≥ 1 and a workspaces table). */
  isFloatDeskLedger: boolean;
  /** integrity_check and foreign_key_check findings; [] when healthy. */
  problems: string[];
  /** Of `problems`, the rows that name a missing audit log entry (a restore words these itself). */
  auditReferenceProblems: string[];
}

/** How many problems a check of a copy lists at most. */
const PROBLEMS_LISTED = 10;

/** UTC `YYYYMMDD-HHMMSS`, for file names that sort by time. */
export function compactTimestamp(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
}

/** `<base><ext>`, or `<base>-2<ext>`, `<base>-3<ext>` ... whichever does not exist yet. */
export function freePath(base: string, ext: string): string {
  for (let n = 1; ; n++) {
    const candidate = `${base}${n === 1 ? '' : `-${n}`}${ext}`;
    if (!existsSync(candidate)) return candidate;
  }
}

/** `<workspace>/backups/ledger-YYYYMMDD-HHMMSS.sqlite` (UTC), never an existing file. */
export function defaultBackupPath(workspaceDir: string, now: Date): string {
  return freePath(
    join(resolve(workspaceDir), BACKUPS_FOLDER_NAME, `${BACKUP_FILE_PREFIX}${compactTimestamp(now)}`),
    '.sqlite',
  );
}

export function fsyncFile(path: string): void {
  const fd = openSync(path, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Makes a rename durable; a no-op where folders cannot be opened (Windows). */
export function fsyncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Not supported on this platform: the rename is as durable as the OS makes it.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export function removeSidecars(
  path: string,
  suffixes: readonly string[] = ['-journal', '-wal', '-shm'],
): void {
  for (const suffix of suffixes) rmSync(`${path}${suffix}`, { force: true });
}

/**
 * A file-system or SQLite failure in words: a full disk, a folder that may not be written, a busy or
 * damaged ledger each get their own code; any other file-system failure names the file and its code.
 * `what` is the sentence for that last case; `writing` what could not be done on a full disk.
 */
export function fileOrSqliteError(error: unknown, path: string, what: string, writing?: string): AppError {
  if (error instanceof AppError) return error;
  const storage = storageErrorOf(error, path, writing);
  if (storage) return storage;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || code.startsWith('SQLITE')) return translateSqliteError(error, path);
  return new AppError(
    'file_access',
    `${what} (${code}). Check that the folder exists, is writable and has free space, then try again.`,
    { path, cause: String(error), code },
  );
}

/** A full disk or a folder that may not be written is the backup file's; anything else the ledger's. */
function backupError(error: unknown, ledgerPath: string, target: string): AppError {
  const atTarget = storageErrorOf(error, target, 'write the backup');
  if (atTarget?.code === 'disk_full' || atTarget?.code === 'file_access') return atTarget;
  return fileOrSqliteError(error, ledgerPath, `The backup could not be written to ${target}`);
}

/**
 * Settles a private copy of a ledger (a backup just written, or a backup about to be restored):
 * makes it one self-contained file (rollback journal, no -wal), runs the full integrity_check and
 * foreign_key_check, reads its schema version and, when it is healthy, drops the lock rows it was
 * copied with: no process holds a lock in a copy.
 */
export function settleLedgerCopy(path: string): LedgerFileFacts {
  const db = new Database(path, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
    const schemaVersion = db.pragma('user_version', { simple: true }) as number;
    const hasWorkspaces = new SchemaObjectsRepository(db).has('table', 'workspaces');
    const structure = findIntegrityProblems(db, { full: true, foreignKeys: false });
    const foreignKeys = findForeignKeyRows(db, Math.max(0, PROBLEMS_LISTED - structure.length));
    const problems = [...structure, ...foreignKeys.map(foreignKeyProblemText)];
    const locks = new LocksRepository(db);
    if (problems.length === 0 && locks.exists()) locks.clear();
    return {
      schemaVersion,
      isFloatDeskLedger: schemaVersion >= 1 && hasWorkspaces,
      problems,
      auditReferenceProblems: foreignKeys
        .filter((row) => row.parent === 'audit_log')
        .map(foreignKeyProblemText),
    };
  } finally {
    db.close();
  }
}

/** Copies `source` (an open connection) page by page with SQLite's online backup API. */
export async function copyWithBackupApi(source: Ledger, destination: string): Promise<void> {
  precreatePrivateFile(destination); // the backup API would create it 0644
  await source.backup(destination, { progress: () => ALL_PAGES });
}

/**
 * Online backup of an open ledger to `destination` while other connections keep working: the copy
 * is written beside the destination, verified with integrity_check, synced, then renamed into place,
 * so a file under the final name is always a complete, checked backup. Refuses an existing file.
 */
export async function backupLedger(db: Ledger, destination: string): Promise<BackupResult> {
  const target = resolve(destination);
  if (existsSync(target)) {
    throw new AppError('invalid_input', `${target} already exists. Choose another backup file name.`, {
      path: target,
    });
  }
  makePrivateFolderSync(dirname(target));
  const partial = `${target}.partial-${process.pid}`;
  try {
    await copyWithBackupApi(db, partial);
    const facts = settleLedgerCopy(partial);
    if (facts.problems.length > 0) {
      const damaged = ledgerCorrupt(db.name, facts.problems);
      throw new AppError(
        'ledger_corrupt',
        `The backup copy failed its integrity check, so the ledger itself is damaged: ${db.name}. Restore an earlier backup with "floatdesk restore --from <backup file>".`,
        { ...damaged.details, copyChecked: true },
      );
    }
    fsyncFile(partial);
    renameSync(partial, target);
    fsyncFolder(dirname(target));
    return { path: target, bytes: statSync(target).size, schemaVersion: facts.schemaVersion };
  } catch (error) {
    rmSync(partial, { force: true });
    removeSidecars(partial);
    throw backupError(error, db.name, target);
  }
}

export interface BackupWorkspaceOptions {
  workspaceDir: string;
  /** Default: `<workspace>/backups/ledger-YYYYMMDD-HHMMSS.sqlite`. */
  to?: string;
  clock?: Clock;
  busyTimeoutMs?: number;
}

/**
 * `floatdesk backup`: back up the workspace's ledger through a read-only connection, so the file it
 * copies is never changed (not even switched to WAL), and refuse what every other command refuses: a
 * lost, foreign, unreadable or too new ledger. The copy gets the full integrity check.
 */
export async function backupWorkspace(options: BackupWorkspaceOptions): Promise<BackupResult> {
  const workspaceDir = resolve(options.workspaceDir);
  const ledgerPath = ledgerPathOf(workspaceDir);
  refuseLostLedger(workspaceDir);
  if (ledgerPresence(workspaceDir) !== 'present') {
    throw new AppError('not_found', `There is no ledger to back up in ${workspaceDir}. Check --workspace.`, {
      path: ledgerPath,
    });
  }
  const destination = options.to ?? defaultBackupPath(workspaceDir, (options.clock ?? systemClock)());
  const db = openLedger(ledgerPath, {
    readonly: true,
    maxSchemaVersion: LATEST_SCHEMA_VERSION,
    busyTimeoutMs: options.busyTimeoutMs,
  });
  try {
    return await backupLedger(db, destination);
  } catch (error) {
    if (error instanceof AppError && error.code === 'ledger_corrupt' && error.details?.copyChecked === true) {
      // The next open checks the whole ledger before writing to it.
      const problems = error.details.problems;
      recordLedgerDamage(
        workspaceDir,
        new Date().toISOString(),
        Array.isArray(problems) ? problems.map(String) : [],
      );
    }
    throw error;
  } finally {
    db.close();
  }
}
