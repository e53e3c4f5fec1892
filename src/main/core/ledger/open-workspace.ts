/**
 * How a core opens its workspace's ledger, before anything is written to it:
 *
 * 1. A workspace that was in use and lost its ledger is refused (lost-ledger.ts).
 * 2. openLedger refuses a foreign, too new or unreadable file without changing it.
 * 3. The integrity check. The full integrity_check (every index against its table) when there is a
 *    reason to doubt the file: FloatDesk stopped without closing it (a session of a process that is
 *    gone, or a write-ahead log nobody holds), an earlier check found it damaged, or a one-shot
 *    command runs (the CLI has no background in which to check later). Otherwise the quick check,
 *    and the full one follows in the background (background-integrity.ts).
 *
 * A failed check is noted in the workspace (workspace-state.ts), so the next open checks fully too.
 */
import { statSync } from 'node:fs';
import { ledgerPathOf } from '../paths';
import { openLedger, type Ledger } from './db';
import { checkLedgerIntegrity } from './integrity';
import { refuseLostLedger } from './lost-ledger';
import { LATEST_SCHEMA_VERSION } from './migrations';
import { translateSqliteError } from './storage-errors';
import { ledgerDamageRecorded, ledgerSessions, recordLedgerDamage } from './workspace-state';

export type FullCheckReason = 'one-shot command' | 'unclean shutdown' | 'damage found before';

export interface OpenedWorkspaceLedger {
  db: Ledger;
  /** Why the full check ran before the first write; null: only the quick check did. */
  fullCheck: FullCheckReason | null;
  /** Sessions of processes that ended without closing the ledger (cleared once the check passed). */
  abandonedSessions: string[];
}

export interface OpenWorkspaceOptions {
  workspaceDir: string;
  /** One-shot commands (the CLI) check the whole file before they use it. */
  oneShot: boolean;
  nativeBinding?: string;
  busyTimeoutMs?: number;
  /** UTC ISO time, for the damage note. */
  now: () => string;
}

function walBytes(ledgerPath: string): number {
  try {
    return statSync(`${ledgerPath}-wal`).size;
  } catch {
    return 0;
  }
}

export function openWorkspaceLedger(options: OpenWorkspaceOptions): OpenedWorkspaceLedger {
  const { workspaceDir } = options;
  const ledgerPath = ledgerPathOf(workspaceDir);
  refuseLostLedger(workspaceDir);
  // Read before this process opens the file (its own connection would add a -wal).
  const sessions = ledgerSessions(workspaceDir);
  const unclean = sessions.abandoned.length > 0 || (walBytes(ledgerPath) > 0 && sessions.others === 0);
  const fullCheck: FullCheckReason | null = ledgerDamageRecorded(workspaceDir)
    ? 'damage found before'
    : unclean
      ? 'unclean shutdown'
      : options.oneShot
        ? 'one-shot command'
        : null;
  let db: Ledger | undefined;
  try {
    // The full check runs on openLedger's read-only probe, before a writer could touch the file.
    db = openLedger(ledgerPath, {
      maxSchemaVersion: LATEST_SCHEMA_VERSION,
      nativeBinding: options.nativeBinding,
      busyTimeoutMs: options.busyTimeoutMs,
      fullCheck: fullCheck !== null,
    });
    if (fullCheck === null) checkLedgerIntegrity(db);
  } catch (error) {
    db?.close();
    const translated = translateSqliteError(error, ledgerPath);
    const problems = translated.details?.problems;
    if (translated.code === 'ledger_corrupt' && Array.isArray(problems))
      recordLedgerDamage(workspaceDir, options.now(), problems.map(String));
    throw translated;
  }
  return { db, fullCheck, abandonedSessions: sessions.abandoned };
}
