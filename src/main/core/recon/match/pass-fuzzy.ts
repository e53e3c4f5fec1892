/**
 * Pass 2 — a reference with a typo. Texts read from a line still unmatched: the whole reference
 * field (also without a prefix word), and in the remittance every run of words that starts like an
 * RF creditor reference. Searched against the free requests' references (≥ 8 characters):
 *   - an RF creditor reference whose check digits FAIL: within distance 2 (the check digits prove a
 *     typo, and catch every single mistyped digit, so the reference it was meant to be is near);
 *   - an RF creditor reference whose check digits HOLD: it is a different, valid reference, so a
 *     near request is only suggested, never matched;
 *   - any other text: within distance 1 (user references like TOPUP-0041 / TOPUP-0042 sit at
 *     distance 1 of each other, so the amount must agree too).
 * Automatic only when the single closest request (mutual, see resolve.ts) has the line's currency
 * and its requested or approved amount is within tolerance. Only requests dated within FUZZY_REACH
 * of the booking are searched.
 */
import type { MatchContext } from './context';
import { buildPair } from './evidence';
import { timeBlocks } from './blocks';
import { FuzzyIndex, nearPairs, TableSpace, Visits } from './fuzzy-index';
import {
  creditorCheckDigits,
  normaliseReference,
  referenceTokens,
  startsLikeCreditorReference,
  withoutPrefix,
} from './normalise';
import { MIN_FUZZY_REFERENCE_LENGTH } from './options';
import { resolveMutualBest, type Candidate } from './resolve';
import { fuzzyReferenceScore } from './score';
import type { ReferenceEvidence } from './types';

const MAX_DISTANCE = 2;
const CREDITOR_START = /rf\d\d/i;

/** The texts of the lines of one pass, flat: text t is text[t], read from where[t] (WHERE). */
interface Texts {
  text: string[];
  where: number[];
}

const WHERE: readonly ReferenceEvidence['where'][] = ['reference', 'remittance'];

/**
 * Every reference-like text of a line worth a fuzzy search, with where it was read, appended to
 * `out`; returns how many.
 */
function queries(reference: string | null, remittance: string | null, longest: number, out: Texts): number {
  const first = out.text.length;
  const shortest = MIN_FUZZY_REFERENCE_LENGTH - MAX_DISTANCE;
  if (reference !== null) {
    const whole = normaliseReference(reference);
    if (whole.length >= shortest) {
      out.text.push(whole);
      out.where.push(0);
    }
    const stripped = withoutPrefix(whole);
    if (stripped !== null && stripped.length >= shortest) {
      out.text.push(stripped);
      out.where.push(0);
    }
  }
  // Words are read only when the text holds an RF and two digits somewhere (a cheap test first).
  if (remittance !== null && remittance.length >= shortest && CREDITOR_START.test(remittance)) {
    const tokens = referenceTokens(remittance);
    for (let start = 0; start < tokens.length; start++) {
      if (!startsLikeCreditorReference(tokens[start] as string)) continue;
      let run = '';
      for (let next = start; next < tokens.length; next++) {
        run += tokens[next] as string;
        if (run.length > longest + MAX_DISTANCE) break;
        if (run.length >= shortest && out.text.indexOf(run, first) < 0) {
          out.text.push(run);
          out.where.push(1);
        }
      }
    }
  }
  return out.text.length - first;
}

/**
 * A typo'd reference is taken only for a request dated within [−30, +90] days of the booking
 * (booking − request date): a reference is strong evidence, so the band is wide — it only rules out
 * absurd pairs (a near reference of a request from another year) and lets the search work in time
 * blocks (blocks.ts).
 */
export const FUZZY_REACH = { daysBefore: 30, daysAfter: 90 } as const;
/** Lines per time block: small enough for the block's index to stay in cache. */
const LINES_PER_BLOCK = 8192;

