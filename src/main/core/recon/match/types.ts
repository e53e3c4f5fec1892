/**
 * The matching engine's public shapes: what `preview` takes and returns. Pure data:
 * amounts are exact decimal text, dates YYYY-MM-DD, ids are the bank's transaction id and the
 * request's payment reference.
 */
import type { BankLine } from '../../../../shared/domain/statements';

export type { BankLine };

export interface MatchMoney {
  amount: string;
  currency: string;
}

/**
 * A transfer request as the ledger holds it. TransferRow (IPC) and TransferRequestRecord (ledger)
 * both fit this shape. `status` may be a value the platform adds later; it is kept as sent.
 */
export interface MatchRequest {
  paymentReference: string;
  /** ISO 8601 as the platform wrote it; its first ten characters are the request's date. */
  createdAt: string;
  float: string;
  currency: string;
  requested: MatchMoney;
  approved: MatchMoney | null;
  status: string;
}

/** Which pass found a match, strongest evidence first. */
export type MatchRule = 'exact_reference' | 'fuzzy_reference' | 'amount_date' | 'split_sum';

/** A reference text read from the bank line and the request reference it led to. */
export interface ReferenceEvidence {
  /** Where on the bank line the text was found. */
  where: 'reference' | 'remittance';
  /** The normalised text as read (letters and digits, upper case). */
  text: string;
  /** The request's payment reference it matched. */
  requestReference: string;
  /** Damerau–Levenshtein (optimal string alignment) distance; 0 for an exact match. */
  distance: number;
  /** For RF-shaped texts: whether the ISO 11649 check digits hold. */
  checkDigits: 'valid' | 'invalid' | 'not_creditor_reference';
}

export interface MatchEvidence {
  references: ReferenceEvidence[];
  currency: string;
  /** Paid (sum of the bank lines, positive) − requested (sum of the requests), exact and signed. */
  difference: string;
  /** Paid − approved when every request has an approved amount, else null. */
  differenceApproved: string | null;
  /** The largest |booking date − request date| over the pairs in the match, in days. */
  daysApart: number;
  /** The amount tolerance that applied (amount rules only), exact. */
  tolerance: string | null;
}

export interface Match {
  rule: MatchRule;
  /** Bank transaction ids, sorted; more than one only for a split. */
  lineIds: string[];
  /** Payment references, sorted; more than one only for a split. */
  requestReferences: string[];
  /** 0–1, three decimals: how strong the evidence is (see score.ts). */
  score: number;
  evidence: MatchEvidence;
  /** Set on signed-off matches handed in as locked: kept exactly as given. */
  locked?: true;
}

export type SuggestionReason =
  /** Two or more candidates are equally good. */
  | 'tie'
  /** Several bank lines and requests point at one another (several references, repeated reference). */
  | 'conflict'
  /** The best candidate fails a condition for automatic matching (amount outside tolerance,
   *  a valid creditor reference that differs, a different currency). */
  | 'weak_evidence';

/** Candidates a person must choose between; nothing is matched automatically. */
export interface Suggestion {
  rule: MatchRule;
  reason: SuggestionReason;
  /** Each option is a complete proposed match; best first. */
  options: Match[];
}

export interface ToleranceSpec {
  /** In major units of the currency, exact decimal text, e.g. "5" or "0.50". */
  absolute: string;
  /** Percent of the requested amount, exact decimal text, e.g. "0.5". The smaller tolerance wins. */
  percent: string;
}

export interface MatchOptions {
  /** Tolerance for the amount rule; `byCurrency` overrides `default` per ISO code. */
  tolerance?: { default?: ToleranceSpec; byCurrency?: Readonly<Record<string, ToleranceSpec>> };
  /** Booking date − request date must lie in [−daysBefore, +daysAfter]. */
  window?: { daysBefore: number; daysAfter: number };
  /** Largest number of parts in an amount-only split, and candidates searched per split. */
  split?: { maxParts: number; maxCandidates: number };
}

/** Signed-off items: never used or changed by automatic passes. */
export interface Locks {
  /** Signed-off matches: returned unchanged, their lines and requests kept out of every pass. */
  matches?: readonly Match[];
  /** Signed-off bank lines without a match (e.g. resolved), by bank transaction id. */
  lineIds?: readonly string[];
  /** Signed-off requests without a match, by payment reference. */
  requestReferences?: readonly string[];
}

export interface PreviewResult {
  matches: Match[];
  suggestions: Suggestion[];
  /** Debit lines in no match (credits and zero lines are listed in `ignoredLines`). */
  unmatchedLines: string[];
  unmatchedRequests: string[];
  /** Credit or zero lines: not payments of a top-up, so never matched to a request. */
  ignoredLines: string[];
}
