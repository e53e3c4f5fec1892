/**
 * Read side of the transfer request ledger (the base of TransfersRepository): pages with the derived
 * origin, per-request history, per-day counts and the values seen, for the sync's planning.
 */
import { TRANSFER_STATUSES } from '../../../../shared/domain/platform';
import type { Ledger } from '../db';
import type { Money } from '../../../../shared/domain/money';
import {
  transferAmounts,
  transferRequestFields,
  type StoredTransferColumns,
  type StoredTransferIdentity,
  type StoredTransferRow,
  type TransferRequestFields,
} from './stored-transfer';

/** An amount of a request: exact text and its currency. */
export type TransferAmount = Money;

export interface TransferRequestRecord extends TransferRequestFields {
  /** 'submitted': registered from this workspace (a transfer_submissions row); else first seen on the platform. */
  origin: 'submitted' | 'platform';
  /** An amount had more decimals than its currency allows, or did not fit: kept as text. */
  exactText: boolean;
  firstSeenAt: string;
  lastSeenAt: string;
}

export interface TransferHistoryEntry {
  observedAt: string;
  syncRunId: number | null;
  status: string;
  requested: TransferAmount;
  approved: TransferAmount | null;
}

export type CurrentRow = StoredTransferColumns & Pick<StoredTransferRow, 'id'>;

type RecordRow = StoredTransferIdentity &
  Pick<StoredTransferRow, 'first_seen_at' | 'last_seen_at'> & { origin: 'submitted' | 'platform' };

/** The columns of StoredTransferColumns (stored-transfer.ts), as SQL. */
export const COLUMNS =
  'float_name, currency, requested_minor, requested_exact, approved_minor, approved_exact, status';
/** A refused submission never reached the platform, so it says nothing about who made a platform row. */
const ORIGIN = `CASE WHEN EXISTS (SELECT 1 FROM transfer_submissions s
  WHERE s.workspace_id = r.workspace_id AND s.payment_reference = r.payment_reference AND s.outcome <> 'refused')
  THEN 'submitted' ELSE 'platform' END AS origin`;

export class TransferReadsRepository {
  constructor(protected readonly db: Ledger) {}

  /** Requests per platform-local day (the date created_at shows), for days from..to inclusive. */
  dayCounts(workspaceId: number, from: string, to: string): Map<string, number> {
    // A local day lies within 14 hours of its UTC day, so one UTC day of margin on each side covers it.
    const low = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const high = new Date(Date.parse(`${to}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    const rows = this.db
      .prepare<[number, string, string], { day: string; n: number }>(
        `SELECT substr(created_at, 1, 10) AS day, count(*) AS n FROM transfer_requests
          WHERE workspace_id = ? AND created_utc >= ? AND created_utc < ? GROUP BY day`,
      )
      .all(workspaceId, low, high);
    return new Map(rows.filter((row) => row.day >= from && row.day <= to).map((row) => [row.day, row.n]));
  }

  /** Statuses, float names and currencies this workspace has seen (transfer requests and floats). */
  knownValues(workspaceId: number): { statuses: string[]; floats: string[]; currencies: string[] } {
    const column = (sql: string, withFloats = true): string[] =>
      this.db
        .prepare<number[], { v: string }>(sql)
        .all(...(withFloats ? [workspaceId, workspaceId] : [workspaceId]))
        .map((row) => row.v);
    const statuses = column(
      'SELECT DISTINCT status AS v FROM transfer_requests WHERE workspace_id = ?',
      false,
    );
    return {
      statuses: [...new Set([...TRANSFER_STATUSES, ...statuses])],
      floats: column(
        `SELECT float_name AS v FROM transfer_requests WHERE workspace_id = ?
         UNION SELECT name FROM floats WHERE workspace_id = ? ORDER BY 1`,
      ),
      currencies: column(
        `SELECT currency AS v FROM transfer_requests WHERE workspace_id = ?
         UNION SELECT currency FROM floats WHERE workspace_id = ? ORDER BY 1`,
      ),
    };
  }

  /** Newest first, with the origin derived from this workspace's submissions. */
  list(workspaceId: number, page: { limit?: number; offset?: number } = {}): TransferRequestRecord[] {
    const rows = this.db
      .prepare<[number, number, number], RecordRow>(
        `SELECT r.payment_reference, r.created_at, r.created_utc, ${COLUMNS}, r.first_seen_at, r.last_seen_at,
                ${ORIGIN}
           FROM transfer_requests r WHERE r.workspace_id = ?
          ORDER BY r.created_utc DESC, r.payment_reference DESC LIMIT ? OFFSET ?`,
      )
      .safeIntegers(true)
      .all(workspaceId, page.limit ?? -1, page.offset ?? 0);
    return rows.map((row) => ({
      ...transferRequestFields(row),
      origin: row.origin,
      exactText: row.requested_exact !== null || row.approved_exact !== null,
      firstSeenAt: row.first_seen_at,
      lastSeenAt: row.last_seen_at,
    }));
  }

  /** Every observation of the requests with this reference, oldest first. */
  history(workspaceId: number, paymentReference: string): TransferHistoryEntry[] {
    type Row = Omit<CurrentRow, 'id' | 'float_name'> & { observed_at: string; sync_run_id: bigint | null };
    const rows = this.db
      .prepare<[number, string], Row>(
        `SELECT h.observed_at, h.sync_run_id, h.status, r.currency, h.requested_minor, h.requested_exact,
                h.approved_minor, h.approved_exact
           FROM transfer_request_history h JOIN transfer_requests r ON r.id = h.transfer_request_id
          WHERE r.workspace_id = ? AND r.payment_reference = ? ORDER BY h.id`,
      )
      .safeIntegers(true)
      .all(workspaceId, paymentReference);
    return rows.map((row) => ({
      observedAt: row.observed_at,
      syncRunId: row.sync_run_id === null ? null : Number(row.sync_run_id),
      status: row.status,
      ...transferAmounts(row),
    }));
  }
}
