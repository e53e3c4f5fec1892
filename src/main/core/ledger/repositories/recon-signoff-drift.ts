/**
 * Drift alerts of period close (migration 0011): every request locked by a sign-off in force, as
 * signed off, as it is now and as last recorded; and the drift rows (append-only). Writes run
 * inside the caller's transaction.
 */
import type { Ledger } from '../db';
import { approvedText, storedApproved } from './recon-signoffs';

export interface StoredDrift {
  id: number;
  signOffId: number;
  paymentReference: string;
  field: 'status' | 'approved_amount';
  signedOff: string | null;
  now: string | null;
  detectedAt: string;
}

/** The last drift row of one field: its id and the value it recorded. */
export interface LastDrift {
  id: number;
  now: string | null;
}

/** A request locked by a sign-off in force: as signed off, as now, and the last drift recorded. */
export interface LockedRequestFacts {
  signOffId: number;
  asOf: string;
  requestId: number;
  paymentReference: string;
  signedOff: { status: string; approvedText: string | null };
  now: { status: string; approvedText: string | null };
  last: { status: LastDrift | null; approved_amount: LastDrift | null };
}

export interface NewDrift {
  signOffId: number;
  requestId: number;
  field: StoredDrift['field'];
  signedOff: string | null;
  now: string | null;
  detectedAt: string;
  syncRunId: number | null;
}

const lastOf = (id: bigint | null, now: string | null): LastDrift | null =>
  id === null ? null : { id: Number(id), now };

export class ReconSignOffDriftRepository {
  constructor(private readonly db: Ledger) {}

  /** Drift alerts of the workspace (or of one sign-off), newest first. */
  drift(workspaceId: number, signOffId?: number): StoredDrift[] {
    type Row = {
      id: number;
      signoff_id: number;
      payment_reference: string;
      field: StoredDrift['field'];
      signed_off: string | null;
      now_text: string | null;
      detected_at: string;
    };
    return this.db
      .prepare<[number, number | null, number | null], Row>(
        `SELECT d.id, d.signoff_id, r.payment_reference, d.field, d.signed_off, d.now_text, d.detected_at
           FROM recon_signoff_drift d JOIN recon_signoffs s ON s.id = d.signoff_id
           JOIN transfer_requests r ON r.id = d.request_id
          WHERE s.workspace_id = ? AND (? IS NULL OR d.signoff_id = ?) ORDER BY d.id DESC`,
      )
      .all(workspaceId, signOffId ?? null, signOffId ?? null)
      .map((row) => ({
        id: row.id,
        signOffId: row.signoff_id,
        paymentReference: row.payment_reference,
        field: row.field,
        signedOff: row.signed_off,
        now: row.now_text,
        detectedAt: row.detected_at,
      }));
  }

  /**
   * Every request locked by a sign-off in force, in one query: the locked item, the live request
   * row and the last drift row of each field (an index seek each: recon_signoff_drift_last).
   */
  lockedRequests(workspaceId: number): LockedRequestFacts[] {
    type Row = {
      signoff_id: bigint;
      as_of: string;
      request_id: bigint;
      payment_reference: string;
      signed_status: string;
      signed_approved: string | null;
      status: string;
      currency: string;
      approved_minor: bigint | null;
      approved_exact: string | null;
      status_id: bigint | null;
      status_now: string | null;
      approved_id: bigint | null;
      approved_now: string | null;
    };
    const last = (field: string): string =>
      `(SELECT max(d.id) FROM recon_signoff_drift d
         WHERE d.signoff_id = i.signoff_id AND d.request_id = i.request_id AND d.field = '${field}')`;
    return this.db
      .prepare<[number], Row>(
        `SELECT i.signoff_id, s.as_of, i.request_id, r.payment_reference, i.status AS signed_status,
                i.approved_text AS signed_approved, r.status, r.currency, r.approved_minor, r.approved_exact,
                ds.id AS status_id, ds.now_text AS status_now, da.id AS approved_id, da.now_text AS approved_now
           FROM recon_signoff_items i
           JOIN recon_signoffs s ON s.id = i.signoff_id
           JOIN transfer_requests r ON r.id = i.request_id
           LEFT JOIN recon_signoff_drift ds ON ds.id = ${last('status')}
           LEFT JOIN recon_signoff_drift da ON da.id = ${last('approved_amount')}
          WHERE s.workspace_id = ? AND i.request_id IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM recon_signoff_unlocks u WHERE u.signoff_id = s.id)
          ORDER BY i.signoff_id, i.request_id`,
      )
      .safeIntegers(true)
      .all(workspaceId)
      .map((row) => ({
        signOffId: Number(row.signoff_id),
        asOf: row.as_of,
        requestId: Number(row.request_id),
        paymentReference: row.payment_reference,
        signedOff: { status: row.signed_status, approvedText: row.signed_approved },
        now: {
          status: row.status,
          approvedText: approvedText(storedApproved(row.approved_minor, row.approved_exact, row.currency)),
        },
        last: {
          status: lastOf(row.status_id, row.status_now),
          approved_amount: lastOf(row.approved_id, row.approved_now),
        },
      }));
  }

  /** Appends one drift row; returns its id. */
  insertDrift(drift: NewDrift): number {
    if (!this.db.inTransaction) throw new Error("Drift is recorded inside the notifier's transaction.");
    const result = this.db
      .prepare(
        `INSERT INTO recon_signoff_drift (signoff_id, request_id, field, signed_off, now_text, detected_at, sync_run_id)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        drift.signOffId,
        drift.requestId,
        drift.field,
        drift.signedOff,
        drift.now,
        drift.detectedAt,
        drift.syncRunId,
      );
    return Number(result.lastInsertRowid);
  }
}
