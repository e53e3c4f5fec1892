/**
 * The transfer request ledger: requests upserted by identity (payment reference + creation instant in
 * UTC) with their history appended, sync progress of the 'transfers' dataset, and the top-ups sent
 * from this workspace. Reads for pages and planning live in the base class (transfer-reads.ts).
 */
import type Database from 'better-sqlite3';
import { FINAL_TRANSFER_STATUSES } from '../../../../shared/domain/platform';
import { requireMinorUnits } from '../../../../shared/domain/money';
import type { Ledger } from '../db';
import { COLUMNS, TransferReadsRepository, type CurrentRow } from './transfer-reads';
import { toStoredAmount, type StoredAmount } from './stored-amounts';
import { localDay, utcInstant } from './transfer-values';

export type { TransferAmount, TransferHistoryEntry, TransferRequestRecord } from './transfer-reads';

/** One request as the platform lists it (the wire shape; amounts are decimal text exactly as sent). */
export interface TransferObservation {
  float: string;
  requested: { amount: string; currency: string };
  approved: { amount: string; currency: string } | null;
  payment_reference: string;
  status: string;
  created_at: string;
}

export interface UpsertOptions {
  syncRunId: number | null;
  observedAt: string;
  /** sync_state entries of the 'transfers' dataset written in the same transaction (e.g. progress). */
  state?: Readonly<Record<string, string>>;
}

export interface UpsertCounts {
  inserted: number;
  changed: number;
  unchanged: number;
}

export interface OpenTransferRequest {
  paymentReference: string;
  createdAt: string;
  createdUtc: string;
  status: string;
}

export interface TransferSubmissionInput {
  paymentReference: string;
  float: string;
  currency: string;
  /** Decimal text, at most the currency's decimals. */
  amount: string;
  submittedAt: string;
  outcome: 'registered' | 'confirmed_by_lookup' | 'refused' | 'unknown';
  errorCode?: string | null;
  financeEmail?: string;
  proformaInvoice?: Readonly<Record<string, string>>;
  /** Who sent it (this computer's account, or the name in Settings). */
  submittedBy?: string | null;
  /** Sent although this earlier request looked the same (see transfers/duplicates.ts). */
  confirmedDuplicateOf?: string | null;
}

const DATASET = 'transfers';
/** `column = ?` for each of COLUMNS, in its order. */
const SET_COLUMNS = COLUMNS.split(', ')
  .map((column) => `${column} = ?`)
  .join(', ');
const FINAL_LIST = FINAL_TRANSFER_STATUSES.map((status) => `'${status}'`).join(', ');

/** Approved in another currency than requested (never seen): kept as text with its code, nothing lost. */
function approvedAmount(item: TransferObservation): StoredAmount {
  if (item.approved === null) return { minor: null, exact: null };
  if (item.approved.currency === item.requested.currency)
    return toStoredAmount(item.approved.amount, item.approved.currency);
  return { minor: null, exact: `${item.approved.amount} ${item.approved.currency}` };
}

export class TransfersRepository extends TransferReadsRepository {
  private readonly insert: Database.Statement;
  private readonly current: Database.Statement<[number, string, string], CurrentRow>;
  private readonly update: Database.Statement;
  private readonly touch: Database.Statement;
  private readonly appendHistory: Database.Statement;
  private readonly putState: Database.Statement;

