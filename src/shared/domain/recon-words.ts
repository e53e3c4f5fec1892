import { AGEING_BUCKETS, MATCH_RULE_NAMES, RECON_STATES, RESOLUTION_REASONS } from '../ipc/contract-recon';
import type { RollforwardFlagValue } from '../ipc/contract-rollforward';

/**
 * The words a person reads for the reconciliation's codes: states, resolution reasons and match
 * rules. The screens and the exported files both say these (files add the code in a column of its
 * own, for machines), so there is one list. A code none of these knows is never shown as it is: it
 * reads as words made from it ("not_a_top_up" → "Not a top up").
 */

export type ReconStateCode = (typeof RECON_STATES)[number];
export type MatchRuleCode = (typeof MATCH_RULE_NAMES)[number];

export const RESOLUTION_REASON_CODES = RESOLUTION_REASONS;
export type ResolutionReasonCode = (typeof RESOLUTION_REASON_CODES)[number];

export const STATE_WORDS: Readonly<Record<ReconStateCode, string>> = {
  awaiting_payment: 'Awaiting payment',
  paid_awaiting_approval: 'Paid, awaiting approval',
  matched: 'Matched',
  variance: 'Variance',
  approved_unpaid: 'Approved, not paid',
  refund_expected: 'Refund expected',
  unmatched_bank_payment: 'Unmatched bank payment',
  resolved: 'Resolved',
  signed_off: 'Signed off',
};

export const RESOLUTION_REASON_WORDS: Readonly<Record<ResolutionReasonCode, string>> = {
  bank_fee: 'Bank fee',
  fx_difference: 'Exchange-rate difference',
  duplicate: 'Duplicate',
  refunded: 'Refunded',
  not_a_top_up: 'Not a top-up',
  written_off: 'Written off',
  other: 'Other',
};

/** Reasons FloatDesk gives itself when an item closes without a person (match/states.ts). */
export const AUTOMATIC_REASON_WORDS: Readonly<Record<'closed_unpaid', string>> = {
  closed_unpaid: 'Closed at the platform before it was paid',
};

export const MATCH_RULE_WORDS: Readonly<Record<MatchRuleCode, string>> = {
  exact_reference: 'Exact reference',
  fuzzy_reference: 'Near reference',
  amount_date: 'Amount and date',
  split_sum: 'Split payment',
  manual: 'Matched by hand',
};

export type RollforwardFlagCode = RollforwardFlagValue['kind'];

/** What each roll-forward flag is about, as the title of its sentence. */
export const ROLLFORWARD_FLAG_WORDS: Readonly<Record<RollforwardFlagCode, string>> = {
  no_opening_snapshot: 'No opening balance',
  no_closing_snapshot: 'No closing balance',
  no_snapshot_in_period: 'No balance in the period',
  unexplained_credit: 'Unexplained credit',
  approval_without_bank_payment: 'Approval with no bank payment',
  over_precise_amount: 'Over-precise amount',
  approval_not_counted: 'Approval not counted',
  approval_in_other_currency: 'Approval in another currency',
  unknown_currency: 'Unknown currency',
};

export type AgeingBucketCode = (typeof AGEING_BUCKETS)[number];

/**
 * Ages in words: a bare "3-7" or "8-30" is read as a date by Excel (and LibreOffice) when a CSV is
 * opened, so a file never holds a range that looks like one.
 */
export const AGEING_WORDS: Readonly<Record<AgeingBucketCode, string>> = {
  '0-2': '0 to 2 days',
  '3-7': '3 to 7 days',
  '8-30': '8 to 30 days',
  'over-30': 'over 30 days',
};

/** "some_new_code" → "Some new code": never the code itself. */
export function wordsFromCode(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
  return words === '' ? 'Unknown' : words.charAt(0).toUpperCase() + words.slice(1);
}

const lookup =
  <K extends string>(table: Readonly<Record<K, string>>) =>
  (code: string): string =>
    Object.prototype.hasOwnProperty.call(table, code) ? table[code as K] : wordsFromCode(code);

export const stateWords = lookup(STATE_WORDS);
export const reasonWords = lookup({ ...RESOLUTION_REASON_WORDS, ...AUTOMATIC_REASON_WORDS });
export const ruleWords = lookup(MATCH_RULE_WORDS);
export const flagWords = lookup(ROLLFORWARD_FLAG_WORDS);

/**
 * Who made a decision, a run or a sign-off, in words: the person's name as set in Settings at the
 * time, a scheduled run from the command line, or automatic matching (records from before names).
 */
export function actorWords(actor: string, name: string | null | undefined): string {
  if (actor === 'cli') return name ? `${name} (command line)` : 'scheduled run (CLI)';
  // A colleague's decision arrives from the team as 'sync', with the colleague's name.
  if (actor === 'sync') return name ? name : 'automatic matching';
  return name ? name : 'FloatDesk user (no name set)';
}

/** The same, as a cell or a title of its own: "Ana Ruiz", "Scheduled run (CLI)", "Automatic matching". */
export function actorLabel(actor: string, name: string | null | undefined): string {
  const words = actorWords(actor, name);
  return words.charAt(0).toUpperCase() + words.slice(1);
}
