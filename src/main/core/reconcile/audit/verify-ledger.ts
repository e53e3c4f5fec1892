/**
 * `floatdesk audit verify` without the core: opens the ledger file read-only (never migrates, never
 * writes) and checks the audit log of every workspace in it.
 */
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { AppError } from '../../../../shared/ipc/errors';
import { openLedger, translateSqliteError, type Ledger } from '../../ledger/db';
import { schemaVersionOf } from '../../ledger/migrate';
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from '../../ledger/migrations';
import { verifyAuditChain, type AuditVerification } from './audit-verify';

/** The schema version that created the audit_log table. */
export const AUDIT_LOG_SCHEMA_VERSION = MIGRATIONS.findIndex((step) => step.name === 'audit-log') + 1;
const TRIGGERS = ['audit_log_no_update', 'audit_log_no_delete', 'audit_log_no_replace'];

export type LedgerAuditReport =
  /** The ledger predates the audit log: nothing was ever recorded in one. */
  | { kind: 'before_audit_log'; schemaVersion: number }
  /** The schema says the table exists, yet it is gone: someone removed the whole log. */
  | { kind: 'table_missing'; schemaVersion: number }
  | {
      kind: 'checked';
      schemaVersion: number;
      /** One result per workspace in the ledger (there is normally exactly one). */
      workspaces: { workspaceId: number; result: AuditVerification }[];
      /** False when the append-only triggers were dropped (the entries may still check out). */
      triggersPresent: boolean;
    };

function hasObject(db: Ledger, type: 'table' | 'trigger', name: string): boolean {
  return (
    db.prepare('SELECT count(*) FROM sqlite_schema WHERE type = ? AND name = ?').pluck().get(type, name) === 1
  );
}

function inspect(db: Ledger): LedgerAuditReport {
  const schemaVersion = schemaVersionOf(db);
  if (!hasObject(db, 'table', 'audit_log')) {
    return schemaVersion < AUDIT_LOG_SCHEMA_VERSION
      ? { kind: 'before_audit_log', schemaVersion }
      : { kind: 'table_missing', schemaVersion };
  }
  const workspaceIds = db
    .prepare<[], number>(
      `SELECT id FROM workspaces UNION SELECT DISTINCT workspace_id FROM audit_log ORDER BY 1`,
    )
    .pluck()
    .all();
  return {
    kind: 'checked',
    schemaVersion,
    workspaces: workspaceIds.map((workspaceId) => ({
      workspaceId,
      result: verifyAuditChain(db, workspaceId),
    })),
    triggersPresent: TRIGGERS.every((name) => hasObject(db, 'trigger', name)),
  };
}

/** Check the audit log of the ledger at `ledgerPath`; the file is opened read-only. */
export function auditLedgerFile(ledgerPath: string): LedgerAuditReport {
  if (!existsSync(ledgerPath)) {
    throw new AppError('not_found', `There is no ledger in ${dirname(ledgerPath)}. Check --workspace.`, {
      path: ledgerPath,
    });
  }
  const db = openLedger(ledgerPath, { readonly: true, maxSchemaVersion: LATEST_SCHEMA_VERSION });
  try {
    return inspect(db);
  } catch (error) {
    throw translateSqliteError(error, ledgerPath);
  } finally {
    db.close();
  }
}
