/**
 * Every row elsewhere in the ledger that points at an audit log entry, read for verification: a
 * decision (recon_decisions.audit_seq, migration 0010), a sign-off with the head of the log it
 * recorded (recon_signoffs.audit_seq and audit_hash, 0011) and an unlock (recon_signoff_unlocks
 * .audit_seq, 0011) and an entered opening balance (float_opening_balances.audit_seq, 0017). A cut tail leaves a shorter chain that checks out on its own; these rows still
 * name the entries that were removed. Tables that an older schema does not have yet are skipped.
 */
import type { Ledger } from '../db';
import { SchemaObjectsRepository } from './schema-objects';

/** The kinds of rows that refer to an audit entry, in the words a person reads. */
export type AuditReferrer = 'decision' | 'sign-off' | 'unlock' | 'opening-balance';

export interface DanglingAuditReference {
  referrer: AuditReferrer;
  /** The referring row's id. */
  id: number;
  auditSeq: number;
}

export interface SignOffHeadMismatch {
  signOffId: number;
  auditSeq: number;
  /** The hash the sign-off recorded for its head entry. */
  recorded: string;
  /** The hash that entry has now. */
  found: string;
}

const REFERRERS: ReadonlyArray<{ referrer: AuditReferrer; table: string }> = [
  { referrer: 'decision', table: 'recon_decisions' },
  { referrer: 'sign-off', table: 'recon_signoffs' },
  { referrer: 'unlock', table: 'recon_signoff_unlocks' },
  { referrer: 'opening-balance', table: 'float_opening_balances' },
];

export class AuditReferencesRepository {
  private readonly schema: SchemaObjectsRepository;

  constructor(private readonly db: Ledger) {
    this.schema = new SchemaObjectsRepository(db);
  }

  private hasTable(name: string): boolean {
    return this.schema.has('table', name);
  }

  /** Rows of the workspace that name an audit entry the log does not have, by referrer and seq. */
  dangling(workspaceId: number): DanglingAuditReference[] {
    const found: DanglingAuditReference[] = [];
    for (const { referrer, table } of REFERRERS) {
      if (!this.hasTable(table)) continue;
      const rows = this.db
        .prepare<[number], { id: number; audit_seq: number }>(
          `SELECT r.id, r.audit_seq FROM "${table}" r
            WHERE r.workspace_id = ?
              AND NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.workspace_id = r.workspace_id AND a.seq = r.audit_seq)
            ORDER BY r.audit_seq, r.id`,
        )
        .all(workspaceId);
      for (const row of rows) found.push({ referrer, id: row.id, auditSeq: row.audit_seq });
    }
    return found;
  }

  /** Sign-offs whose recorded head entry exists but has another hash now. */
  headMismatches(workspaceId: number): SignOffHeadMismatch[] {
    if (!this.hasTable('recon_signoffs')) return [];
    return this.db
      .prepare<[number], SignOffHeadMismatch>(
        `SELECT s.id AS signOffId, s.audit_seq AS auditSeq, s.audit_hash AS recorded, a.hash AS found
           FROM recon_signoffs s
           JOIN audit_log a ON a.workspace_id = s.workspace_id AND a.seq = s.audit_seq
          WHERE s.workspace_id = ? AND a.hash <> s.audit_hash
          ORDER BY s.id`,
      )
      .all(workspaceId);
  }

  /** Every workspace that has rows referring to the audit log (a log may have been emptied). */
  workspaceIds(): number[] {
    const parts = REFERRERS.filter(({ table }) => this.hasTable(table)).map(
      ({ table }) => `SELECT DISTINCT workspace_id FROM "${table}"`,
    );
    if (parts.length === 0) return [];
    return this.db.prepare<[], number>(parts.join(' UNION ')).pluck().all();
  }
}
