/**
 * Pure planning for reading transfer requests through a list that answers at most `cap` items and
 * has no paging. Days are whole numbers (days since 1970-01-01) standing for platform-local dates.
 *
 * - An answer with fewer than `cap` items is complete for its window; one with `cap` is not.
 * - Windows are sized from the density seen so far, per weekday (working days and weekends differ):
 *   as many items per request as the chance of a capped answer allows.
 * - Where whole-day windows cannot pack well (days near or over the cap), a stretch of days is split
 *   by a filter (status, then float, then currency) when the expected number of requests says so.
 */

export const DAY_MS = 86_400_000;
export type EndDateMode = 'inclusive' | 'exclusive' | 'unknown';
export type Dimension = 'status' | 'float' | 'currency';
export const DIMENSIONS: readonly Dimension[] = ['status', 'float', 'currency'];

/** Filters of one lane: a window is read with these on top of its dates. */
export type Lane = Partial<Record<Dimension, string>>;
export type ItemKey = Record<Dimension, string>;

const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;

export function dayNumber(day: string): number {
  const ms = DAY_TEXT.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== day)
    throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${day}`);
  return ms / DAY_MS;
}

export function dayText(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The UTC calendar day of an instant. */
export function utcDay(date: Date): number {
  return Math.floor(date.getTime() / DAY_MS);
}

/** The same calendar date `years` earlier (29 February falls back to 28). */
export function yearsBefore(day: number, years: number): number {
  const date = new Date(day * DAY_MS);
  const month = date.getUTCMonth();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  if (date.getUTCMonth() !== month) date.setUTCDate(0);
  return utcDay(date);
}

/**
 * end_date for a window ending on `to`. Inclusive platforms get `to`; exclusive ones the next day.
 * Unknown: the next day too, which is right for exclusive and reads one day more on inclusive (the
 * extra items are deduplicated by identity and never count toward the window's completeness).
 */
export function endDateParam(to: number, mode: EndDateMode): number {
  return mode === 'inclusive' ? to : to + 1;
}

export interface WindowParams {
  cap: number;
  /** Days of a window are added while the expected count stays below this (no chance of the cap). */
  safe: number;
}

export function windowParams(cap: number): WindowParams {
  if (!(Number.isInteger(cap) && cap >= 2))
    throw new RangeError(`The list cap must be at least 2, got ${cap}`);
  const root = (-4 + Math.sqrt(16 + 4 * cap)) / 2; // safe + 4·√safe = cap
  return { cap, safe: root * root };
}

/** Abramowitz–Stegun 7.1.26: erfc for x ≥ 0 within 1.5e-7. */
function erfc(x: number): number {
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return poly * Math.exp(-x * x);
}

/** The chance that a count expected to be `mean` (Poisson) reaches `cap`: the answer is then capped. */
export function overflowChance(mean: number, cap: number): number {
  if (!(mean > 0)) return 0;
  if (mean > 500) {
    const z = (cap - 0.5 - mean) / Math.sqrt(2 * mean);
    return z >= 0 ? erfc(z) / 2 : 1 - erfc(-z) / 2;
  }
  let term = Math.exp(-mean);
  let below = term;
  for (let k = 1; k < cap; k++) {
    term *= mean / k;
    below += term;
  }
  return Math.min(1, Math.max(0, 1 - below));
}

/** What a capped answer costs beyond itself, on average (the re-planned shorter windows). */
const RETRY_COST = 1.5;

/**
 * The window from `from` (at least one day, at most to `last`) that reads the most items per request
 * by the estimate: longer windows hold more, but the closer their expected count comes to the cap,
 * the likelier a capped answer that has to be asked again in parts.
 */
export function windowLength(
  rate: (day: number) => number,
  from: number,
  last: number,
  params: WindowParams,
): number {
  let expected = rate(from);
  let length = 1;
  while (from + length <= last && expected + rate(from + length) <= params.safe) {
    expected += rate(from + length);
    length++;
  }
  let best = { length, score: expected / (1 + RETRY_COST * overflowChance(expected, params.cap)) };
  while (from + length <= last && expected < params.cap) {
    expected += rate(from + length);
    length++;
    const score = expected / (1 + RETRY_COST * overflowChance(expected, params.cap));
    if (score > best.score) best = { length, score };
  }
  return best.length;
}

/**
 * Requests a walk over from..to is expected to make: the windows windowLength picks, each one request
 * plus, when its answer may come back capped, a retry; a single day that may be capped costs
 * `dense(day)` more requests in that case (its split).
 */
export function expectedRequests(
  rate: (day: number) => number,
  from: number,
  to: number,
  params: WindowParams,
  dense: (day: number) => number,
): number {
  let requests = 0;
  for (let day = from; day <= to;) {
    const length = windowLength(rate, day, to, params);
    let expected = 0;
    for (let d = day; d < day + length; d++) expected += rate(d);
    const chance = overflowChance(expected, params.cap);
    requests += 1 + (chance > 0 ? chance * (length === 1 ? dense(day) : RETRY_COST) : 0);
    day += length;
  }
  return requests;
}

/**
 * Each value's share of the lane's items in the sample (smoothed: an unseen value is small, not 0),
 * and how many sampled items the lane has: shares from a handful of items prove nothing.
 */
export function shares(
  sample: readonly ItemKey[],
  lane: Lane,
  dimension: Dimension,
  values: readonly string[],
): { shares: number[]; matched: number } {
  const counts = new Map<string, number>();
  let matched = 0;
  for (const item of sample) {
    if (lane.status !== undefined && item.status !== lane.status) continue;
    if (lane.float !== undefined && item.float !== lane.float) continue;
    if (lane.currency !== undefined && item.currency !== lane.currency) continue;
    counts.set(item[dimension], (counts.get(item[dimension]) ?? 0) + 1);
    matched++;
  }
  return {
    shares: values.map((value) => ((counts.get(value) ?? 0) + 0.5) / (matched + 0.5 * values.length)),
    matched,
  };
}

export function nextDimension(lane: Lane): Dimension | undefined {
  return DIMENSIONS.find((dimension) => lane[dimension] === undefined);
}

const SEGMENT_DAYS = [1, 3, 7, 14, 31, 61, 122, 244];

/**
 * Whether to read the stretch from `from` split by a filter (one lane per value, each walking its own
 * windows) rather than with unfiltered windows, and how far: the stretch that saves the most requests
 * by the estimate. A day too full for one answer costs, unfiltered, one capped answer plus its split;
 * in a lane, one capped answer plus `valuesAfter` lanes (0: nothing left to split by).
 */
export function chooseSplit(
  rate: (day: number) => number,
  laneShares: readonly number[],
  from: number,
  last: number,
  params: WindowParams,
  valuesAfter: number,
): { split: false } | { split: true; until: number } {
  const laneDense = (): number => valuesAfter;
  const laneCost = (share: number, start: number, end: number): number =>
    Math.max(
      1,
      expectedRequests((day) => rate(day) * share, start, end, params, laneDense),
    );
  const splitCost = (start: number, end: number): number =>
    laneShares.reduce((sum, share) => sum + laneCost(share, start, end), 0);
  let best: { saving: number; until: number } | undefined;
  for (const days of SEGMENT_DAYS) {
    const until = Math.min(last, from + days - 1);
    const whole = expectedRequests(rate, from, until, params, (day) => splitCost(day, day));
    const saving = whole - splitCost(from, until);
    if (best === undefined || saving > best.saving) best = { saving, until };
    if (until === last) break;
  }
  return best !== undefined && best.saving > 0 ? { split: true, until: best.until } : { split: false };
}
