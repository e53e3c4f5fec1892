/**
 * Read-only inputs of a reconciliation run: every transfer request of a workspace with its row id,
 * and the dates the imported statements cover.
 */
import type { Ledger } from '../db';
import {
  transferRequestFields,
  type StoredTransferIdentity,
  type StoredTransferRow,
  type TransferRequestFields,
} from './stored-transfer';

export interface ReconRequestRow extends TransferRequestFields {
  /** transfer_requests.id */
  rowId: number;
}

/** A span of booking dates one imported statement covers, inclusive. */
export interface CoveredSpan {
  from: string;
  to: string;
  /** The statement's currency (its balances', else its lines' when they share one); null: unknown. */
  currency: string | null;
}

type RequestRow = StoredTransferIdentity & Pick<StoredTransferRow, 'id'>;

const SELECT_REQUESTS = `SELECT id, payment_reference, created_at, created_utc, float_name, currency, requested_minor,
         requested_exact, approved_minor, approved_exact, status
    FROM transfer_requests`;

function requestRow(row: RequestRow): ReconRequestRow {
  return { rowId: Number(row.id), ...transferRequestFields(row) };
}

export class ReconInputsRepository {
  constructor(private readonly db: Ledger) {}

  requests(workspaceId: number): ReconRequestRow[] {
    return this.db
      .prepare<[number], RequestRow>(`${SELECT_REQUESTS} WHERE workspace_id = ? ORDER BY created_utc, id`)
      .safeIntegers(true)
      .all(workspaceId)
      .map(requestRow);
  }

  /** Which of these payment references more than one request of the workspace has. */
  repeatedReferences(workspaceId: number, references: readonly string[]): Set<string> {
    return new Set(
      this.db
        .prepare<[number, string], string>(
          `SELECT payment_reference FROM transfer_requests
            WHERE workspace_id = ? AND payment_reference IN (SELECT value FROM json_each(?))
            GROUP BY payment_reference HAVING count(*) > 1`,
        )
        .pluck()
        .all(workspaceId, JSON.stringify(references)),
    );
  }

  /** The row ids of the requests with one of these payment references. */
  requestRowsByReferences(workspaceId: number, references: readonly string[]): number[] {
    return this.db
      .prepare<[number, string], number>(
        `SELECT id FROM transfer_requests
          WHERE workspace_id = ? AND payment_reference IN (SELECT value FROM json_each(?))`,
      )
      .pluck()
      .all(workspaceId, JSON.stringify(references));
  }

  /** The requests of these transfer_requests ids, in no particular order, looked up by id
   * (`+workspace_id` keeps SQLite from scanning the workspace's index instead). */
  requestsByIds(workspaceId: number, ids: readonly number[]): ReconRequestRow[] {
    return this.db
      .prepare<[number, string], RequestRow>(
        `${SELECT_REQUESTS} WHERE +workspace_id = ? AND id IN (SELECT value FROM json_each(?))`,
      )
      .safeIntegers(true)
      .all(workspaceId, JSON.stringify(ids))
      .map(requestRow);
  }

  /**
   * Per imported statement: from its opening balance date (else its first booking) to its closing
   * balance date (else its last booking), with its currency. Statements without a date are left out.
   */
  coverage(workspaceId: number): CoveredSpan[] {
    type Row = { from_date: string | null; to_date: string | null; currency: string | null };
    return this.db
      .prepare<[number], Row>(
        `SELECT coalesce(s.opening_date, min(l.booking_date)) AS from_date,
                coalesce(s.closing_date, max(l.booking_date)) AS to_date,
                coalesce(s.currency, CASE WHEN count(DISTINCT l.currency) = 1 THEN min(l.currency) END) AS currency
           FROM bank_statements s LEFT JOIN bank_lines l ON l.statement_id = s.id
          WHERE s.workspace_id = ? AND s.import_state = 'complete' GROUP BY s.id ORDER BY from_date, s.id`,
      )
      .all(workspaceId)
      .flatMap((row) =>
        row.from_date !== null && row.to_date !== null && row.from_date <= row.to_date
          ? [{ from: row.from_date, to: row.to_date, currency: row.currency }]
          : [],
      );
  }

  /** Every request's payment reference (from a covering index: no request is read whole). */
  paymentReferences(workspaceId: number): string[] {
    return this.db
      .prepare<[number], string>('SELECT payment_reference FROM transfer_requests WHERE workspace_id = ?')
      .pluck()
      .all(workspaceId);
  }

  /** The requests created (UTC) from `from` to before `to` that no decision in force covers. */
  freeRequestsCreated(workspaceId: number, from: string, to: string): ReconRequestRow[] {
    return this.db
      .prepare<[number, string, string], RequestRow>(
        `${SELECT_REQUESTS} t
          WHERE t.workspace_id = ? AND t.created_utc >= ? AND t.created_utc < ?
            AND NOT EXISTS (SELECT 1 FROM recon_current c WHERE c.workspace_id = t.workspace_id
                              AND c.role IN ('match', 'resolution') AND c.request_id = t.id)`,
      )
      .safeIntegers(true)
      .all(workspaceId, from, to)
      .map(requestRow);
  }

  /** The largest bank line row id of the ledger (0 when none): lines added later have larger ones. */
  lastLineRow(): number {
    return (
      (this.db.prepare<[], number | null>('SELECT max(id) FROM bank_lines').pluck().get() as number | null) ??
      0
    );
  }

  /** The workspace's bank line rows added after `row` (lastLineRow), of complete statements. */
  lineRowsAfter(workspaceId: number, row: number): number[] {
    return this.db
      .prepare<[number, number], number>(
        `SELECT l.id FROM bank_lines l JOIN bank_statements s ON s.id = l.statement_id
          WHERE l.id > ? AND l.workspace_id = ? AND s.import_state = 'complete' ORDER BY l.id`,
      )
      .pluck()
      .all(row, workspaceId);
  }
}
