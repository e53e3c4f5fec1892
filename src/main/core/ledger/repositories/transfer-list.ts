/**
 * Reads of the transfer table (windows, filter options, one request with its history and
 * submissions) and the upkeep of the list_* columns that let SQL filter and sort it exactly.
 */
import type Database from 'better-sqlite3';
import type { Ledger } from '../db';
import type { StoredTransferColumns, StoredTransferRow } from './stored-transfer';

/** The stored columns of a request the list reads, amounts as bigint (safeIntegers), its id a number. */
export type TransferListRow = StoredTransferColumns &
  Pick<StoredTransferRow, 'payment_reference' | 'created_at' | 'first_seen_at'> & { id: number };

export interface TransferListValues {
  listReference: string;
  listText: string;
  requestedKey: string | null;
  approvedKey: string | null;
  differenceKey: string | null;
}

export interface HistoryRow {
  observed_at: string;
  sync_run_id: number | null;
  status: string;
  approved_minor: bigint | null;
  approved_exact: string | null;
}

export interface SubmissionRow {
  submitted_at: string;
  outcome: 'registered' | 'confirmed_by_lookup' | 'refused' | 'unknown';
  error_code: string | null;
  finance_email: string | null;
  /** JSON object text, as submitted. */
  proforma_invoice: string | null;
  submitted_by: string | null;
  confirmed_duplicate_of: string | null;
}

/** A platform row is 'submitted' when this workspace sent its reference (a refusal never reached it). */
export const ORIGIN_SUBMITTED = `EXISTS (SELECT 1 FROM transfer_submissions s
  WHERE s.workspace_id = r.workspace_id AND s.payment_reference = r.payment_reference AND s.outcome <> 'refused')`;

const ROW_COLUMNS = `r.id, r.payment_reference, r.created_at, r.float_name, r.currency, r.requested_minor,
  r.requested_exact, r.approved_minor, r.approved_exact, r.status, r.first_seen_at`;
/** The latest history row's time (rows are appended in id order), else the first sight. */
const LAST_CHANGED = `coalesce((SELECT h.observed_at FROM transfer_request_history h
  WHERE h.transfer_request_id = r.id ORDER BY h.id DESC LIMIT 1), r.first_seen_at)`;
/** Rows per refresh transaction: large enough that commits do not dominate, short enough to not block a sync. */
const REFRESH_BATCH = 5_000;

type Raw<T> = Omit<T, 'id'> & { id: bigint };
type RawWindowRow = Raw<TransferListRow> & { submitted: bigint; last_changed_at: string };
const withNumberId = <T extends { id: number }>(row: Raw<T>): T => ({ ...row, id: Number(row.id) }) as T;

export class TransferListRepository {
  private rowsById: Database.Statement<[string, number], RawWindowRow> | undefined;
  private staleInWorkspace: Database.Statement<[number], number> | undefined;

  constructor(private readonly db: Ledger) {}

  /**
   * Computes the list_* values of new or changed requests (list_stale = 1), a batch per short
   * transaction, up to `maxRows` (all by default). Cheap when nothing changed: a partial index holds
   * only the stale rows. Returns how many rows were brought up to date.
   */
  refreshStale(compute: (row: TransferListRow) => TransferListValues, maxRows = Infinity): number {
    const stale = this.db
      .prepare<[number], Raw<TransferListRow> & { last_changed_at: string }>(
        `SELECT ${ROW_COLUMNS}, ${LAST_CHANGED} AS last_changed_at
           FROM transfer_requests r WHERE r.list_stale = 1 ORDER BY r.id LIMIT ?`,
      )
      .safeIntegers(true);
    const update = this.db.prepare(
      `UPDATE transfer_requests SET list_reference = ?, list_text = ?, requested_key = ?, approved_key = ?,
         difference_key = ?, last_changed_at = ?, list_stale = 0 WHERE id = ?`,
    );
    const batch = this.db.transaction((size: number): number => {
      const rows = stale.all(size);
      for (const raw of rows) {
        const values = compute(withNumberId<TransferListRow>(raw));
        update.run(
          values.listReference,
          values.listText,
          values.requestedKey,
          values.approvedKey,
          values.differenceKey,
          raw.last_changed_at,
          raw.id,
        );
      }
      return rows.length;
    });
    let total = 0;
    while (total < maxRows) {
      const done = batch.immediate(Math.min(REFRESH_BATCH, maxRows - total));
      total += done;
      if (done === 0) break;
    }
    return total;
  }

  /** Whether some request still waits for its list_* values. */
  hasStale(): boolean {
    return (
      this.db.prepare('SELECT 1 FROM transfer_requests WHERE list_stale = 1 LIMIT 1').get() !== undefined
    );
  }

