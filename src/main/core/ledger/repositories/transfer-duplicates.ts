/** Recent top-ups of one float and currency: what the possible-duplicate rule (transfers/duplicates.ts) weighs. */
import type { Ledger } from '../db';

export interface RecentTopUp {
  paymentReference: string;
  /** UTC ISO instant: the platform's created_at, or when this workspace submitted it. */
  at: string;
  /** Null when the ledger keeps the amount as exact text (more decimals than the currency has). */
  amountMinor: bigint | null;
  /** The platform status ('pending', 'removed' ...), or the submission's outcome ('registered' ...). */
  state: string;
  source: 'platform' | 'submitted';
}

export class TransferDuplicatesRepository {
  constructor(private readonly db: Ledger) {}

  /** The ledger's requests and this workspace's submissions of this float and currency since `sinceUtc`. */
  recent(workspaceId: number, float: string, currency: string, sinceUtc: string): RecentTopUp[] {
    return this.db
      .prepare<[number, string, string, string, number, string, string, string], RecentTopUp>(
        `SELECT payment_reference AS paymentReference, created_utc AS at, requested_minor AS amountMinor,
                status AS state, 'platform' AS source
           FROM transfer_requests
          WHERE workspace_id = ? AND float_name = ? AND currency = ? AND created_utc >= ?
         UNION ALL
         SELECT payment_reference, submitted_at, amount_minor, outcome, 'submitted'
           FROM transfer_submissions
          WHERE workspace_id = ? AND float_name = ? AND currency = ? AND submitted_at >= ?
          ORDER BY at DESC`,
      )
      .safeIntegers(true)
      .all(workspaceId, float, currency, sinceUtc, workspaceId, float, currency, sinceUtc);
  }
}
