/**
 * The auto-match policy (Settings → Reconciliation): which of the engine's matches may be stored
 * without a person. Pure: amounts are exact decimal text. A match is automatic only when
 *   - its rule is allowed to match automatically (amount and date never is: a payment with no
 *     reference says nothing about which of two equal requests it paid), and
 *   - the bank amount equals the approved amount (the requested one while none is approved) within
 *     the currency's tolerance — whatever the rule, however good the reference, and
 *   - no item of it is dated before the reconciliation start date.
 * Anything else becomes a suggestion for a person, with the reason in words.
 */
import { moneyText, type FormatPreferences } from '../../../../shared/domain/formats';
import { exponentOf, fromScaled, significantDecimals, toScaled } from '../match/amounts';
import type { MatchRule } from '../match/types';

export interface AutoMatchPolicy {
  automatic: { exactReference: boolean; fuzzyReference: boolean; splitSum: boolean };
  /** Absolute tolerance per currency in major units ("0.50"); a currency not listed: 0. */
  tolerances: Readonly<Record<string, string>>;
  /** YYYY-MM-DD or null: items dated before it are out of scope. */
  startDate: string | null;
}

/**
 * Exact and near references match automatically (the amount must agree as well: see above); splits
 * by sum alone and amount-and-date are suggestions; no tolerance; no start date.
 */
export const DEFAULT_POLICY: AutoMatchPolicy = {
  automatic: { exactReference: true, fuzzyReference: true, splitSum: false },
  tolerances: {},
  startDate: null,
};

/** The amounts of a proposed match, as the ledger holds them. */
export interface MatchAmounts {
  /** The currency of every line and request, or null when they differ. */
  currency: string | null;
  /** What left the bank: the negated sum of the lines (positive for payments). */
  paid: string;
  /** Σ over the requests of the approved amount, or the requested amount while none is approved. */
  expected: string;
  /** Whether every request has an approved amount (for the words only). */
  allApproved: boolean;
}

export type Verdict = { automatic: true } | { automatic: false; why: string };

export const RULE_WORDS: Readonly<Record<MatchRule, string>> = {
  exact_reference: 'Exact payment reference',
  fuzzy_reference: 'Payment reference with a typo',
  amount_date: 'Amount and date (no reference)',
  split_sum: 'Split payments adding up exactly (no reference)',
};

function ruleAllowed(rule: MatchRule, policy: AutoMatchPolicy): boolean {
  switch (rule) {
    case 'exact_reference':
      return policy.automatic.exactReference;
    case 'fuzzy_reference':
      return policy.automatic.fuzzyReference;
    case 'split_sum':
      return policy.automatic.splitSum;
    case 'amount_date':
      return false;
  }
}

export function toleranceOf(policy: AutoMatchPolicy, currency: string): string {
  return policy.tolerances[currency] ?? '0';
}

/** Whether the run may store this match without a person, and if not, why (one sentence). */
export function autoMatchVerdict(
  rule: MatchRule,
  amounts: MatchAmounts,
  policy: AutoMatchPolicy,
  format: FormatPreferences,
  outOfScope = false,
): Verdict {
  if (rule === 'amount_date') {
    return { automatic: false, why: 'An amount and a date alone are never matched without a person.' };
  }
  if (!ruleAllowed(rule, policy)) {
    return {
      automatic: false,
      why: `Settings → Reconciliation leave matches by "${RULE_WORDS[rule].toLowerCase()}" to a person.`,
    };
  }
  if (outOfScope) {
    return { automatic: false, why: 'An item of it is dated before the reconciliation start date.' };
  }
  const { currency } = amounts;
  if (currency === null) {
    return { automatic: false, why: 'The bank line and the request are in different currencies.' };
  }
  const tolerance = toleranceOf(policy, currency);
  const scale = Math.max(
    exponentOf(currency),
    significantDecimals(amounts.paid),
    significantDecimals(amounts.expected),
    significantDecimals(tolerance),
  );
  const paid = toScaled(amounts.paid, scale);
  const expected = toScaled(amounts.expected, scale);
  const gap = paid > expected ? paid - expected : expected - paid;
  if (gap <= toScaled(tolerance, scale)) return { automatic: true };
  const text = (value: bigint): string =>
    moneyText(fromScaled(value, scale, exponentOf(currency)), currency, format);
  const against = amounts.allApproved ? 'approved' : 'requested';
  return {
    automatic: false,
    why:
      `The bank paid ${text(paid)} against ${text(expected)} ${against}: ${text(gap)} apart, more than ` +
      `the tolerance of ${text(toScaled(tolerance, scale))}.`,
  };
}

/** Whether an item dated `date` (YYYY-MM-DD, or an ISO timestamp: its date as written) is before the start. */
export function beforeStart(date: string, policy: Pick<AutoMatchPolicy, 'startDate'>): boolean {
  return policy.startDate !== null && date.slice(0, 10) < policy.startDate;
}