  /**
   * Whether a request of the workspace waits for its list values, as the connection's snapshot sees
   * it (on the export's reader inside its read transaction this is the read that fixes the snapshot).
   */
  hasStaleIn(workspaceId: number): boolean {
    this.staleInWorkspace ??= this.db
      .prepare<[number], number>(
        // `+workspace_id`: not the workspace index (a scan of every request) but the partial index
        // that holds only the stale rows (migration 0005), so the check costs nothing on 1M rows.
        'SELECT 1 FROM transfer_requests WHERE +workspace_id = ? AND list_stale = 1 LIMIT 1',
      )
      .pluck();
    return this.staleInWorkspace.get(workspaceId) !== undefined;
  }

  count(sql: string, params: readonly unknown[]): number {
    return Number(
      this.db
        .prepare(sql)
        .pluck()
        .get(...params),
    );
  }

  ids(sql: string, params: readonly unknown[]): number[] {
    return (
      this.db
        .prepare(sql)
        .pluck()
        .all(...params) as Array<number | bigint>
    ).map(Number);
  }

  /** The rows of `ids` (of this workspace) with origin and last change, in the order of `ids`. */
  rows(
    workspaceId: number,
    ids: readonly number[],
  ): Array<TransferListRow & { origin: 'submitted' | 'platform'; last_changed_at: string }> {
    if (ids.length === 0) return [];
    this.rowsById ??= this.db
      .prepare<[string, number], RawWindowRow>(
        `SELECT ${ROW_COLUMNS}, ${ORIGIN_SUBMITTED} AS submitted, ${LAST_CHANGED} AS last_changed_at
           FROM json_each(?) w CROSS JOIN transfer_requests r ON r.id = w.value
          WHERE r.workspace_id = ?`,
      )
      .safeIntegers(true);
    const byId = new Map(
      this.rowsById.all(JSON.stringify(ids), workspaceId).map((raw) => {
        const { submitted, ...row } = withNumberId<
          TransferListRow & { submitted: bigint; last_changed_at: string }
        >(raw);
        const origin: 'submitted' | 'platform' = submitted === 1n ? 'submitted' : 'platform';
        return [row.id, { ...row, origin }] as const;
      }),
    );
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row === undefined ? [] : [row];
    });
  }

  /** Float names with their currency, from the requests and the balances; statuses the ledger holds. */
  options(workspaceId: number): { floats: Array<{ name: string; currency: string }>; statuses: string[] } {
    const floats = this.db
      .prepare<[number, number], { name: string; currency: string }>(
        `SELECT float_name AS name, currency FROM transfer_requests WHERE workspace_id = ?
         UNION SELECT name, currency FROM floats WHERE workspace_id = ? ORDER BY 1, 2`,
      )
      .all(workspaceId, workspaceId);
    const statuses = this.db
      .prepare<[number], string>('SELECT DISTINCT status FROM transfer_requests WHERE workspace_id = ?')
      .pluck()
      .all(workspaceId);
    return { floats, statuses };
  }

  history(transferId: number): HistoryRow[] {
    type Row = Omit<HistoryRow, 'sync_run_id'> & { sync_run_id: bigint | null };
    return this.db
      .prepare<[number], Row>(
        `SELECT observed_at, sync_run_id, status, approved_minor, approved_exact
           FROM transfer_request_history WHERE transfer_request_id = ? ORDER BY id`,
      )
      .safeIntegers(true)
      .all(transferId)
      .map((row) => ({ ...row, sync_run_id: row.sync_run_id === null ? null : Number(row.sync_run_id) }));
  }

  submissions(workspaceId: number, paymentReference: string): SubmissionRow[] {
    return this.db
      .prepare<[number, string], SubmissionRow>(
        `SELECT submitted_at, outcome, error_code, finance_email, proforma_invoice, submitted_by,
                confirmed_duplicate_of FROM transfer_submissions
          WHERE workspace_id = ? AND payment_reference = ? ORDER BY submitted_at, id`,
      )
      .all(workspaceId, paymentReference);
  }

  /** The id of a request by its identity (reference + creation instant in UTC). */
  idOf(workspaceId: number, paymentReference: string, createdUtc: string): number | undefined {
    const id = this.db
      .prepare<[number, string, string], number>(
        `SELECT id FROM transfer_requests WHERE workspace_id = ? AND payment_reference = ? AND created_utc = ?`,
      )
      .pluck()
      .get(workspaceId, paymentReference, createdUtc);
    return id;
  }
}
