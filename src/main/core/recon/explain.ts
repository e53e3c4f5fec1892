/**
 * A match in the contract's shape (ReconMatch) with its evidence in plain words, e.g. "Reference
 * RF18539007547034 found in the remittance text; paid £2,500.00, requested £2,500.00." — amounts
 * and dates in the workspace's format (Settings → Format).
 */
import { moneyText, type FormatPreferences } from '../../../shared/domain/formats';
import { compareDecimal, type Money } from '../../../shared/domain/money';
import { exponentOf, fastScaled, fromScaled, significantDecimals, toScaled } from './match/amounts';
import type { ReconMatch } from '../../../shared/ipc/contract-recon';
import type { Match, ReferenceEvidence } from './match/types';
import type { ReconWorld } from './world';

export type StoredRule = ReconMatch['rule'];

/** A match as a decision stores it: the engine's (with evidence) or one made by hand. */
export interface StoredMatch {
  rule: StoredRule;
  lineIds: string[];
  requestReferences: string[];
  score: number;
  explanation: string;
  evidence?: Match['evidence'];
}

/** Shared by every caller asking of the same world (matchTotals): read, never changed. */
export interface MatchTotals {
  readonly currency: string;
  /** Money that left the bank: the negated sum of the lines. */
  readonly paid: Readonly<Money>;
  readonly requested: Readonly<Money>;
  /** Null unless every request has an approved amount in its currency. */
  readonly approved: Readonly<Money> | null;
}

/**
 * Exact sums of amount texts of one currency, in BigInt at a scale that holds every one (the
 * currency's decimals, more for an over-precise value), and the canonical text of a sum.
 */
function exactSums(
  currency: string,
  groups: readonly (readonly string[])[],
): { totals: bigint[]; money: (value: bigint) => Money } {
  const exponent = exponentOf(currency);
  const scale = Math.max(exponent, ...groups.flat().map(significantDecimals));
  const totals = groups.map((amounts) => {
    let total = 0n;
    for (const amount of amounts) total += fastScaled(amount, scale) ?? toScaled(amount, scale);
    return total;
  });
  return { totals, money: (value) => ({ amount: fromScaled(value, scale, exponent), currency }) };
}

/** The exact sum of each group of amount texts of one currency, as canonical Money. */
export function sumAmounts(currency: string, groups: readonly (readonly string[])[]): Money[] {
  const { totals, money } = exactSums(currency, groups);
  return totals.map(money);
}

/**
 * The totals worked out per world: a run explains each match it plans, and the states after it
 * show every match in force with its totals (some 70,000 each on a first run).
 */
const totalsByWorld = new WeakMap<ReconWorld, Map<string, MatchTotals | null>>();

/** Paid, requested and approved totals of lines and requests of one currency; null when mixed. */
export function matchTotals(
  world: ReconWorld,
  lineKeys: readonly string[],
  requestKeys: readonly string[],
): MatchTotals | null {
  let known = totalsByWorld.get(world);
  if (known === undefined) totalsByWorld.set(world, (known = new Map()));
  const key = JSON.stringify([lineKeys, requestKeys]);
  let totals = known.get(key);
  if (totals === undefined) known.set(key, (totals = computeMatchTotals(world, lineKeys, requestKeys)));
  return totals;
}

function computeMatchTotals(
  world: ReconWorld,
  lineKeys: readonly string[],
  requestKeys: readonly string[],
): MatchTotals | null {
  const lines = lineKeys.map((key) => world.lineByKey.get(key));
  const requests = requestKeys.map((key) => world.requestByKey.get(key));
  if (lines.some((line) => line === undefined) || requests.some((request) => request === undefined))
    return null;
  const currency = lines[0]?.currency ?? requests[0]?.requested.currency;
  if (currency === undefined) return null;
  if (
    lines.some((line) => line!.currency !== currency) ||
    requests.some((r) => r!.requested.currency !== currency)
  )
    return null;
  const approvedAll = requests.every(
    (request) => request!.approved !== null && request!.approved.currency === currency,
  );
  const { totals, money } = exactSums(currency, [
    lines.map((line) => line!.amount),
    requests.map((request) => request!.requested.amount),
    approvedAll ? requests.map((request) => request!.approved!.amount) : [],
  ]);
  const [lineTotal, requested, approved] = totals as [bigint, bigint, bigint];
  return {
    currency,
    paid: money(-lineTotal),
    requested: money(requested),
    approved: approvedAll ? money(approved) : null,
  };
}

export function amountsText(totals: MatchTotals | null, format: FormatPreferences): string {
  if (totals === null) return 'amounts in different currencies';
  const show = (value: Money): string => moneyText(value.amount, value.currency, format);
  const approved =
    totals.approved !== null && compareDecimal(totals.approved.amount, totals.requested.amount) !== 0
      ? `, approved ${show(totals.approved)}`
      : '';
  return `paid ${show(totals.paid)}, requested ${show(totals.requested)}${approved}`;
}

const where = (evidence: ReferenceEvidence): string =>
  evidence.where === 'reference' ? 'the bank reference' : 'the remittance text';

function evidenceText(match: Match, format: FormatPreferences): string {
  const [reference] = match.evidence.references;
  const days = match.evidence.daysApart === 1 ? '1 day' : `${match.evidence.daysApart} days`;
  switch (match.rule) {
    case 'exact_reference':
      return reference
        ? `Reference ${reference.requestReference} found in ${where(reference)}`
        : 'Payment reference found on the bank line';
    case 'fuzzy_reference': {
      if (!reference) return 'A reference close to the payment reference found on the bank line';
      const distance = reference.distance === 1 ? '1 character' : `${reference.distance} characters`;
      const check = reference.checkDigits === 'invalid' ? ' (its check digits fail)' : '';
      return `${reference.text} in ${where(reference)} is ${distance} from ${reference.requestReference}${check}`;
    }
    case 'amount_date': {
      const tolerance =
        match.evidence.tolerance === null
          ? ''
          : ` (tolerance ${moneyText(match.evidence.tolerance, match.evidence.currency, format)})`;
      return `No reference: amount within tolerance${tolerance}, booked ${days} from the request`;
    }
    case 'split_sum':
      return `${match.lineIds.length} payment(s) for ${match.requestReferences.length} request(s) add up exactly`;
  }
}

/** The engine's match as stored and shown. */
export function storedFromEngine(world: ReconWorld, match: Match, format: FormatPreferences): StoredMatch {
  const totals = matchTotals(world, match.lineIds, match.requestReferences);
  return {
    rule: match.rule,
    lineIds: match.lineIds,
    requestReferences: match.requestReferences,
    score: match.score,
    explanation: `${evidenceText(match, format)}; ${amountsText(totals, format)}.`,
    evidence: match.evidence,
  };
}

/** The contract's view of a stored match; ids as the world names the rows now. */
export function toReconMatch(match: StoredMatch, format: FormatPreferences, decisionId?: number): ReconMatch {
  return {
    rule: match.rule,
    lineIds: match.lineIds,
    requestReferences: match.requestReferences,
    score: match.score,
    explanation: match.explanation,
    ...(match.rule === 'manual' || match.evidence === undefined
      ? {}
      : {
          evidenceText: `${evidenceText({ ...match, rule: match.rule, evidence: match.evidence }, format)}.`,
        }),
    // After evidenceText: the contract's order, which a sign-off's frozen report is hashed in.
    ...(decisionId === undefined ? {} : { decisionId }),
  };
}
