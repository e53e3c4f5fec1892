/**
 * Pass 4 — splits by exact sum, for what the stronger passes left:
 *   one payment for several requests: 2..maxParts free requests of the line's currency AND the same
 *     float, registered within SPLIT_SPREAD_DAYS of each other, each within the window of the
 *     payment, whose requested amounts add up exactly to it;
 *   several payments for one request: 2..maxParts free lines of its currency, booked within
 *     SPLIT_SPREAD_DAYS of each other, each within the window of the request, whose amounts add up
 *     exactly to its requested amount.
 * Same float for the first: without a reference, a combination across floats is a much weaker
 * claim (every float's requests multiply the combinations that could add up by coincidence), and
 * one top-up payment is normally made for one float. (A payment naming several requests of
 * different floats by reference is matched by the exact-reference pass.) The spread: the parts of
 * a split are registered, or paid, together — and it keeps the combinations few. Bounded: where
 * more than `maxCandidates` items lie within one spread no combination is formed (a person
 * decides); at most `maxParts` parts. Combinations are found through their totals
 * (split-batches.ts). Two solutions, or two proposals sharing an item, go to a person.
 */
import { FREE, type MatchContext } from './context';
import { buildMatch, compareOptions } from './evidence';
import { splitScore } from './score';
import { batchesFor, hasBatches, lineBatches, requestBatches } from './split-batches';
import type { Match } from './types';

interface Proposal {
  lines: number[];
  requests: number[];
}

export function splitPass(context: MatchContext): void {
  const searches: Proposal[][] = [];
  const { requestDays, lineDays } = context;

  // One payment, several requests of one float registered together.
  const requestTotals = requestBatches(context);
  // Several payments, one request: paid together.
  const lineTotals = lineBatches(context);

  for (let line = 0; line < context.lineCount; line++) {
    if (context.lineState[line] !== FREE) continue;
    const currency = context.lineCurrencies[line] as number;
    const paid = context.paidOf(line);
    // Most amounts are no combination's total: answered before any closure is made.
    if (!hasBatches(requestTotals, currency, paid)) continue;
    const day = lineDays[line] as number;
    const found = batchesFor(
      context,
      requestTotals,
      currency,
      paid,
      (request) => context.inWindow(day, requestDays[request] as number),
      (request) => context.referenceOf(request),
    );
    if (found.length > 0) searches.push(found.map((requests) => ({ lines: [line], requests })));
  }
  for (let request = 0; request < context.requestCount; request++) {
    if (context.requestState[request] !== FREE) continue;
    const currency = context.requestCurrencies[request] as number;
    const requested = context.requestedOf(request);
    if (!hasBatches(lineTotals, currency, requested)) continue;
    const day = requestDays[request] as number;
    const found = batchesFor(
      context,
      lineTotals,
      currency,
      requested,
      (line) => context.inWindow(lineDays[line] as number, day),
      (line) => context.lineIdOf(line),
    );
    if (found.length > 0) searches.push(found.map((lines) => ({ lines, requests: [request] })));
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
