/**
 * Mutual best choice, used by the reference-with-typo and the amount-and-date passes. A line and a
 * request are matched only when each is the other's single best candidate (lowest cost, no other
 * candidate at that cost) and the pair is eligible for automatic matching. Decisions of one round
 * are taken together from the same snapshot, then rounds repeat over what is left (a line that lost
 * its best request to a strictly better line may then have a single best elsewhere). Input order
 * never changes a decision. What stays unresolved becomes one suggestion per line.
 */
import { FREE, type MatchContext } from './context';
import { compareOptions } from './evidence';
import type { Match, MatchRule, SuggestionReason } from './types';

export interface Candidate {
  line: number;
  request: number;
  /** Lower is better; equal costs are equally good (a tie). Exact: a distance or an amount gap. */
  cost: bigint;
  /** May be matched without a person (e.g. the amount is within tolerance). */
  eligible: boolean;
  build: () => Match;
}

interface Best {
  cost: bigint;
  count: number;
  candidate: Candidate;
}

const MAX_ROUNDS = 16;
const MAX_OPTIONS = 5;

function bestOf(map: Map<number, Best>, key: number, candidate: Candidate): void {
  const best = map.get(key);
  if (best === undefined || candidate.cost < best.cost)
    map.set(key, { cost: candidate.cost, count: 1, candidate });
  else if (candidate.cost === best.cost) best.count++;
}

export function resolveMutualBest(
  context: MatchContext,
  rule: MatchRule,
  candidates: readonly Candidate[],
): void {
  const free = (c: Candidate): boolean =>
    context.lineState[c.line] === FREE && context.requestState[c.request] === FREE;
  let live = candidates.filter(free);
  for (let round = 0; round < MAX_ROUNDS && live.length > 0; round++) {
    const [lineBest, requestBest] = bests(live);
    let progress = false;
    for (const best of lineBest.values()) {
      const { candidate } = best;
      if (best.count !== 1 || !candidate.eligible) continue;
      const other = requestBest.get(candidate.request);
      if (other === undefined || other.count !== 1 || other.candidate !== candidate) continue;
      context.acceptPair(candidate.build(), candidate.line, candidate.request);
      progress = true;
    }
    if (!progress) break;
    live = live.filter(free);
  }
  live = live.filter(free);
  suggestLeftovers(context, rule, live, ...bests(live));
}

function bests(live: readonly Candidate[]): [Map<number, Best>, Map<number, Best>] {
  const lineBest = new Map<number, Best>();
  const requestBest = new Map<number, Best>();
  for (const candidate of live) {
    bestOf(lineBest, candidate.line, candidate);
    bestOf(requestBest, candidate.request, candidate);
  }
  return [lineBest, requestBest];
}

function suggestLeftovers(
  context: MatchContext,
  rule: MatchRule,
  live: readonly Candidate[],
  lineBest: Map<number, Best>,
  requestBest: Map<number, Best>,
): void {
  const byLine = new Map<number, Candidate[]>();
  for (const candidate of live) {
    const list = byLine.get(candidate.line);
    if (list === undefined) byLine.set(candidate.line, [candidate]);
    else list.push(candidate);
  }
  for (const [line, list] of byLine) {
    const best = lineBest.get(line);
    const contested = list.some((c) => (requestBest.get(c.request)?.count ?? 0) > 1);
    let reason: SuggestionReason = 'conflict';
    if (best !== undefined && best.count > 1) reason = 'tie';
    else if (best !== undefined && !best.candidate.eligible) reason = 'weak_evidence';
    else if (contested) reason = 'tie';
    list.sort((a, b) => {
      if (a.cost !== b.cost) return a.cost < b.cost ? -1 : 1;
      const x = context.references[a.request] as string;
      const y = context.references[b.request] as string;
      return x < y ? -1 : x > y ? 1 : 0;
    });
    const kept = list.slice(0, MAX_OPTIONS);
    const options = kept.map((c) => c.build()).sort(compareOptions);
    context.hold(
      { rule, reason, options },
      [line],
      kept.map((c) => c.request),
    );
  }
}
