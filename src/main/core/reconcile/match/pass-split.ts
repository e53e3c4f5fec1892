/**
 * Pass 4 — splits by exact sum, for what the stronger passes left:
 *   one payment for several requests: 2..maxParts free requests of the line's currency AND the same
 *     float, registered within SPLIT_SPREAD_DAYS of each other, each within the window of the
 *     payment, whose requested amounts add up exactly to it (split-batches.ts);
 *   several payments for one request: 2..maxParts free lines of its currency within the window
 *     whose amounts add up exactly to its requested amount (bounded subset sum, subset-sum.ts).
 * Same float for the first: without a reference, a combination across floats is a much weaker
 * claim (every float's requests multiply the combinations that could add up by coincidence), and
 * one top-up payment is normally made for one float. (A payment naming several requests of
 * different floats by reference is matched by the exact-reference pass.) The search is bounded:
 * at most `maxCandidates` candidates (more: no split is tried, a person decides), at most
 * `maxParts` parts, a step budget. Two solutions, or two proposals sharing an item, go to a person.
 */
import { orderByDay } from './blocks';
import { FREE, type MatchContext } from './context';
import { buildMatch, compareOptions } from './evidence';
import { SPLIT_STEP_BUDGET } from './options';
import { splitScore } from './score';
import { batchesFor, requestBatches } from './split-batches';
import { sortByAmountDescending, subsetsSummingTo } from './subset-sum';
import type { Match } from './types';

interface Proposal {
  lines: number[];
  requests: number[];
}

/** Free lines of each currency (by number), in date order. */
function linesByCurrency(context: MatchContext): number[][] {
  const lists = context.currencies.map((): number[] => []);
  const ordered = orderByDay(context.lineDays, context.lineCount, context.lineState, FREE);
  for (let k = 0; k < ordered.length; k++) {
    const i = ordered[k] as number;
    (lists[context.lineCurrencies[i] as number] as number[]).push(i);
  }
  return lists;
}

/** First position in `list` (sorted by day) whose day is ≥ `from`. */
function lowerBound(list: readonly number[], days: Int32Array, from: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((days[list[middle] as number] as number) < from) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function splitPass(context: MatchContext): void {
  const { daysBefore, daysAfter, maxParts, maxCandidates } = context.options;
  const searches: Proposal[][] = [];
  const { requestDays, lineDays } = context;
  const paid = (i: number): bigint => context.paidOf(i);

  // One payment, several requests of one float registered together (split-batches.ts).
  const batches = requestBatches(context);
  for (let lineIndex = 0; lineIndex < context.lineCount; lineIndex++) {
    if (context.lineState[lineIndex] !== FREE) continue;
    const found = batchesFor(context, batches, lineIndex);
    if (found.length > 0) searches.push(found.map((requests) => ({ lines: [lineIndex], requests })));
  }

  // Several payments, one request.
  const lineLists = linesByCurrency(context);
  const candidates: number[] = [];
  for (let requestIndex = 0; requestIndex < context.requestCount; requestIndex++) {
    if (context.requestState[requestIndex] !== FREE) continue;
    const list = lineLists[context.requestCurrencies[requestIndex] as number] as number[];
    const day = requestDays[requestIndex] as number;
    const target = context.requestedOf(requestIndex);
    candidates.length = 0;
    const last = day + daysAfter;
    for (let k = lowerBound(list, lineDays, day - daysBefore); k < list.length; k++) {
      const i = list[k] as number;
      if ((lineDays[i] as number) > last || candidates.length > maxCandidates) break;
      if (context.paidOf(i) < target) candidates.push(i);
    }
    if (candidates.length < 2 || candidates.length > maxCandidates) continue;
    let total = 0n;
    for (const i of candidates) total += context.paidOf(i);
    if (total < target) continue;
    sortByAmountDescending(candidates, paid, (i) => context.lineIds[i] as string);
    const result = subsetsSummingTo(
      candidates.map(paid),
      0,
      candidates.length,
      target,
      maxParts,
      SPLIT_STEP_BUDGET,
    );
    if (result.exhausted || result.solutions.length === 0) continue;
    searches.push(
      result.solutions.map((solution) => ({
        lines: solution.map((s) => candidates[s] as number),
        requests: [requestIndex],
      })),
    );
  }
  settle(context, searches);
}

/**
 * A search with one solution whose items no other search wants is accepted; two solutions are a
 * tie; solutions sharing items with another search are a conflict. Both go to a person.
 */
function settle(context: MatchContext, searches: Proposal[][]): void {
  const lineUses = new Map<number, number>();
  const requestUses = new Map<number, number>();
  for (const solutions of searches) {
    for (const proposal of solutions) {
      for (const i of proposal.lines) lineUses.set(i, (lineUses.get(i) ?? 0) + 1);
      for (const i of proposal.requests) requestUses.set(i, (requestUses.get(i) ?? 0) + 1);
    }
  }
  const build = (p: Proposal): Match =>
    buildMatch(
      context,
      'split_sum',
      p.lines,
      p.requests,
      splitScore(p.lines.length + p.requests.length - 1),
      [],
      null,
    );
  const held: [Proposal[], 'tie' | 'conflict'][] = [];
  for (const solutions of searches) {
    const proposal = solutions[0] as Proposal;
    const alone =
      solutions.length === 1 &&
      proposal.lines.every((i) => lineUses.get(i) === 1) &&
      proposal.requests.every((i) => requestUses.get(i) === 1);
    if (alone) context.accept(build(proposal), proposal.lines, proposal.requests);
    else held.push([solutions, solutions.length > 1 ? 'tie' : 'conflict']);
  }
  for (const [solutions, reason] of held) {
    context.hold(
      { rule: 'split_sum', reason, options: solutions.map(build).sort(compareOptions) },
      solutions.flatMap((p) => p.lines),
      solutions.flatMap((p) => p.requests),
    );
  }
}
