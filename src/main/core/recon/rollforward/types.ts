/**
 * Float roll-forward: the shapes the pure calculation takes and returns. Amounts in
 * are exact plain decimal text; amounts out are Money (canonical, exact, over-precise values kept).
 */
import type { FormatPreferences } from '../../../../shared/domain/formats';
import type { Money } from '../../../../shared/domain/money';
import type { BoundBasis, EnteredBalance } from './bounds';

export type { BoundBasis, EnteredBalance } from './bounds';

/** Calendar days, inclusive, as UTC days (see period.ts). */
export interface RollForwardPeriod {
  from: string;
  to: string;
}

/** One balance snapshot of a float, as the ledger recorded it. */
export interface SnapshotInput {
  snapshotId: number;
  /** When this ledger recorded it (UTC ISO 8601). */
  recordedAt: string;
  /** When the platform last refreshed the figure, as it said. */
  platformRefreshedAt: string | null;
  /** Available balance, exact plain decimal ("1234.50", or over-precise "10.005" for GBP). */
  available: string;
  syncRunId: number | null;
}

export interface FloatInput {
  currency: string;
  name: string;
  /** Any order; every one within the bound tolerance (bounds.ts) of the period and inside it. */
  snapshots: readonly SnapshotInput[];
}

/** An opening balance entered for a float: the balance at the start of `asOf`. */
export interface EnteredBalanceInput extends EnteredBalance {
  currency: string;
  float: string;
}

/** A request the ledger saw approved (approved or approved_edited) for the first time. */
export interface ApprovalInput {
  /** transfer_requests.id */
  requestId: number;
  paymentReference: string;
  float: string;
  /** The request's (and so the float's) currency. */
  currency: string;
  /** The request's creation instant in UTC. */
  createdUtc: string;
  /** When the sync that first saw it approved observed it (UTC ISO 8601). */
  observedAt: string;
  syncRunId: number | null;
  /** The ledger had seen the request before, not yet approved. */
  seenBefore: boolean;
  status: string;
  /** The approved amount as that sync saw it (the requested one if the platform sent none). */
  amount: { amount: string; currency: string };
  amountSource: 'approved' | 'requested';
}

export interface RollForwardInput {
  period: RollForwardPeriod;
  floats: readonly FloatInput[];
  approvals: readonly ApprovalInput[];
  /** How far from a bound a snapshot may lie to stand for it; default BOUND_TOLERANCE_DAYS. */
  boundToleranceDays?: number;
  /** Opening balances entered for the period's first day or the day after its last (any others are ignored). */
  entered?: readonly EnteredBalanceInput[];
  /**
   * Payment references of the requests that have a matched bank payment (from the matcher). When
   * absent, approvals are not checked against the bank and nothing is flagged for it.
   */
  matchedRequestReferences?: ReadonlySet<string>;
  /** How the flags' messages write money and dates; default: a new workspace's (settings/defaults.ts). */
  format?: FormatPreferences;
}

export interface SnapshotRef {
  /** 0: not a snapshot but an opening balance a person entered (recordedAt is then the bound). */
  snapshotId: number;
  recordedAt: string;
  platformRefreshedAt: string | null;
}

export interface BalanceAt {
  /** The snapshot used; null when the balance was entered by a person. */
  snapshot: SnapshotRef | null;
  /** Where the balance comes from, for the words next to it. */
  basis: BoundBasis;
  available: Money;
}

export interface RollForwardTopUp {
  requestId: number;
  paymentReference: string;
  status: string;
  amount: Money;
  amountSource: 'approved' | 'requested';
  /** When the sync that first saw it approved observed it. */
  approvedSeenAt: string;
  syncRunId: number | null;
  /** The first snapshot whose balance holds it; null when the float has no snapshot to hold it. */
  creditedBy: SnapshotRef | null;
  /** 'not_checked' when no set of matched requests was given. */
  bankPayment: 'matched' | 'not_found' | 'not_checked';
}

/** Spend is never observed: it is what the balances and top-ups leave over, and says so. */
export interface DerivedSpend {
  amount: Money;
  derived: true;
  formula: 'opening + approved top-ups − closing';
}

export interface FloatRollForward {
  currency: string;
  float: string;
  /** The balance at the period start (bounds.ts); null when none is close enough (never 0). */
  opening: BalanceAt | null;
  /** The balance at the period end (bounds.ts); null when none is close enough (never 0). */
  closing: BalanceAt | null;
  /** Snapshots recorded inside the period (after the opening one, up to the closing one). */
  snapshotsInPeriod: number;
  topUps: RollForwardTopUp[];
  topUpTotal: Money;
  /** Null unless both opening and closing exist. */
  spend: DerivedSpend | null;
  /** opening + top-ups − spend − closing: exactly 0 when computed; null without opening or closing. */
  difference: Money | null;
  /** Sum of the unexplained credits flagged for this float in the period. */
  unexplainedCredit: Money;
  /** Opening and closing both exist, so the float counts in its currency's total. */
  complete: boolean;
}

export interface CurrencyTotals {
  opening: Money;
  topUps: Money;
  spend: DerivedSpend;
  closing: Money;
  difference: Money;
  unexplainedCredit: Money;
}

export interface CurrencyRollForward {
  currency: string;
  /** Floats summed in the totals (complete ones). */
  floats: string[];
  /** Floats left out of the totals, and why (their figures are not invented). */
  excluded: Array<{ float: string; missing: Array<'opening' | 'closing'> }>;
  /** Null when no float of the currency is complete. */
  totals: CurrencyTotals | null;
}

interface FlagBase {
  currency: string;
  float: string;
  /** One line for a person, amounts as exact text with their currency. */
  message: string;
}

export type RollForwardFlag = FlagBase &
  (
    | { kind: 'no_opening_snapshot'; periodStartsAt: string; toleranceDays: number }
    | { kind: 'no_closing_snapshot'; periodEndsAt: string; toleranceDays: number }
    | { kind: 'no_snapshot_in_period'; snapshot: SnapshotRef }
    | {
        kind: 'unexplained_credit';
        from: SnapshotRef;
        to: SnapshotRef;
        /** The rise not explained by approved top-ups: rise − topUps. */
        amount: Money;
        rise: Money;
        topUps: Money;
      }
    | {
        kind: 'approval_without_bank_payment';
        requestId: number;
        paymentReference: string;
        amount: Money;
        approvedSeenAt: string;
      }
    | {
        kind: 'over_precise_amount';
        source: { snapshot: SnapshotRef } | { requestId: number; paymentReference: string };
        amount: Money;
        allowedDecimals: number;
      }
    | {
        /** First seen already approved, created before the interval began: approval time unknown. */
        kind: 'approval_not_counted';
        seenAt: string;
        paymentReferences: string[];
        total: Money;
      }
    | {
        kind: 'approval_in_other_currency';
        requestId: number;
        paymentReference: string;
        amount: { amount: string; currency: string };
      }
    | { kind: 'unknown_currency' }
  );

export type RollForwardFlagKind = RollForwardFlag['kind'];

export interface RollForwardReport {
  period: RollForwardPeriod & {
    dayRule: 'utc';
    /** The first instant of the period (00:00:00Z of `from`). */
    startsAt: string;
    /** The instant the period ends (00:00:00Z of the day after `to`). */
    endsAt: string;
  };
  bankPayments: 'checked' | 'not_checked';
  /** How far from a bound a snapshot may lie to stand for the balance there. */
  boundToleranceDays: number;
  /** By currency, then float name. */
  floats: FloatRollForward[];
  currencies: CurrencyRollForward[];
  /** Every anomaly, in float order. */
  flags: RollForwardFlag[];
}
