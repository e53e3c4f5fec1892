/**
 * Pass 3 — amount and date. For a line still unmatched, every free request of the same currency
 * whose requested (or approved) amount is within tolerance of the amount paid, and whose date is
 * within the window, is a candidate; the cost is the exact amount difference. A line and a request
 * are matched only as each other's single best (resolve.ts): two requests of the same amount in
 * the window are a tie — the date ranks them for a person but never decides between them, because
 * equal top-ups recur and a payment date says little about which of two requests it paid.
 * Requests are found through buckets of the currency's absolute tolerance, block by block in time
 * (blocks.ts), never all pairs.
 */
import { timeBlocks } from './blocks';
import type { MatchContext } from './context';
import { buildPair } from './evidence';
import { resolveMutualBest, type Candidate } from './resolve';
import { amountDateScore } from './score';

type Buckets = Map<bigint, number[]>;

function put(buckets: Buckets, bucket: bigint, index: number): void {
  const list = buckets.get(bucket);
  if (list === undefined) buckets.set(bucket, [index]);
  else if (list[list.length - 1] !== index) list.push(index);
}

/** Bucket width per currency: its absolute tolerance (at least one unit). */
function widths(context: MatchContext): bigint[] {
  return context.currencies.map((_, currency) => {
    const absolute = context.tolerance(currency).absolute;
    return absolute > 0n ? absolute : 1n;
  });
}

/** Lines per time block: the block's buckets stay small. */
const LINES_PER_BLOCK = 8192;

/** The block's requests by currency, then by requested (and approved) amount ÷ bucket width. */
function amountIndex(
  context: MatchContext,
  requests: Int32Array,
  width: readonly bigint[],
): (Buckets | undefined)[] {
  const index: (Buckets | undefined)[] = [];
  for (let k = 0; k < requests.length; k++) {
    const i = requests[k] as number;
    const currency = context.requestCurrencies[i] as number;
    let buckets = index[currency];
    if (buckets === undefined) index[currency] = buckets = new Map();
    const step = width[currency] as bigint;
    const requested = context.requestedOf(i);
    put(buckets, requested / step, i);
    const approved = context.approvedOf(i);
    if (approved !== null && approved !== requested) put(buckets, approved / step, i);
  }
  return index;
}

export function amountDatePass(context: MatchContext): void {
  const width = widths(context);
  const { daysBefore, daysAfter } = context.options;
  const windowDays = Math.max(daysBefore, daysAfter);
  // Which line last looked at each request (−1 between uses: the context's scratch, restored below).
  const seen = context.scratch;
  const candidates: Candidate[] = [];
  const lines = context.freeLinesByDay();
  const requests = context.freeRequestsByDay();
  for (const block of timeBlocks(
    lines,
    context.lineDays,
    requests,
    context.requestDays,
    daysBefore,
    daysAfter,
    LINES_PER_BLOCK,
  )) {
    const index = amountIndex(context, requests.subarray(block.requestFrom, block.requestTo), width);
    for (let k = block.lineFrom; k < block.lineTo; k++) {
      const lineIndex = lines[k] as number;
      const currency = context.lineCurrencies[lineIndex] as number;
      const buckets = index[currency];
      if (buckets === undefined) continue;
      const step = width[currency] as bigint;
      const paid = context.paidOf(lineIndex);
      const day = context.lineDays[lineIndex] as number;
      // Buckets are as wide as the absolute tolerance, the largest any request can have: a
      // request within it of the payment lies in the payment's bucket or a neighbour.
      const middle = paid / step;
      for (let side = -1; side <= 1; side++) {
        const list = buckets.get(side === 0 ? middle : side < 0 ? middle - 1n : middle + 1n);
        if (list === undefined) continue;
        for (const requestIndex of list) {
          if (seen[requestIndex] === lineIndex) continue;
          seen[requestIndex] = lineIndex;
          const requestDay = context.requestDays[requestIndex] as number;
          if (!context.inWindow(day, requestDay)) continue;
          const gap = context.amountGap(paid, requestIndex);
          const tolerance = context.toleranceFor(requestIndex);
          if (gap > tolerance) continue;
          candidates.push({
            line: lineIndex,
            request: requestIndex,
            cost: gap,
            eligible: true,
            score: amountDateScore(gap, tolerance, Math.abs(day - requestDay), windowDays),
            tolerance,
            reference: null,
          });
        }
      }
    }
  }
  seen.fill(-1);
  resolveMutualBest(context, 'amount_date', candidates, (c) =>
    buildPair(context, 'amount_date', c.line, c.request, c.score, [], c.tolerance),
  );
}
