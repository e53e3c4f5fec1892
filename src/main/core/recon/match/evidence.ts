/**
 * A proposed match with its score and evidence: which reference text matched, the exact amount
 * differences and how many days apart the payment and the request are.
 */
import type { MatchContext } from './context';
import type { Match, MatchRule, ReferenceEvidence } from './types';

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Scores carry three decimals: enough to rank, and stable when printed. */
export function roundScore(score: number): number {
  return Math.round(Math.min(1, Math.max(0, score)) * 1000) / 1000;
}

export function buildMatch(
  context: MatchContext,
  rule: MatchRule,
  lineIndexes: readonly number[],
  requestIndexes: readonly number[],
  score: number,
  references: ReferenceEvidence[],
  tolerance: bigint | null,
): Match {
  if (lineIndexes.length === 1 && requestIndexes.length === 1) {
    return buildPair(
      context,
      rule,
      lineIndexes[0] as number,
      requestIndexes[0] as number,
      score,
      references,
      tolerance,
    );
  }
  let paid = 0n;
  let requested = 0n;
  let approved: bigint | null = 0n;
  let daysApart = 0;
  const lineIds: string[] = [];
  const requestReferences: string[] = [];
  let currency = 0;
  for (const index of lineIndexes) {
    paid += context.paidOf(index);
    currency = context.lineCurrencies[index] as number;
    lineIds.push(context.lineIdOf(index));
  }
  for (const index of requestIndexes) {
    requested += context.requestedOf(index);
    const approvedAmount = context.approvedOf(index);
    approved = approved === null || approvedAmount === null ? null : approved + approvedAmount;
    requestReferences.push(context.referenceOf(index));
    for (const lineIndex of lineIndexes) {
      const apart = Math.abs(
        (context.lineDays[lineIndex] as number) - (context.requestDays[index] as number),
      );
      if (apart > daysApart) daysApart = apart;
    }
  }
  lineIds.sort(byText);
  requestReferences.sort(byText);
  return {
    rule,
    lineIds,
    requestReferences,
    score: roundScore(score),
    evidence: {
      references,
      currency: context.currencies[currency] as string,
      difference: context.format(paid - requested, currency),
      differenceApproved: approved === null ? null : context.format(paid - approved, currency),
      daysApart,
      tolerance: tolerance === null ? null : context.toleranceText(tolerance, currency),
    },
  };
}

/** One line, one request: the common case, without loops. */
export function buildPair(
  context: MatchContext,
  rule: MatchRule,
  line: number,
  request: number,
  score: number,
  references: ReferenceEvidence[],
  tolerance: bigint | null,
): Match {
  const currency = context.lineCurrencies[line] as number;
  const difference = context.differenceText(line, request);
  return {
    rule,
    lineIds: [context.lineIdOf(line)],
    requestReferences: [context.referenceOf(request)],
    score: roundScore(score),
    evidence: {
      references,
      currency: context.currencies[currency] as string,
      difference,
      differenceApproved: context.differenceApprovedText(line, request, difference),
      daysApart: Math.abs((context.lineDays[line] as number) - (context.requestDays[request] as number)),
      tolerance: tolerance === null ? null : context.toleranceText(tolerance, currency),
    },
  };
}

/** Ratio in [0, 1] of two non-negative BigInts, for scores only (never an amount). */
export function fraction(part: bigint, whole: bigint): number {
  if (whole <= 0n) return part <= 0n ? 0 : 1;
  if (part >= whole) return 1;
  return Number((part * 10_000n) / whole) / 10_000;
}

/** Best first; equal scores in a fixed order of ids, so the same input always lists them alike. */
export function compareOptions(a: Match, b: Match): number {
  if (a.score !== b.score) return b.score - a.score;
  const requests = byText(a.requestReferences.join('\n'), b.requestReferences.join('\n'));
  return requests !== 0 ? requests : byText(a.lineIds.join('\n'), b.lineIds.join('\n'));
}
