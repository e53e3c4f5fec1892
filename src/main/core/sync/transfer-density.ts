/**
 * How many transfer requests a day is expected to hold: learnt per weekday (with a month-end
 * factor) from complete answers, or known exactly from the ledger (for re-reading open requests).
 * Windows are planned from these (transfer-windows.ts).
 */
import { DAY_MS } from './transfer-windows';

/** What the walker asks of an estimate. */
export interface Estimate {
  /** Requests expected on this day. */
  at(day: number): number;
  /** The exact count of a day, from a complete answer. */
  observe(day: number, count: number): void;
  /** A window answered `cap` items (so holds at least that many); `sampleDays`: the days of those items. */
  overflow(from: number, to: number, sampleDays: readonly number[], cap: number): void;
  /** The estimate of one lane holding `share` of these requests. */
  scaled(share: number): Estimate;
}

const monthEnds = new Map<number, boolean>();
/** One of the last three days of its month, when top-ups bunch (finance teams close the month). */
export function isMonthEnd(day: number): boolean {
  let value = monthEnds.get(day);
  if (value === undefined) {
    value = new Date((day + 3) * DAY_MS).getUTCMonth() !== new Date(day * DAY_MS).getUTCMonth();
    if (monthEnds.size > 100_000) monthEnds.clear();
    monthEnds.set(day, value);
  }
  return value;
}

/**
 * Requests per day expected: one rate per weekday (working days and weekends differ), times a
 * month-end factor on the last three days of a month; all learnt from complete answers.
 */
export class DensityEstimate implements Estimate {
  private readonly rates: number[];
  private readonly seen: number[] = [0, 0, 0, 0, 0, 0, 0];
  private monthEnd = 1;

  constructor(rates: readonly number[] = [0, 0, 0, 0, 0, 0, 0], monthEnd = 1) {
    this.rates = Array.from({ length: 7 }, (_, i) => Math.max(0, rates[i] ?? 0));
    this.monthEnd = monthEnd;
  }

  /** Mean count per weekday over days from..to (days absent from `counts` held nothing). */
  static fromCounts(counts: ReadonlyMap<number, number>, from: number, to: number): DensityEstimate {
    const estimate = new DensityEstimate();
    for (let day = from; day <= to; day++) estimate.observe(day, counts.get(day) ?? 0, 0);
    return estimate;
  }

  at(day: number): number {
    const rate = this.rates[day % 7] ?? 0;
    return isMonthEnd(day) ? rate * this.monthEnd : rate;
  }

  /**
   * A day's exact count. A weekday's first count replaces the prior; later ones move the rate by
   * at least `least` (0: a plain mean). Month-end days teach the month-end factor instead.
   */
  observe(day: number, count: number, least = 0.25): void {
    const i = day % 7;
    const rate = this.rates[i] ?? 0;
    if (isMonthEnd(day)) {
      if (rate >= 0.5) {
        const ratio = Math.min(10, Math.max(0.1, count / rate));
        this.monthEnd += 0.1 * (ratio - this.monthEnd);
      }
      return;
    }
    const alpha = Math.max(least, 1 / ((this.seen[i] ?? 0) + 1));
    this.rates[i] = rate + alpha * (count - rate);
    this.seen[i] = (this.seen[i] ?? 0) + 1;
  }

  /**
   * A window from..to answered `cap` items, so it holds at least that many: scale the weekdays it
   * spans up to that. The answer's own items tell more when they bunch on a few days (a
   * platform that lists newest first): those weekdays get at least the density of that span.
   */
  overflow(from: number, to: number, sampleDays: readonly number[], cap: number): void {
    const inside = sampleDays.filter((day) => day >= from && day <= to);
    const low = inside.length === 0 ? from : Math.min(...inside);
    const high = inside.length === 0 ? to : Math.max(...inside);
    const floor = cap / (high - low + 1);
    const spanned = new Set<number>();
    for (let day = low; day <= Math.min(high, low + 6); day++) spanned.add(day % 7);
    let expected = 0;
    for (let day = from; day <= to; day++) expected += this.at(day);
    const factor = Math.max(1, cap / Math.max(expected, 1e-9));
    for (let day = from; day <= Math.min(to, from + 6); day++) {
      const i = day % 7;
      this.rates[i] = Math.max((this.rates[i] ?? 0) * factor, spanned.has(i) ? floor : 0, 1e-6);
    }
  }

  /** This estimate times a share (a lane's part of the whole), with nothing observed yet. */
  scaled(share: number): DensityEstimate {
    return new DensityEstimate(
      this.rates.map((rate) => rate * share),
      this.monthEnd,
    );
  }
}

/** Counts known per day (e.g. the open requests the ledger holds); unknown days hold none. */
export class KnownCounts implements Estimate {
  private readonly counts: Map<number, number>;

  constructor(counts: ReadonlyMap<number, number>) {
    this.counts = new Map(counts);
  }

  at(day: number): number {
    return this.counts.get(day) ?? 0;
  }

  observe(day: number, count: number): void {
    this.counts.set(day, count);
  }

  overflow(from: number, to: number, _sampleDays: readonly number[], cap: number): void {
    let expected = 0;
    for (let day = from; day <= to; day++) expected += this.at(day);
    const factor = Math.max(1, cap / Math.max(expected, 1e-9));
    for (let day = from; day <= to; day++)
      this.counts.set(day, Math.max(this.at(day) * factor, cap / (to - from + 1)));
  }

  scaled(share: number): KnownCounts {
    return new KnownCounts(new Map([...this.counts].map(([day, n]) => [day, n * share])));
  }
}
