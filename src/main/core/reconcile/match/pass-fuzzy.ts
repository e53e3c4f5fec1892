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
import { FuzzyIndex, nearPairs, Visits } from './fuzzy-index';
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

interface Found {
  distance: number;
  where: ReferenceEvidence['where'];
  text: string;
  checkDigits: ReferenceEvidence['checkDigits'];
}

/** Every reference-like text of a line worth a fuzzy search, with where it was read. */
function queries(
  reference: string | null,
  remittance: string | null,
  longest: number,
): [string, ReferenceEvidence['where']][] {
  const texts: [string, ReferenceEvidence['where']][] = [];
  const shortest = MIN_FUZZY_REFERENCE_LENGTH - MAX_DISTANCE;
  if (reference !== null) {
    const whole = normaliseReference(reference);
    if (whole.length >= shortest) texts.push([whole, 'reference']);
    const stripped = withoutPrefix(whole);
    if (stripped !== null && stripped.length >= shortest) texts.push([stripped, 'reference']);
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
        if (run.length >= shortest && !texts.some(([text]) => text === run)) texts.push([run, 'remittance']);
      }
    }
  }
  return texts;
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
  // Only lines with something to search for take part (and decide the blocks).
  const free = context.freeLinesByDay();
  const asking: number[] = [];
  const texts: [string, ReferenceEvidence['where']][][] = [];
  for (let k = 0; k < free.length; k++) {
    const found = queries(
      context.lineReferences[free[k] as number] ?? null,
      context.lineRemittances[free[k] as number] ?? null,
      longest,
    );
    if (found.length === 0) continue;
    asking.push(free[k] as number);
    texts.push(found);
  }
  const lines = Int32Array.from(asking);
  const visits = new Visits(context.requestCount);
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
    // The block's texts, flat: text t belongs to line asker[t].
    const flat: string[] = [];
    const asker: number[] = [];
    const where: ReferenceEvidence['where'][] = [];
    for (let k = block.lineFrom; k < block.lineTo; k++) {
      for (const [text, place] of texts[k] as [string, ReferenceEvidence['where']][]) {
        flat.push(text);
        asker.push(k);
        where.push(place);
      }
    }
    const found = new Map<number, Map<number, Found>>();
    const keep = (t: number, requestIndex: number, distance: number): void => {
      const k = asker[t] as number;
      let near = found.get(k);
      if (near === undefined) found.set(k, (near = new Map()));
      const before = near.get(requestIndex);
      if (before === undefined || distance < before.distance) {
        const text = flat[t] as string;
        near.set(requestIndex, {
          distance,
          where: where[t] as Found['where'],
          text,
          checkDigits: creditorCheckDigits(text),
        });
      }
    };
    nearPairs(flat, keys, items, MIN_FUZZY_REFERENCE_LENGTH, keep);
    // Two typos: only for an RF reference whose check digits fail, and nothing within one.
    let index: FuzzyIndex | null = null;
    for (let t = 0; t < flat.length; t++) {
      if (found.has(asker[t] as number) || creditorCheckDigits(flat[t] as string) !== 'invalid') continue;
      index ??= new FuzzyIndex(keys, items, MIN_FUZZY_REFERENCE_LENGTH, visits);
      index.searchTwo(flat[t] as string, (requestIndex, distance) => keep(t, requestIndex, distance));
    }
    for (let k = block.lineFrom; k < block.lineTo; k++) {
      const near = found.get(k);
      if (near !== undefined) candidatesOf(context, lines[k] as number, near, candidates);
    }
  }
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

function candidatesOf(
  context: MatchContext,
  lineIndex: number,
  found: Map<number, Found>,
  candidates: Candidate[],
): void {
  const currency = context.lineCurrencies[lineIndex] as number;
  const paid = context.paidOf(lineIndex);
  const day = context.lineDays[lineIndex] as number;
  found.forEach((hit, requestIndex) => {
    const tolerance = context.toleranceFor(requestIndex);
    const apart = day - (context.requestDays[requestIndex] as number);
    if (apart < -FUZZY_REACH.daysBefore || apart > FUZZY_REACH.daysAfter) return;
    const gap = context.amountGap(paid, requestIndex);
    const eligible =
      context.requestCurrencies[requestIndex] === currency && gap <= tolerance && hit.checkDigits !== 'valid';
    const score =
      fuzzyReferenceScore(hit.distance, hit.checkDigits === 'invalid', gap, tolerance) - (eligible ? 0 : 0.1);
    const evidence: ReferenceEvidence = {
      where: hit.where,
      text: hit.text,
      requestReference: context.references[requestIndex] as string,
      distance: hit.distance,
      checkDigits: hit.checkDigits,
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
  });
}
