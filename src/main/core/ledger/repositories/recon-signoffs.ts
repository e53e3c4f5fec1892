/**
 * Period close (migration 0011): sign-offs with their frozen report, the items each locks, and
 * unlocks (drift alerts: recon-signoff-drift.ts). All append-only; writes run inside the caller's
 * transaction, the one that also appends the audit entry.
 */
import type { Ledger } from '../db';
import { canonicalAmount, canonicalDecimal, InvalidAmountError } from '../../../../shared/domain/money';
import { currencyExponent } from '../../../../shared/domain/currency';
import { storedMoney } from './stored-amounts';
import {
  IN_FORCE,
  SELECT_SIGNOFF,
  toSignOff,
  type NewSignOff,
  type SignOffRow,
  type StoredReview,
  type StoredSignOff,
  type StoredUnlock,
} from './recon-signoff-rows';

export type { NewSignOff, StoredReview, StoredSignOff, StoredUnlock } from './recon-signoff-rows';

/** One locked line or request, and the match or resolution that settled it. */
export interface LockedItem {
  decisionId: number;
  lineId: number | null;
  requestId: number | null;
  /** Requests: as signed off, for drift detection (approved: "2500.00 GBP", or null). */
  status: string | null;
  approvedText: string | null;
}

/** A request locked by a sign-off in force, as the transfer sync finds it on the platform. */
export interface LockedRequestRead {
  paymentReference: string;
  /** As the platform sent it (its date is the platform's day of the request). */
  createdAt: string;
  createdUtc: string;
  status: string;
}

export interface LockRow extends LockedItem {
  signOffId: number;
  asOf: string;
}

/**
 * An approved amount as sign-offs and drift record it: canonical decimal, a space, the currency
 * ("2400 EUR" and "2400.00 EUR" are both "2400.00 EUR"); null when there is none. An amount that
 * does not parse is kept as it is (drift then counts it as a difference: drift-rule.ts).
 */
export function approvedText(approved: { amount: string; currency: string } | null): string | null {
  if (approved === null) return null;
  const { amount, currency } = approved;
  let canonical: string;
  try {
    canonical =
      currencyExponent(currency) === undefined ? canonicalDecimal(amount) : canonicalAmount(amount, currency);
  } catch (error) {
    if (!(error instanceof InvalidAmountError)) throw error;
    canonical = amount.trim();
  }
  return `${canonical} ${currency}`;
}

/** A request row's approved amount (null: none), in the row's currency or another ("12.00 EUR"). */
export function storedApproved(
  minor: bigint | null,
  exact: string | null,
  currency: string,
): { amount: string; currency: string } | null {
  return minor === null && exact === null ? null : storedMoney(minor, exact, currency, { foreign: true });
}

function requireTransaction(db: Ledger): void {
  if (!db.inTransaction)
    throw new Error('Sign-offs are written inside the transaction that appends their audit entry.');
}

export class ReconSignOffsRepository {
  constructor(private readonly db: Ledger) {}

  nextId(): number {
    requireTransaction(this.db);
    return this.db.prepare('SELECT coalesce(max(id), 0) + 1 FROM recon_signoffs').pluck().get() as number;
  }

  /** Whether no sign-off of any workspace of this ledger has this id. */
  idFree(id: number): boolean {
    return this.db.prepare('SELECT 1 FROM recon_signoffs WHERE id = ?').get(id) === undefined;
  }

