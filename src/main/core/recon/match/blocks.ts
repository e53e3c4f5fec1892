/**
 * Time blocks: passes whose evidence only counts within a date window (a typo'd reference, an
 * amount and date) work block by block — the lines booked in one block of days against the requests
 * dated within reach of it — so each block's index is small and stays in the processor's caches,
 * and the work grows linearly with the number of days, never with all pairs.
 */

/**
 * Indexes of the free items, ordered by day then by index (a counting sort: day numbers are small
 * integers; a wide spread of dates falls back to a comparison sort).
 */
export function orderByDay(days: Int32Array, count: number, state: Uint8Array, free: number): Int32Array {
  let n = 0;
  let low = Infinity;
  let high = -Infinity;
  for (let i = 0; i < count; i++) {
    if (state[i] !== free) continue;
    n++;
    const day = days[i] as number;
    if (day < low) low = day;
    if (day > high) high = day;
  }
  const order = new Int32Array(n);
  if (n === 0) return order;
  const range = high - low + 1;
  if (range > 4 * n + 100_000) {
    let k = 0;
    for (let i = 0; i < count; i++) if (state[i] === free) order[k++] = i;
    order.sort((a, b) => (days[a] as number) - (days[b] as number) || a - b);
    return order;
  }
  const starts = new Int32Array(range + 1);
  for (let i = 0; i < count; i++) if (state[i] === free) (starts[(days[i] as number) - low + 1] as number)++;
  for (let d = 1; d <= range; d++) starts[d] = (starts[d] as number) + (starts[d - 1] as number);
  for (let i = 0; i < count; i++) {
    if (state[i] !== free) continue;
    const slot = (days[i] as number) - low;
    order[starts[slot] as number] = i;
    starts[slot] = (starts[slot] as number) + 1;
  }
  return order;
}

/** A block: lines order[lineFrom, lineTo) and the requests order[requestFrom, requestTo) in reach. */
export interface Block {
  lineFrom: number;
  lineTo: number;
  requestFrom: number;
  requestTo: number;
}

/**
 * Cuts the lines (ordered by day) into blocks of about `perBlock` lines, never splitting a day,
 * and gives each the requests dated within [first booking − reachAfter, last booking + reachBefore]
 * (booking − request date ∈ [−reachBefore, +reachAfter]).
 */
export function timeBlocks(
  lines: Int32Array,
  lineDays: Int32Array,
  requests: Int32Array,
  requestDays: Int32Array,
  reachBefore: number,
  reachAfter: number,
  perBlock: number,
): Block[] {
  const blocks: Block[] = [];
  let requestFrom = 0;
  let requestTo = 0;
  for (let lineFrom = 0; lineFrom < lines.length;) {
    let lineTo = Math.min(lines.length, lineFrom + perBlock);
    const lastDay = lineDays[lines[lineTo - 1] as number] as number;
    while (lineTo < lines.length && lineDays[lines[lineTo] as number] === lastDay) lineTo++;
    const firstDay = lineDays[lines[lineFrom] as number] as number;
    while (
      requestFrom < requests.length &&
      (requestDays[requests[requestFrom] as number] as number) < firstDay - reachAfter
    ) {
      requestFrom++;
    }
    if (requestTo < requestFrom) requestTo = requestFrom;
    while (
      requestTo < requests.length &&
      (requestDays[requests[requestTo] as number] as number) <= lastDay + reachBefore
    ) {
      requestTo++;
    }
    blocks.push({ lineFrom, lineTo, requestFrom, requestTo });
    lineFrom = lineTo;
  }
  return blocks;
}
