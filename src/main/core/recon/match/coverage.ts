/**
 * Which booking dates the imported statements cover, per currency: the basis for "approved but
 * unpaid" — a request is only called unpaid when every day its payment could have been booked on
 * is covered by a statement and none of them shows it.
 */
import { dayNumber } from './amounts';

/** A statement's booking-date range, inclusive; `currency` null covers every currency. */
export interface CoveredRange {
  from: string;
  to: string;
  currency: string | null;
}

export class Coverage {
  /** Per currency ('' = every currency): merged, sorted [from, to] day pairs. */
  private readonly spans = new Map<string, [number, number][]>();

  constructor(ranges: readonly CoveredRange[]) {
    const raw = new Map<string, [number, number][]>();
    for (const range of ranges) {
      const from = dayNumber(range.from);
      const to = dayNumber(range.to);
      if (to < from) throw new Error(`Covered range ${range.from}..${range.to} ends before it starts`);
      const key = range.currency ?? '';
      const list = raw.get(key);
      if (list === undefined) raw.set(key, [[from, to]]);
      else list.push([from, to]);
    }
    const every = raw.get('') ?? [];
    for (const [key, list] of raw) this.spans.set(key, merge(key === '' ? list : [...list, ...every]));
  }

  /** The days of [from, to] not covered for `currency`, as [from, to] day pairs in order. */
  gaps(currency: string, from: number, to: number): [number, number][] {
    const spans = this.spans.get(currency) ?? this.spans.get('') ?? [];
    const gaps: [number, number][] = [];
    let next = from;
    for (const [start, end] of spans) {
      if (end < next) continue;
      if (start > to) break;
      if (start > next) gaps.push([next, start - 1]);
      next = Math.max(next, end + 1);
      if (next > to) break;
    }
    if (next <= to) gaps.push([next, to]);
    return gaps;
  }

  /** Whether every day in [from, to] is covered for `currency`. */
  covers(currency: string, from: number, to: number): boolean {
    const spans = this.spans.get(currency) ?? this.spans.get('');
    if (spans === undefined) return false;
    let low = 0;
    let high = spans.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const span = spans[middle] as [number, number];
      if (span[1] < from) low = middle + 1;
      else if (span[0] > from) high = middle - 1;
      else return span[1] >= to;
    }
    return false;
  }
}

/** Sorted, with overlapping and adjacent spans joined. */
function merge(list: [number, number][]): [number, number][] {
  const sorted = [...list].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [from, to] of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}