  constructor(db: Ledger) {
    super(db);
    this.insert = db.prepare(
      `INSERT INTO transfer_requests (workspace_id, payment_reference, created_at, created_utc, ${COLUMNS},
         first_seen_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (workspace_id, payment_reference, created_utc) DO NOTHING`,
    );
    this.current = db
      .prepare<[number, string, string], CurrentRow>(
        `SELECT id, ${COLUMNS} FROM transfer_requests
          WHERE workspace_id = ? AND payment_reference = ? AND created_utc = ?`,
      )
      .safeIntegers(true);
    this.update = db.prepare(`UPDATE transfer_requests SET ${SET_COLUMNS}, last_seen_at = ? WHERE id = ?`);
    this.touch = db.prepare('UPDATE transfer_requests SET last_seen_at = ? WHERE id = ?');
    this.appendHistory = db.prepare(
      `INSERT INTO transfer_request_history (transfer_request_id, sync_run_id, observed_at, status,
         requested_minor, requested_exact, approved_minor, approved_exact) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.putState = db.prepare(
      `INSERT INTO sync_state (workspace_id, dataset, key, value, updated_at) VALUES (?, '${DATASET}', ?, ?, ?)
       ON CONFLICT (workspace_id, dataset, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
    );
  }

  /**
   * One transaction: new requests are inserted with a first history row; known ones are compared and,
   * when float, currency, status or an amount differs, updated with a history row appended.
   */
  upsertTransferRequests(
    workspaceId: number,
    items: readonly TransferObservation[],
    options: UpsertOptions,
  ): UpsertCounts {
    const counts: UpsertCounts = { inserted: 0, changed: 0, unchanged: 0 };
    const { syncRunId, observedAt } = options;
    this.db
      .transaction(() => {
        for (const item of items) {
          const currency = item.requested.currency;
          const requested = toStoredAmount(item.requested.amount, currency);
          const approved = approvedAmount(item);
          const createdUtc = utcInstant(item.created_at);
          const { float, status, payment_reference: reference } = item;
          // The values of COLUMNS, in its order: what an insert stores and an update changes.
          const stored = [
            float,
            currency,
            requested.minor,
            requested.exact,
            approved.minor,
            approved.exact,
            status,
          ] as const;
          // A plain insert that does nothing on a known identity: the fast path of a first sync.
          const added = this.insert.run(
            workspaceId,
            reference,
            item.created_at,
            createdUtc,
            ...stored,
            observedAt,
            observedAt,
          );
          let id: number | bigint = added.lastInsertRowid;
          if (added.changes > 0) {
            counts.inserted++;
          } else {
            const row = this.current.get(workspaceId, reference, createdUtc);
            if (row === undefined) throw new Error('A transfer request vanished inside its own transaction.');
            const same =
              row.status === status &&
              row.float_name === float &&
              row.currency === currency &&
              row.requested_minor === requested.minor &&
              row.requested_exact === requested.exact &&
              row.approved_minor === approved.minor &&
              row.approved_exact === approved.exact;
            if (same) {
              this.touch.run(observedAt, row.id);
              counts.unchanged++;
              continue;
            }
            this.update.run(...stored, observedAt, row.id);
            id = row.id;
            counts.changed++;
          }
          this.appendHistory.run(
            id,
            syncRunId,
            observedAt,
            status,
            requested.minor,
            requested.exact,
            approved.minor,
            approved.exact,
          );
        }
        for (const [key, value] of Object.entries(options.state ?? {}))
          this.putState.run(workspaceId, key, value, observedAt);
      })
      .immediate();
    return counts;
  }

  /** Requests whose status can still change (not final; unknown future statuses count as open). */
  listOpen(workspaceId: number): OpenTransferRequest[] {
    return this.db
      .prepare<[number], OpenTransferRequest>(
        `SELECT payment_reference AS paymentReference, created_at AS createdAt, created_utc AS createdUtc, status
           FROM transfer_requests WHERE workspace_id = ? AND status NOT IN (${FINAL_LIST})
          ORDER BY created_utc, payment_reference`,
      )
      .all(workspaceId);
  }

  newestCreatedUtc(workspaceId: number): string | null {
    const row = this.db
      .prepare<[number], { newest: string | null }>(
        'SELECT max(created_utc) AS newest FROM transfer_requests WHERE workspace_id = ?',
      )
      .get(workspaceId);
    return row?.newest ?? null;
  }

  count(workspaceId: number): number {
    const row = this.db
      .prepare<[number], { n: number }>('SELECT count(*) AS n FROM transfer_requests WHERE workspace_id = ?')
      .get(workspaceId);
    return row?.n ?? 0;
  }

  /** A top-up sent from this workspace (append-only). */
  /** Whether this submission (reference and moment) is recorded here: a colleague's is told once. */
  hasSubmission(workspaceId: number, paymentReference: string, submittedAt: string): boolean {
    return (
      this.db
        .prepare(
          'SELECT 1 FROM transfer_submissions WHERE workspace_id = ? AND payment_reference = ? AND submitted_at = ?',
        )
        .get(workspaceId, paymentReference, submittedAt) !== undefined
    );
  }

  recordSubmission(workspaceId: number, submission: TransferSubmissionInput): void {
    this.db
      .prepare(
        `INSERT INTO transfer_submissions (workspace_id, payment_reference, float_name, currency, amount_minor,
           submitted_at, outcome, error_code, finance_email, proforma_invoice, submitted_by, confirmed_duplicate_of)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        workspaceId,
        submission.paymentReference,
        submission.float,
        submission.currency,
        requireMinorUnits(submission.amount, submission.currency),
        submission.submittedAt,
        submission.outcome,
        submission.errorCode ?? null,
        submission.financeEmail ?? null,
        submission.proformaInvoice === undefined ? null : JSON.stringify(submission.proformaInvoice),
        submission.submittedBy ?? null,
        submission.confirmedDuplicateOf ?? null,
      );
  }

  readState(workspaceId: number): Record<string, string> {
    const rows = this.db
      .prepare<[number], { key: string; value: string }>(
        `SELECT key, value FROM sync_state WHERE workspace_id = ? AND dataset = '${DATASET}'`,
      )
      .all(workspaceId);
    return Object.fromEntries(rows.map((row) => [row.key, row.value]));
  }

  writeState(workspaceId: number, entries: Readonly<Record<string, string>>, updatedAt: string): void {
    this.db
      .transaction(() => {
        for (const [key, value] of Object.entries(entries))
          this.putState.run(workspaceId, key, value, updatedAt);
      })
      .immediate();
  }
}

export { localDay, utcInstant };