  insert(id: number, signOff: NewSignOff, items: readonly LockedItem[]): void {
    requireTransaction(this.db);
    this.db
      .prepare(
        `INSERT INTO recon_signoffs (id, workspace_id, as_of, signed_at, actor, actor_name, note,
           locked_requests, locked_lines, audit_seq, audit_hash, report_gzip, report_sha256, needs_review,
           team_change, team_login)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        signOff.workspaceId,
        signOff.asOf,
        signOff.signedAt,
        signOff.actor,
        signOff.actorName,
        signOff.note,
        signOff.lockedRequests,
        signOff.lockedLines,
        signOff.auditSeq,
        signOff.auditHash,
        signOff.reportGzip,
        signOff.reportSha256,
        signOff.needsReview ? 1 : 0,
        signOff.teamChange,
        signOff.teamLogin,
      );
    const insertItem = this.db.prepare(
      `INSERT INTO recon_signoff_items (signoff_id, decision_id, line_id, request_id, status, approved_text)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    for (const item of items)
      insertItem.run(id, item.decisionId, item.lineId, item.requestId, item.status, item.approvedText);
  }

  insertUnlock(workspaceId: number, signOffId: number, unlock: StoredUnlock, teamChange?: string): void {
    requireTransaction(this.db);
    this.db
      .prepare(
        `INSERT INTO recon_signoff_unlocks (workspace_id, signoff_id, reason, actor, actor_name, at, audit_seq,
           team_change) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        workspaceId,
        signOffId,
        unlock.reason,
        unlock.actor,
        unlock.actorName,
        unlock.at,
        unlock.auditSeq,
        teamChange ?? null,
      );
  }

  insertReview(
    workspaceId: number,
    signOffId: number,
    review: StoredReview & { auditSeq: number; teamChange: string },
  ): void {
    requireTransaction(this.db);
    this.db
      .prepare(
        `INSERT INTO recon_signoff_reviews (workspace_id, signoff_id, verdict, note, reviewer, reviewer_name, at,
           audit_seq, team_change) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        workspaceId,
        signOffId,
        review.verdict,
        review.note,
        review.reviewer,
        review.reviewerName,
        review.at,
        review.auditSeq,
        review.teamChange,
      );
  }

  /** The sign-off the team knows by this id, if this ledger has it. */
  byTeamChange(workspaceId: number, teamChange: string): StoredSignOff | undefined {
    const row = this.db
      .prepare<[number, string], SignOffRow>(
        `${SELECT_SIGNOFF} WHERE s.workspace_id = ? AND s.team_change = ?`,
      )
      .get(workspaceId, teamChange);
    return row === undefined ? undefined : toSignOff(row);
  }

  /** Newest first. */
  list(workspaceId: number): StoredSignOff[] {
    return this.db
      .prepare<[number], SignOffRow>(`${SELECT_SIGNOFF} WHERE s.workspace_id = ? ORDER BY s.id DESC`)
      .all(workspaceId)
      .map(toSignOff);
  }

  get(workspaceId: number, id: number): StoredSignOff | undefined {
    const row = this.db
      .prepare<[number, number], SignOffRow>(`${SELECT_SIGNOFF} WHERE s.workspace_id = ? AND s.id = ?`)
      .get(workspaceId, id);
    return row === undefined ? undefined : toSignOff(row);
  }

  report(workspaceId: number, id: number): { gzip: Buffer; sha256: string } | undefined {
    const row = this.db
      .prepare<[number, number], { report_gzip: Buffer; report_sha256: string }>(
        'SELECT report_gzip, report_sha256 FROM recon_signoffs WHERE workspace_id = ? AND id = ?',
      )
      .get(workspaceId, id);
    return row === undefined ? undefined : { gzip: row.report_gzip, sha256: row.report_sha256 };
  }

  /**
   * Which locks are in force changes only when a sign-off, an unlock or a review is appended (all
   * append-only): their highest ids name the set.
   */
  lockGeneration(workspaceId: number): string {
    return this.db
      .prepare<[number, number, number], string>(
        `SELECT (SELECT coalesce(max(id), 0) FROM recon_signoffs WHERE workspace_id = ?) || ':' ||
                (SELECT coalesce(max(u.id), 0) FROM recon_signoff_unlocks u
                   JOIN recon_signoffs s ON s.id = u.signoff_id WHERE s.workspace_id = ?) || ':' ||
                (SELECT coalesce(max(id), 0) FROM recon_signoff_reviews WHERE workspace_id = ?)`,
      )
      .pluck()
      .get(workspaceId, workspaceId, workspaceId) as string;
  }

  /**
   * The requests locked by sign-offs in force, each once, oldest first: what the transfer sync reads
   * again so that a later change on the platform reaches the ledger (sync/transfer-signoffs.ts).
   */
  lockedRequestsToReread(workspaceId: number): LockedRequestRead[] {
    return this.db
      .prepare<[number], LockedRequestRead>(
        `SELECT DISTINCT r.payment_reference AS paymentReference, r.created_at AS createdAt,
                r.created_utc AS createdUtc, r.status
           FROM recon_signoff_items i JOIN recon_signoffs s ON s.id = i.signoff_id
           JOIN transfer_requests r ON r.id = i.request_id
          WHERE s.workspace_id = ? AND i.request_id IS NOT NULL AND ${IN_FORCE}
          ORDER BY r.created_utc, r.payment_reference`,
      )
      .all(workspaceId);
  }

  /** Every item locked by a sign-off with no unlock. */
  locksInForce(workspaceId: number): LockRow[] {
    type Row = {
      signoff_id: number;
      as_of: string;
      decision_id: number;
      line_id: number | null;
      request_id: number | null;
      status: string | null;
      approved_text: string | null;
    };
    return this.db
      .prepare<[number], Row>(
        `SELECT i.signoff_id, s.as_of, i.decision_id, i.line_id, i.request_id, i.status, i.approved_text
           FROM recon_signoff_items i JOIN recon_signoffs s ON s.id = i.signoff_id
          WHERE s.workspace_id = ? AND ${IN_FORCE}
          ORDER BY i.id`,
      )
      .all(workspaceId)
      .map((row) => ({
        signOffId: row.signoff_id,
        asOf: row.as_of,
        decisionId: row.decision_id,
        lineId: row.line_id,
        requestId: row.request_id,
        status: row.status,
        approvedText: row.approved_text,
      }));
  }
}
