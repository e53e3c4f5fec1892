import { constants, copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { AppError } from '../../../shared/ipc/errors';
import { systemClock, type Clock } from '../clock';
import { makePrivateFolderSync } from '../files/private-files';
import { ledgerPathOf } from '../paths';
import {
  compactTimestamp,
  copyWithBackupApi,
  fileOrSqliteError,
  freePath,
  fsyncFile,
  fsyncFolder,
  settleLedgerCopy,
  type LedgerFileFacts,
  removeSidecars,
} from './backup';
import { ledgerTooNew } from './db';
import { translateSqliteError } from './storage-errors';
import { SYNC_LOCK, findLiveHolder, lockBusyError, type LockContext } from './locks';
import { LATEST_SCHEMA_VERSION } from './migrations';
import { clearCheckedMarkers } from './workspace-state';
import { describeAuditReport } from '../recon/audit/describe-report';
import { auditLedger } from '../recon/audit/verify-ledger';

export interface RestoreOptions {
  workspaceDir: string;
  /** The backup file to restore. */
  from: string;
  clock?: Clock;
  /** How long to wait for another process's ledger lock; default 2000 ms. */
  busyTimeoutMs?: number;
  /** Overrides for deciding whether a sync lock holder is stale (tests). */
  lockContext?: Omit<LockContext, 'now'>;
  /**
   * Restore a backup whose audit log does not check out (an entry edited, a sign-off's head that no
   * longer matches). Without it such a backup is refused. A backup whose decisions point at audit
   * entries that are gone is refused either way: FloatDesk could not open it.
   */
  acceptAuditDamage?: boolean;
}

export interface RestoreResult {
  ledgerPath: string;
  restoredFrom: string;
  /** Where the ledger that was replaced is kept; null when the workspace had none. */
  previousKeptAs: string | null;
  schemaVersion: number;
  /** Set when the backup's audit log does not check out and it was restored all the same. */
  auditWarning?: string;
}

function isDamage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}

/** Why a backup file cannot be restored, when SQLite itself cannot read it. */
function unusableBackup(source: string, error: unknown): AppError {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'SQLITE_NOTADB') {
    return new AppError('invalid_input', `${source} is not a FloatDesk ledger backup. Choose another file.`, {
      path: source,
      cause: String(error),
    });
  }
  if (typeof code === 'string' && code.startsWith('SQLITE_CORRUPT')) {
    return new AppError('ledger_corrupt', `The backup ${source} is damaged. Choose another backup.`, {
      path: source,
      problems: [String(error)],
    });
  }
  return fileOrSqliteError(error, source, `The backup ${source} could not be read`);
}

interface StagedBackup {
  schemaVersion: number;
  /** The audit verification's line when the backup's audit log does not check out. */
  auditBroken: string | null;
}

/** The backup's audit log, checked like `floatdesk audit verify` does, on the staged copy. */
function auditOfCopy(staged: string): { line: string; intact: boolean } {
  const db = new Database(staged, { readonly: true, fileMustExist: true });
  try {
    return describeAuditReport(auditLedger(db));
  } finally {
    db.close();
  }
}

/**
 * Copies the backup into the workspace folder and proves it is a healthy ledger this FloatDesk can
 * open, then checks its audit log: a backup whose log was edited is refused unless the person said
 * to accept it.
 */
async function stageBackup(
  source: string,
  staged: string,
  acceptAuditDamage: boolean,
): Promise<StagedBackup> {
  let facts: LedgerFileFacts;
  const reader = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await copyWithBackupApi(reader, staged);
    facts = settleLedgerCopy(staged);
  } catch (error) {
    throw unusableBackup(source, error);
  } finally {
    reader.close();
  }
  if (!facts.isFloatDeskLedger && facts.problems.length === 0) {
    throw new AppError('invalid_input', `${source} is not a FloatDesk ledger backup. Choose another file.`, {
      path: source,
    });
  }
  const damage = facts.problems.filter((problem) => !facts.auditReferenceProblems.includes(problem));
  if (damage.length > 0) {
    throw new AppError('ledger_corrupt', `The backup ${source} is damaged. Choose another backup.`, {
      path: source,
      problems: facts.problems,
    });
  }
  if (facts.schemaVersion > LATEST_SCHEMA_VERSION) {
    throw ledgerTooNew(source, facts.schemaVersion, LATEST_SCHEMA_VERSION);
  }
  const audit = auditOfCopy(staged);
  if (!audit.intact && facts.auditReferenceProblems.length > 0) {
    throw new AppError(
      'ledger_corrupt',
      `The backup ${source} is damaged and cannot be used: ${audit.line} Choose another backup.`,
      { path: source, audit: audit.line, problems: facts.problems },
    );
  }
  if (!audit.intact && !acceptAuditDamage) {
    throw new AppError(
      'ledger_corrupt',
      `The audit log in the backup ${source} does not check out, so its history was changed: ${audit.line} Nothing was restored. Choose another backup, or restore this one anyway with --accept-audit-damage (its audit log will keep showing the damage).`,
      { path: source, audit: audit.line },
    );
  }
  fsyncFile(staged);
  return { schemaVersion: facts.schemaVersion, auditBroken: audit.intact ? null : audit.line };
}

