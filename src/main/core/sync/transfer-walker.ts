/**
 * Reads every transfer request of a date range through a capped, unpaged list: windows sized from
 * the density seen so far; a capped answer is never taken as complete. A capped multi-day window is
 * re-planned shorter; a capped single day (or a stretch where it pays) is split by status, then
 * float, then currency. A single day that is still capped with every filter is kept as read and
 * reported incomplete. No I/O here: the caller supplies fetch and commit.
 */
import type { Estimate } from './transfer-density';
import {
  chooseSplit,
  nextDimension,
  shares,
  windowLength,
  windowParams,
  type Dimension,
  type ItemKey,
  type Lane,
  type WindowParams,
} from './transfer-windows';

export interface WalkerIO<T> {
  cap: number;
  /** The platform-local day (day number) and the filterable values of an item. */
  describe(item: T): ItemKey & { day: number };
  /** One list request: days from..to (both included) under the lane's filters. */
  fetch(from: number, to: number, lane: Lane): Promise<T[]>;
  /** Store a complete answer (one transaction); `coveredThrough`: the range is complete up to this day. */
  commit(items: readonly T[], coveredThrough: number | null): void;
  /** Throws to stop (e.g. the abort reason) between requests. */
  checkpoint(): void;
  /** A single day still at the cap with every filter (told before its items are committed). */
  incomplete(day: number, lane: Lane, read: number): void;
}

export interface KnownValues {
  statuses: readonly string[];
  floats: readonly string[];
  currencies: readonly string[];
}

/** Days of items (before the newest read) from which the shares of filter values are taken. */
const SAMPLE_DAYS = 60;
/** Sampled items of a lane needed before splitting it is planned (rather than forced by the cap). */
const MIN_EVIDENCE = 40;

export class TransferWalker<T> {
  readonly params: WindowParams;
  /** Items of complete answers by day, for the shares of filter values (recent days only). */
  private readonly recent = new Map<number, ItemKey[]>();
  private newestDay = Number.NEGATIVE_INFINITY;
  private readonly values: Record<Dimension, Set<string>>;

  constructor(
    private readonly io: WalkerIO<T>,
    known: KnownValues,
  ) {
    this.params = windowParams(io.cap);
    this.values = {
      status: new Set(known.statuses),
      float: new Set(known.floats),
      currency: new Set(known.currencies),
    };
  }

  /**
   * Reads from..to under `lane` until every answer is below the cap. At the top level (`top`), each
   * commit also records how far the range is complete. Returns the count read per day.
   */
  async walk(
    from: number,
    to: number,
    lane: Lane,
    estimate: Estimate,
    top = false,
  ): Promise<Map<number, number>> {
    const { cap } = this.params;
    const counts = new Map<number, number>();
    const rate = (day: number): number => estimate.at(day);
    let cursor = from;
    let limit = to; // after a capped answer, the next window from the same day is shorter
    while (cursor <= to) {
      this.io.checkpoint();
      const dimension = nextDimension(lane);
      const plan = dimension && this.planSplit(rate, cursor, to, lane, dimension, false);
      if (dimension && plan && plan.split) {
        await this.splitStretch(cursor, plan.until, lane, dimension, estimate, counts, top);
        cursor = plan.until + 1;
        limit = to;
        continue;
      }
      const end = cursor + windowLength(rate, cursor, limit, this.params) - 1;
      const items = await this.io.fetch(cursor, end, lane);
      const days = this.learn(items, items.length < cap);
      if (items.length < cap) {
        this.io.commit(items, top ? end : null);
        for (let day = cursor; day <= end; day++) {
          const n = days.get(day) ?? 0;
          estimate.observe(day, n);
          counts.set(day, n);
        }
        cursor = end + 1;
        limit = to;
      } else if (end > cursor) {
        estimate.overflow(cursor, end, [...days.keys()], cap);
        limit = end - 1;
      } else if (dimension) {
        // One day at the cap: split it, and the days after it while that is expected to pay.
        const spike = (day: number): number => (day === cursor ? Math.max(cap, rate(day)) : rate(day));
        const forced = this.planSplit(spike, cursor, to, lane, dimension, true);
        const until = forced.split ? forced.until : cursor;
        await this.splitStretch(cursor, until, lane, dimension, estimate, counts, top);
        cursor = until + 1;
        limit = to;
      } else {
        this.io.incomplete(cursor, lane, items.length);
        this.io.commit(items, top ? end : null);
        estimate.observe(cursor, items.length);
        counts.set(cursor, items.length);
        cursor = end + 1;
      }
    }
    return counts;
  }

  /** Whether splitting is expected to pay; unless `forced`, only on the evidence of enough items. */
  private planSplit(
    rate: (day: number) => number,
    from: number,
    to: number,
    lane: Lane,
    dimension: Dimension,
    forced: boolean,
  ): ReturnType<typeof chooseSplit> {
    const values = [...this.values[dimension]];
    const after = nextDimension({ ...lane, [dimension]: '*' });
    const laneShares = shares(this.sample, lane, dimension, values);
    if (!forced && laneShares.matched < MIN_EVIDENCE) return { split: false };
    const valuesAfter = after ? this.values[after].size : 0;
    return chooseSplit(rate, laneShares.shares, from, to, this.params, valuesAfter);
  }

  /** One lane per value of `dimension` over from..until; values found meanwhile get their lane too. */
  private async splitStretch(
    from: number,
    until: number,
    lane: Lane,
    dimension: Dimension,
    estimate: Estimate,
    counts: Map<number, number>,
    top: boolean,
  ): Promise<void> {
    const values = this.values[dimension];
    const known = shares(this.sample, lane, dimension, [...values]).shares;
    const laneShares = new Map([...values].map((value, i) => [value, known[i] ?? 0]));
    const found = new Map<number, number>();
    for (const value of values) {
      const share = laneShares.get(value) ?? 0.5 / Math.max(1, this.sample.length);
      const read = await this.walk(from, until, { ...lane, [dimension]: value }, estimate.scaled(share));
      for (const [day, n] of read) found.set(day, (found.get(day) ?? 0) + n);
    }
    for (let day = from; day <= until; day++) {
      const n = found.get(day) ?? 0;
      estimate.observe(day, n);
      counts.set(day, n);
    }
    if (top) this.io.commit([], until);
  }

  /** The sampled items, across every lane of the recent days (so no lane is over-represented). */
  private get sample(): ItemKey[] {
    return [...this.recent.values()].flat();
  }

  /** Notes the items' values; those of a complete answer join the sample. Returns counts per day. */
  private learn(items: readonly T[], complete: boolean): Map<number, number> {
    const days = new Map<number, number>();
    for (const item of items) {
      const { day, status, float, currency } = this.io.describe(item);
      days.set(day, (days.get(day) ?? 0) + 1);
      this.values.status.add(status);
      this.values.float.add(float);
      this.values.currency.add(currency);
      if (!complete) continue;
      const list = this.recent.get(day);
      if (list) list.push({ status, float, currency });
      else this.recent.set(day, [{ status, float, currency }]);
      this.newestDay = Math.max(this.newestDay, day);
    }
    for (const day of this.recent.keys()) if (day < this.newestDay - SAMPLE_DAYS) this.recent.delete(day);
    return days;
  }
}
