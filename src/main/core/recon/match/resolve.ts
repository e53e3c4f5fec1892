/**
 * Mutual best choice, used by the reference-with-typo and the amount-and-date passes. A line and a
 * request are matched only when each is the other's single best candidate (lowest cost, no other
 * candidate at that cost) and the pair is eligible for automatic matching. Decisions of one round
 * are taken together from the same snapshot, then rounds repeat over what is left (a line that lost
 * its best request to a strictly better line may then have a single best elsewhere). Input order
 * never changes a decision. What stays unresolved becomes one suggestion per line, or per request
 * when several lines want it equally (a tie shows every competing line).
 */
import { FREE, type MatchContext } from './context';
import { compareOptions } from './evidence';
import type { Match, MatchRule, ReferenceEvidence, SuggestionReason } from './types';

/** Plain data (many of them): the pass's `build` turns one into a Match when it is needed. */
export interface Candidate {
  line: number;
  request: number;
  /** Lower is better; equal costs are equally good (a tie). Exact: a distance or an amount gap. */
  cost: bigint;
  /** May be matched without a person (e.g. the amount is within tolerance). */
  eligible: boolean;
  score: number;
  tolerance: bigint;
  /** The reference evidence, for rules that have one. */
  reference: ReferenceEvidence | null;
}

const MAX_OPTIONS = 5;

/** Per line or per request: the lowest cost among live candidates, how many share it, and one of them. */
class Bests {
  readonly cost: (bigint | undefined)[];
  readonly count: Int32Array;
  readonly candidate: Int32Array;
  constructor(size: number) {
    this.cost = new Array<bigint | undefined>(size);
    this.count = new Int32Array(size);
    this.candidate = new Int32Array(size);
  }
  reset(key: number): void {
    this.cost[key] = undefined;
    this.count[key] = 0;
  }
  offer(key: number, cost: bigint, candidate: number): void {
    const best = this.cost[key];
    if (best === undefined || cost < best) {
      this.cost[key] = cost;
      this.count[key] = 1;
      this.candidate[key] = candidate;
    } else if (cost === best) {
      this.count[key] = (this.count[key] as number) + 1;
    }
  }
  /** The single best candidate of `key`, or −1 when there is a tie. */
  single(key: number): number {
    return this.count[key] === 1 ? (this.candidate[key] as number) : -1;
  }
}

/**
 * Numbers 0..n−1 for the distinct values of `values` (lines or requests), n, and per candidate its
 * number. `scratch` (one slot per possible value, −1 everywhere) is left as it was found: nothing
 * here is sized by the whole data set, only by the candidates.
 */
function compact(values: Int32Array, scratch: Int32Array): { of: Int32Array; count: number } {
  const of = new Int32Array(values.length);
  const seen: number[] = [];
  for (let c = 0; c < values.length; c++) {
    const value = values[c] as number;
    let id = scratch[value] as number;
    if (id < 0) {
      id = seen.length;
      scratch[value] = id;
      seen.push(value);
    }
    of[c] = id;
  }
  for (const value of seen) scratch[value] = -1;
  return { of, count: seen.length };
}

/** Candidate numbers grouped by key: compressed rows, built by counting. */
function groupBy(keys: Int32Array, size: number): { start: Int32Array; list: Int32Array } {
  const start = new Int32Array(size + 1);
  for (let c = 0; c < keys.length; c++) {
    const key = (keys[c] as number) + 1;
    start[key] = (start[key] as number) + 1;
  }
  for (let k = 1; k <= size; k++) start[k] = (start[k] as number) + (start[k - 1] as number);
  const next = start.slice(0, size);
  const list = new Int32Array(keys.length);
  for (let c = 0; c < keys.length; c++) {
    const key = keys[c] as number;
    const at = next[key] as number;
    list[at] = c;
    next[key] = at + 1;
  }
  return { start, list };
}