/**
 * Takes the current ledger away from everyone: refuses while a live sync holds its lock or another
 * process has it open, otherwise checkpoints it into one file and holds an exclusive lock on it
 * until `close()`. A ledger too damaged for SQLite to lock is taken as it is, -wal included.
 */
function seizeLedger(
  ledgerPath: string,
  options: RestoreOptions,
  now: Date,
): { close: () => void; whole: boolean } {
  const db = new Database(ledgerPath, { fileMustExist: true });
  try {
    db.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 2000)}`);
    const context: LockContext = { ...options.lockContext, now };
    let holder;
    try {
      holder = findLiveHolder(db, SYNC_LOCK, context);
    } catch (error) {
      if ((error as AppError).code !== 'ledger_corrupt' && (error as AppError).code !== 'internal')
        throw error;
    }
    if (holder) throw lockBusyError(holder, context, ledgerPath);
    try {
      db.pragma('locking_mode = EXCLUSIVE');
      // Leaving WAL needs every other connection gone: it is how we know no FloatDesk has it open.
      db.pragma('journal_mode = DELETE');
      db.exec('BEGIN EXCLUSIVE; COMMIT');
      return { close: () => db.close(), whole: true };
    } catch (error) {
      if (isDamage(error)) return { close: () => db.close(), whole: false };
      const translated = translateSqliteError(error, ledgerPath);
      if (translated.code !== 'ledger_busy') throw translated;
      throw new AppError(
        'ledger_busy',
        'The ledger is open in another FloatDesk (the app or a command). Close it, then restore again.',
        { path: ledgerPath, cause: String(error) },
      );
    }
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * `floatdesk restore`: verifies the backup, keeps the current ledger as
 * `ledger.sqlite.before-restore-<timestamp>`, and atomically replaces it with the backup (staged in
 * the same folder, fsynced, renamed). Refuses while another FloatDesk syncs or has the ledger open.
 */
export async function restoreWorkspace(options: RestoreOptions): Promise<RestoreResult> {
  const source = resolve(options.from);
  const workspaceDir = resolve(options.workspaceDir);
  const ledgerPath = ledgerPathOf(workspaceDir);
  if (!existsSync(source)) {
    throw new AppError('not_found', `There is no backup file at ${source}. Check --from.`, { path: source });
  }
  if (source === ledgerPath) {
    throw new AppError('invalid_input', 'That is the ledger itself, not a backup. Choose a backup file.', {
      path: source,
    });
  }
  makePrivateFolderSync(workspaceDir);
  const now = (options.clock ?? systemClock)();
  const staged = `${ledgerPath}.restoring-${process.pid}`;
  try {
    const { schemaVersion, auditBroken } = await stageBackup(
      source,
      staged,
      options.acceptAuditDamage ?? false,
    );
    let previousKeptAs: string | null = null;
    if (existsSync(ledgerPath)) {
      const seized = seizeLedger(ledgerPath, options, now);
      try {
        previousKeptAs = freePath(`${ledgerPath}.before-restore-${compactTimestamp(now)}`, '');
        copyFileSync(ledgerPath, previousKeptAs, constants.COPYFILE_EXCL);
        // A ledger SQLite could not check in keeps its journal beside the kept copy, under the
        // names SQLite looks for, so nothing committed is lost with it.
        for (const suffix of seized.whole ? [] : ['-wal', '-journal']) {
          if (existsSync(`${ledgerPath}${suffix}`))
            copyFileSync(`${ledgerPath}${suffix}`, `${previousKeptAs}${suffix}`, constants.COPYFILE_EXCL);
        }
        fsyncFile(previousKeptAs);
        // Windows cannot replace a file that is open; elsewhere the lock is held across the rename.
        if (process.platform === 'win32') seized.close();
        renameSync(staged, ledgerPath);
        fsyncFolder(workspaceDir);
      } finally {
        seized.close();
      }
      // Only now, with the old ledger checkpointed and closed, are its -wal and -shm stale leftovers.
      removeSidecars(ledgerPath);
    } else {
      renameSync(staged, ledgerPath);
      fsyncFolder(workspaceDir);
    }
    // The restored ledger is the one to check now: whatever an earlier check noted is about the old one.
    clearCheckedMarkers(workspaceDir, []);
    return {
      ledgerPath,
      restoredFrom: source,
      previousKeptAs,
      schemaVersion,
      ...(auditBroken === null ? {} : { auditWarning: auditBroken }),
    };
  } catch (error) {
    throw fileOrSqliteError(error, ledgerPath, `The ledger could not be restored into ${workspaceDir}`);
  } finally {
    rmSync(staged, { force: true });
    removeSidecars(staged);
  }
}
