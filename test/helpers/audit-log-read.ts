import { auditTable } from '../../src/main/core/export/tables/audit';
import type { Ledger } from '../../src/main/core/ledger/db';
import type { AuditAction, AuditActor, AuditEntry } from '../../src/main/core/recon/audit/audit-log';
import type { AuditDetails } from '../../src/main/core/recon/audit/entry-hash';

/**
 * A workspace's audit log in seq order, read the way FloatDesk itself lists it: through the audit log
 * export's table (export/tables/audit.ts), each row turned back into the entry that was appended.
 * Free of the migrations' `?raw` imports, so the e2e specs can use it too.
 */
export function readAuditLog(db: Ledger, workspaceId: number): AuditEntry[] {
  const table = auditTable({ db, workspaceId, clock: () => new Date() });
  return [...table.rows].map((row) => ({
    workspaceId,
    seq: Number(row.seq),
    at: row.at,
    actor: row.actor as AuditActor,
    action: row.action as AuditAction,
    subject: row.subject,
    details: JSON.parse(row.details) as AuditDetails,
    prevHash: row.prev_hash,
    hash: row.hash,
  }));
}
