/**
 * Re-reading the requests that are not final yet (pure planning). For each, the cheaper of: the
 * window of days around it (one request for every open request in it, as long as the ledger's count
 * for those days stays below the cap; past days gain no new requests) or a look-up by payment
 * reference (one request each, for open requests on a day too full to read in one answer).
 */

export interface OpenRequest {
  day: number;
  reference: string;
}

export type OpenRead =
  { kind: 'window'; from: number; to: number } | { kind: 'reference'; reference: string };

/** How many look-ups by reference a full day may take before reading the day itself is cheaper. */
const MAX_LOOKUPS_PER_FULL_DAY = 6;

/**
 * `counts`: the ledger's requests per day, for every day from the first to the last open one.
 * Windows grow over consecutive open days (and the days between) while the total stays below `cap`.
 */
export function planOpenReads(
  open: readonly OpenRequest[],
  counts: ReadonlyMap<number, number>,
  cap: number,
): OpenRead[] {
  const byDay = new Map<number, string[]>();
  for (const request of open) {
    const list = byDay.get(request.day);
    if (list) list.push(request.reference);
    else byDay.set(request.day, [request.reference]);
  }
  const days = [...byDay.keys()].sort((a, b) => a - b);
  const reads: OpenRead[] = [];
  let window: { from: number; to: number; total: number } | undefined;
  const close = (): void => {
    if (window) reads.push({ kind: 'window', from: window.from, to: window.to });
    window = undefined;
  };
  for (const day of days) {
    const references = byDay.get(day) ?? [];
    const count = Math.max(counts.get(day) ?? 0, references.length);
    if (count >= cap - 1) {
      close();
      if (references.length <= MAX_LOOKUPS_PER_FULL_DAY)
        for (const reference of references) reads.push({ kind: 'reference', reference });
      else reads.push({ kind: 'window', from: day, to: day });
      continue;
    }
    if (window) {
      let total = window.total;
      for (let gap = window.to + 1; gap <= day && total < cap; gap++)
        total += gap === day ? count : (counts.get(gap) ?? 0);
      if (total < cap - 1) {
        window.to = day;
        window.total = total;
        continue;
      }
      close();
    }
    window = { from: day, to: day, total: count };
  }
  close();
  return reads;
}
