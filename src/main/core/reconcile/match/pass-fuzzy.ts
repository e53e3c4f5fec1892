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
import { FREE, type MatchContext } from './context';
import { buildPair } from './evidence';
import { orderByDay, timeBlocks } from './blocks';
import { FuzzyIndex, Visits } from './fuzzy-index';
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
import type { BankLine, ReferenceEvidence } from './types';

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
  const keys = context.keys;
  const lines = orderByDay(context.lineDays, context.lineCount, context.lineState, FREE);
  const requests = orderByDay(context.requestDays, context.requestCount, context.requestState, FREE);
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
    let longest = 0;
    for (let k = 0; k < items.length; k++)
      longest = Math.max(longest, (keys[items[k] as number] as string).length);
    let index: FuzzyIndex | null = null;
    for (let k = block.lineFrom; k < block.lineTo; k++) {
      const lineIndex = lines[k] as number;
      const line = context.lineSources[lineIndex] as BankLine;
      const texts = queries(line.reference, line.remittance, longest);
      if (texts.length === 0) continue;
      index ??= new FuzzyIndex(keys, items, MIN_FUZZY_REFERENCE_LENGTH, visits);
      const found = search(index, texts, longest);
      if (found.size > 0) candidatesOf(context, lineIndex, found, candidates);
    }
  }
  resolveMutualBest(context, 'fuzzy_reference', candidates);
}

/** Requests near any of the texts, each with its smallest distance (within the reach of the line). */
function search(
  index: FuzzyIndex,
  texts: [string, ReferenceEvidence['where']][],
  longest: number,
): Map<number, Found> {
  const found = new Map<number, Found>();
  for (const [text, where] of texts) {
    const checkDigits = creditorCheckDigits(text);
    const keep = (requestIndex: number, distance: number): void => {
      const before = found.get(requestIndex);
      if (before === undefined || distance < before.distance)
        found.set(requestIndex, { distance, where, text, checkDigits });
    };
    if (text.length <= longest + 1) index.searchOne(text, keep);
    if (checkDigits === 'invalid' && found.size === 0) index.searchTwo(text, keep);
  }
  return found;
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
      build: () =>
        buildPair(context, 'fuzzy_reference', lineIndex, requestIndex, score, [evidence], tolerance),
    });
  });
}
