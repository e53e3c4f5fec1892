/**
 * `floatdesk audit verify` without the core: opens the ledger file read-only (never migrates, never
 * writes), checks the whole file first (a damaged file cannot vouch for anything in it), then the
 * audit log of every workspace in it: the chain itself, and every row elsewhere that refers to an
 * entry (decisions, sign-offs and the head each recorded, unlocks), which is how a cut tail shows.
 */
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { AppError } from '../../../../shared/ipc/errors';
import { openLedger, type Ledger } from '../../ledger/db';
import { checkLedgerIntegrity } from '../../ledger/integrity';
import { refuseLostLedger } from '../../ledger/lost-ledger';
import { AuditLogRepository } from '../../ledger/repositories/audit-log';
import {
  AuditReferencesRepository,
  type DanglingAuditReference,
  type SignOffHeadMismatch,
} from '../../ledger/repositories/audit-references';
import { SchemaObjectsRepository } from '../../ledger/repositories/schema-objects';
import { translateSqliteError } from '../../ledger/storage-errors';
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
      workspaces: { workspaceId: number; result: AuditVerification; references: AuditReferenceCheck }[];
      /** False when the append-only triggers were dropped (the entries may still check out). */
      triggersPresent: boolean;
    };

/** Rows elsewhere that name an entry the log does not have, and sign-offs whose recorded head differs. */
export interface AuditReferenceCheck {
  dangling: DanglingAuditReference[];
  headMismatches: SignOffHeadMismatch[];
}

function inspect(db: Ledger): LedgerAuditReport {
  const schemaVersion = schemaVersionOf(db);
  const schema = new SchemaObjectsRepository(db);
  if (!schema.has('table', 'audit_log')) {
    return schemaVersion < AUDIT_LOG_SCHEMA_VERSION
      ? { kind: 'before_audit_log', schemaVersion }
      : { kind: 'table_missing', schemaVersion };
  }
  const references = new AuditReferencesRepository(db);
  const workspaceIds = new AuditLogRepository(db).workspaceIds();
  const ids = [...new Set([...workspaceIds, ...references.workspaceIds()])].sort((a, b) => a - b);
  return {
    kind: 'checked',
    schemaVersion,
    workspaces: ids.map((workspaceId) => ({
      workspaceId,
      result: verifyAuditChain(db, workspaceId),
      references: {
        dangling: references.dangling(workspaceId),
        headMismatches: references.headMismatches(workspaceId),
      },
    })),
    triggersPresent: TRIGGERS.every((name) => schema.has('trigger', name)),
  };
}

/** Check the audit log of an open ledger (a restore checks the backup's copy with it). */
export function auditLedger(db: Ledger): LedgerAuditReport {
  return inspect(db);
}

/** Check the audit log of the ledger at `ledgerPath`; the file is opened read-only. */
export function auditLedgerFile(ledgerPath: string): LedgerAuditReport {
  refuseLostLedger(dirname(ledgerPath));
  if (!existsSync(ledgerPath)) {
    throw new AppError('not_found', `There is no ledger in ${dirname(ledgerPath)}. Check --workspace.`, {
      path: ledgerPath,
    });
  }
  const db = openLedger(ledgerPath, { readonly: true, maxSchemaVersion: LATEST_SCHEMA_VERSION });
  try {
    // Structure only: the references to audit entries are this check's own findings, in its words.
    checkLedgerIntegrity(db, { full: true, foreignKeys: false });
    return inspect(db);
  } catch (error) {
    throw translateSqliteError(error, ledgerPath);
  } finally {
    db.close();
  }
}