export function resolveMutualBest(
  context: MatchContext,
  rule: MatchRule,
  candidates: readonly Candidate[],
  build: (candidate: Candidate) => Match,
): void {
  const free = (c: number): boolean => {
    const candidate = candidates[c] as Candidate;
    return context.lineState[candidate.line] === FREE && context.requestState[candidate.request] === FREE;
  };
  // Lines and requests renumbered among the candidates' own (l, r below are those numbers).
  const lines = compact(
    Int32Array.from(candidates, (c) => c.line),
    context.scratch,
  );
  const requests = compact(
    Int32Array.from(candidates, (c) => c.request),
    context.scratch,
  );
  const lineOf = lines.of;
  const requestOf = requests.of;
  const byLine = groupBy(lineOf, lines.count);
  const byRequest = groupBy(requestOf, requests.count);
  const lineBest = new Bests(lines.count);
  const requestBest = new Bests(requests.count);
  const rankLine = (l: number): void => {
    lineBest.reset(l);
    for (let k = byLine.start[l] as number; k < (byLine.start[l + 1] as number); k++) {
      const c = byLine.list[k] as number;
      if (free(c)) lineBest.offer(l, (candidates[c] as Candidate).cost, c);
    }
  };
  const rankRequest = (r: number): void => {
    requestBest.reset(r);
    for (let k = byRequest.start[r] as number; k < (byRequest.start[r + 1] as number); k++) {
      const c = byRequest.list[k] as number;
      if (free(c)) requestBest.offer(r, (candidates[c] as Candidate).cost, c);
    }
  };
  for (let l = 0; l < lines.count; l++) rankLine(l);
  for (let r = 0; r < requests.count; r++) rankRequest(r);
  const mutual = (c: number): boolean =>
    c >= 0 &&
    (candidates[c] as Candidate).eligible &&
    lineBest.single(lineOf[c] as number) === c &&
    requestBest.single(requestOf[c] as number) === c;
  // Round one looks at every line and request; later rounds only at those whose candidates
  // changed (a request or line of theirs was just matched) — the others' answers cannot change.
  let dirtyLines: Iterable<number> = byLine.start.keys();
  let dirtyRequests: Iterable<number> = [];
  const taken = new Uint8Array(candidates.length);
  for (;;) {
    const accepted: number[] = [];
    const take = (c: number): void => {
      if (mutual(c) && free(c) && taken[c] === 0) {
        taken[c] = 1;
        accepted.push(c);
      }
    };
    for (const l of dirtyLines) if (l < lines.count) take(lineBest.single(l));
    for (const r of dirtyRequests) take(requestBest.single(r));
    if (accepted.length === 0) break;
    // Decided together from the same ranking; then the neighbours of each new match re-rank.
    for (const c of accepted) {
      const candidate = candidates[c] as Candidate;
      context.acceptPair(build(candidate), candidate.line, candidate.request);
    }
    const nextLines = new Set<number>();
    const nextRequests = new Set<number>();
    for (const c of accepted) {
      const l = lineOf[c] as number;
      const r = requestOf[c] as number;
      for (let k = byRequest.start[r] as number; k < (byRequest.start[r + 1] as number); k++) {
        nextLines.add(lineOf[byRequest.list[k] as number] as number);
      }
      for (let k = byLine.start[l] as number; k < (byLine.start[l + 1] as number); k++) {
        nextRequests.add(requestOf[byLine.list[k] as number] as number);
      }
    }
    nextLines.forEach(rankLine);
    nextRequests.forEach(rankRequest);
    dirtyLines = nextLines;
    dirtyRequests = nextRequests;
  }
  const live: number[] = [];
  for (let c = 0; c < candidates.length; c++) if (free(c)) live.push(c);
  suggestLeftovers(context, rule, candidates, live, build, (c) => ({
    lineTie: (lineBest.count[lineOf[c] as number] as number) > 1,
    contested: (requestBest.count[requestOf[c] as number] as number) > 1,
  }));
}

function suggestLeftovers(
  context: MatchContext,
  rule: MatchRule,
  candidates: readonly Candidate[],
  live: number[],
  build: (candidate: Candidate) => Match,
  ties: (c: number) => { lineTie: boolean; contested: boolean },
): void {
  const of = (c: number): Candidate => candidates[c] as Candidate;
  // By line, then best first (cost, then reference): the same order whatever the input order.
  live.sort((a, b) => {
    const x = of(a);
    const y = of(b);
    if (x.line !== y.line) return x.line - y.line;
    if (x.cost !== y.cost) return x.cost < y.cost ? -1 : 1;
    const s = context.referenceOf(x.request);
    const t = context.referenceOf(y.request);
    return s < t ? -1 : s > t ? 1 : 0;
  });
  // One group per line; lines whose best request is contested (other lines want it just as much)
  // go into one suggestion with that request, so a person sees every competing line side by side.
  const merged: { lines: number[]; list: Candidate[]; reason: SuggestionReason }[] = [];
  const byContested = new Map<number, (typeof merged)[number]>();
  for (let start = 0; start < live.length;) {
    const line = of(live[start] as number).line;
    let end = start + 1;
    while (end < live.length && of(live[end] as number).line === line) end++;
    const group = live.slice(start, end);
    start = end;
    const kept = group.slice(0, MAX_OPTIONS).map(of);
    const best = kept[0] as Candidate;
    // As for a line alone: its best tied, else too weak to match alone, else its requests contested.
    const reason: SuggestionReason = ties(group[0] as number).lineTie
      ? 'tie'
      : !best.eligible
        ? 'weak_evidence'
        : group.some((c) => ties(c).contested)
          ? 'tie'
          : 'conflict';
    const contested = ties(group[0] as number).contested ? best.request : -1;
    const into = contested < 0 ? undefined : byContested.get(contested);
    if (into === undefined) {
      const entry = { lines: [line], list: kept, reason };
      merged.push(entry);
      if (contested >= 0) byContested.set(contested, entry);
    } else {
      into.lines.push(line);
      into.list.push(...kept);
      // Lines that want the same request just as much: a tie between them.
      into.reason = into.reason === 'weak_evidence' && reason === 'weak_evidence' ? reason : 'tie';
    }
  }
  for (const { lines, list, reason } of merged) {
    const options = list.map(build).sort(compareOptions);
    context.hold(
      { rule, reason, options },
      lines,
      list.map((c) => c.request),
    );
  }
}