export function fuzzyReferencePass(context: MatchContext): void {
  const requests = context.freeRequestsByDay();
  const keys = context.keysOf(requests);
  let longest = 0;
  for (let k = 0; k < requests.length; k++) {
    longest = Math.max(longest, (keys[requests[k] as number] as string).length);
  }
  // Only lines with something to search for take part (and decide the blocks). Line k of them
  // asks with texts [firstText[k], firstText[k + 1]).
  const free = context.freeLinesByDay();
  const asking: number[] = [];
  const texts: Texts = { text: [], where: [] };
  const starts: number[] = [0];
  for (let k = 0; k < free.length; k++) {
    const line = free[k] as number;
    if (queries(context.lineReferenceOf(line), context.lineRemittanceOf(line), longest, texts) === 0)
      continue;
    asking.push(line);
    starts.push(texts.text.length);
  }
  const lines = Int32Array.from(asking);
  const firstText = Int32Array.from(starts);
  // Marks in the context's scratch (−1 between uses), restored before the decisions below.
  const visits = new Visits(context.requestCount, context.scratch);
  const space = new TableSpace();
  const candidates: Candidate[] = [];
  const blocks = timeBlocks(
    lines,
    context.lineDays,
    requests,
    context.requestDays,
    FUZZY_REACH.daysBefore,
    FUZZY_REACH.daysAfter,
    LINES_PER_BLOCK,
  );
  for (const block of blocks) {
    const items = requests.subarray(block.requestFrom, block.requestTo);
    // The block's texts: text t (of flat) is the pass's text `from + t`, asked by line asker[t].
    const from = firstText[block.lineFrom] as number;
    const flat = texts.text.slice(from, firstText[block.lineTo] as number);
    const asker = new Int32Array(flat.length);
    for (let k = block.lineFrom; k < block.lineTo; k++) {
      asker.fill(k, (firstText[k] as number) - from, (firstText[k + 1] as number) - from);
    }
    // Hits as found (text, request, distance), and per line of the block whether it has any.
    const hits: Hit[] = [];
    const hasHit = new Uint8Array(block.lineTo - block.lineFrom);
    const keep = (t: number, request: number, distance: number): void => {
      hits.push({ t, request, distance });
      hasHit[(asker[t] as number) - block.lineFrom] = 1;
    };
    nearPairs(flat, keys, items, MIN_FUZZY_REFERENCE_LENGTH, keep, space);
    // Two typos: only for an RF reference whose check digits fail, and nothing within one.
    let index: FuzzyIndex | null = null;
    for (let t = 0; t < flat.length; t++) {
      if (hasHit[(asker[t] as number) - block.lineFrom] === 1) continue;
      if (creditorCheckDigits(flat[t] as string) !== 'invalid') continue;
      index ??= new FuzzyIndex(keys, items, MIN_FUZZY_REFERENCE_LENGTH, visits);
      index.searchTwo(flat[t] as string, (request, distance) => keep(t, request, distance));
    }
    if (hits.length === 0) continue;
    // Per line (in block order), each request once at its smallest distance (the first text
    // found at it), in the order the requests were first found.
    const byLine = groupHits(hits, asker, block.lineFrom, block.lineTo - block.lineFrom);
    for (let k = block.lineFrom; k < block.lineTo; k++) {
      const own = byLine[k - block.lineFrom];
      if (own === undefined) continue;
      candidatesOf(context, lines[k] as number, nearest(own), flat, texts.where, from, candidates);
    }
  }
  if (visits.stamp > 0) context.scratch.fill(-1);
  resolveMutualBest(context, 'fuzzy_reference', candidates, (c) =>
    buildPair(
      context,
      'fuzzy_reference',
      c.line,
      c.request,
      c.score,
      [c.reference as ReferenceEvidence],
      c.tolerance,
    ),
  );
}

/** A text of a line within reach of a request's reference. */
interface Hit {
  t: number;
  request: number;
  distance: number;
}

/** The hits of each line of a block (by position in the block), in the order they were found. */
function groupHits(
  hits: readonly Hit[],
  asker: Int32Array,
  lineFrom: number,
  size: number,
): (Hit[] | undefined)[] {
  const byLine: (Hit[] | undefined)[] = new Array<Hit[] | undefined>(size);
  for (const hit of hits) {
    const k = (asker[hit.t] as number) - lineFrom;
    const own = byLine[k];
    if (own === undefined) byLine[k] = [hit];
    else own.push(hit);
  }
  return byLine;
}

/** One hit per request: the first at its smallest distance, in the order requests were first found. */
function nearest(own: Hit[]): Hit[] {
  if (own.length === 1) return own;
  const kept: Hit[] = [];
  for (const hit of own) {
    let at = 0;
    while (at < kept.length && (kept[at] as Hit).request !== hit.request) at++;
    if (at === kept.length) kept.push(hit);
    else if (hit.distance < (kept[at] as Hit).distance) kept[at] = hit;
  }
  return kept;
}

function candidatesOf(
  context: MatchContext,
  lineIndex: number,
  found: readonly Hit[],
  flat: readonly string[],
  where: readonly number[],
  from: number,
  candidates: Candidate[],
): void {
  const currency = context.lineCurrencies[lineIndex] as number;
  const paid = context.paidOf(lineIndex);
  const day = context.lineDays[lineIndex] as number;
  for (const hit of found) {
    const requestIndex = hit.request;
    const tolerance = context.toleranceFor(requestIndex);
    const apart = day - (context.requestDays[requestIndex] as number);
    if (apart < -FUZZY_REACH.daysBefore || apart > FUZZY_REACH.daysAfter) continue;
    const text = flat[hit.t] as string;
    const checkDigits = creditorCheckDigits(text);
    const gap = context.amountGap(paid, requestIndex);
    const eligible =
      context.requestCurrencies[requestIndex] === currency && gap <= tolerance && checkDigits !== 'valid';
    const score =
      fuzzyReferenceScore(hit.distance, checkDigits === 'invalid', gap, tolerance) - (eligible ? 0 : 0.1);
    const evidence: ReferenceEvidence = {
      where: WHERE[where[from + hit.t] as number] as ReferenceEvidence['where'],
      text,
      requestReference: context.referenceOf(requestIndex),
      distance: hit.distance,
      checkDigits,
    };
    candidates.push({
      line: lineIndex,
      request: requestIndex,
      // Equally good = same distance and the amount agreeing as well (paid to the unit, within
      // tolerance, or not): a typo that leaves two requests at distance 1 is decided by the amount.
      cost: BigInt(hit.distance * 4 + (gap === 0n ? 0 : gap <= tolerance ? 1 : 2)),
      eligible,
      score,
      tolerance,
      reference: evidence,
    });
  }
}
