/**
 * The shapes journals are made from and made of. Pure data: amounts are exact decimal text in the
 * currency named beside them (never a binary float), dates YYYY-MM-DD, ids are the bank's
 * transaction ids and the requests' payment references, as the reconciliation keeps them.
 */

/** A bank line as a journal needs it; `amount` is signed as the statement wrote it ("-2500.00" paid). */
export interface JournalBankLine {
  /** The bank's own id of the line; empty when the statement gave none (FloatDesk's id is never shown). */
  bankTransactionId: string;
  bookingDate: string;
  amount: string;
}

/** A request in a match as a journal needs it (match/types.ts MatchRequest, narrowed). */
export interface JournalRequest {
  paymentReference: string;
  float: string;
  /** The platform's approved amount; for a removed or cancelled request it is not used. */
  approved: string | null;
  /** For a reversal or an adjustment: the approved amount the earlier entries posted into the float. */
  posted?: string;
}

/**
 * A match in force as of the period's date (automatic, confirmed or by hand): its requests and the
 * bank lines that paid them, all in one currency. `closed` marks requests removed or cancelled at
 * the platform after being paid (state refund_expected): the money is owed back, not in the float.
 */
export interface MatchedTopUp {
  currency: string;
  requests: readonly JournalRequest[];
  lines: readonly JournalBankLine[];
  closed: boolean;
  /**
   * True when an earlier period posted this top-up into its float and it was removed or cancelled
   * since: that entry is reversed into a refund due (each request's `posted` is what it posted).
   */
  reversal?: boolean;
  /**
   * True when an earlier period posted this top-up into its float and the platform has changed its
   * approved amount since: the difference is posted (each request's `posted` is what was posted).
   */
  adjustment?: boolean;
}

/** The roll-forward's derived spend of one float (rollforward/types.ts FloatRollForward.spend). */
export interface FloatSpend {
  float: string;
  currency: string;
  /** opening + approved top-ups − closing, exact; negative when the balances rose more than the top-ups. */
  amount: string;
}

/** A person's resolution of an item with no match (match/states.ts Resolution, with what it is about). */
export interface ResolvedItem {
  kind: 'request' | 'line';
  /** Payment reference or bank transaction id. */
  id: string;
  /** A RESOLUTION_REASONS code, or one a newer FloatDesk wrote (kept, listed as not posted). */
  reasonCode: string;
  note: string;
  currency: string;
  /** The request's float; null for a bank line (it belongs to no float). */
  float: string | null;
  /** Signed as the statement wrote it for a line; the requested amount for a request. */
  amount: string;
  /** The bank line's booking date (a request's: its date in the reconciliation). */
  date: string;
}

/** What the reconciliation knows of a period as of its date: the input of the journal rules. */
export interface PeriodFacts {
  /** The period the journals cover (the roll-forward's), and the as-of date they are dated. */
  period: { from: string; to: string };
  asOf: string;
  /** The sign-off the facts were frozen by; null for an open period (every journal is a DRAFT). */
  signOffId: number | null;
  topUps: readonly MatchedTopUp[];
  spend: readonly FloatSpend[];
  resolutions: readonly ResolvedItem[];
}

export type JournalKind = 'top_ups' | 'refunds' | 'derived_spend' | 'resolutions';

export interface JournalLine {
  account: string;
  /** Positive: debit; negative: credit. Exact, canonical in the journal's currency; never zero. */
  amount: string;
  description: string;
  /** Payment references (or the bank transaction id) the line comes from, space separated. */
  reference: string;
  taxCode: string | null;
  tracking: readonly TrackingValue[];
  /** Set on a line converted into the books' currency: its amount in the float's currency and the rate. */
  converted?: ConvertedAmount;
}

export interface ConvertedAmount {
  /** Signed like the line, canonical in `currency` (the float's). */
  amount: string;
  currency: string;
  /** Canonical decimal text: 1 unit of `currency` in the books' currency. */
  rate: string;
}

export interface TrackingValue {
  name: string;
  option: string;
}

/** Where a conversion's rounding difference goes: the row's rounding account, with its tax code and tracking. */
export interface RoundingTarget {
  account: string;
  taxCode: string | null;
  tracking: readonly TrackingValue[];
}

/** Lines of one event (a match, a float's spend, a resolution): they balance on their own. */
export interface JournalEntry {
  lines: JournalLine[];
  /**
   * The date a conversion takes its rate on: a top-up's (or refund's) last bank line's booking date,
   * a derived spend's period end, a resolution's bank line date.
   */
  rateDate: string;
  /** The mapping's rounding account for the entry's float (bank lines: their currency's); null: none. */
  rounding: RoundingTarget | null;
}

export interface Journal {
  /** Stable name shared by all its lines: e.g. "FD-2026-11-30-S12-TOP-UPS-GBP" or "DRAFT-…". */
  id: string;
  kind: JournalKind;
  currency: string;
  /** The float's currency when the journal was converted into the books' (`currency`); null: not converted. */
  convertedFrom: string | null;
  /** The as-of date. */
  date: string;
  narration: string;
  signOffId: number | null;
  draft: boolean;
  entries: JournalEntry[];
}

/** A resolution listed, not posted: its reason calls for no entry. */
export interface NotPosted {
  kind: 'request' | 'line';
  id: string;
  reasonCode: string;
  /** In words: the reason and why nothing is posted. */
  why: string;
}

export interface JournalSet {
  journals: Journal[];
  notPosted: NotPosted[];
}
