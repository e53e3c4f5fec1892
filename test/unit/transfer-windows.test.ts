import fc from 'fast-check';
import { runs } from '../helpers/property-runs';
import { describe, expect, it } from 'vitest';
import { planOpenReads } from '../../src/main/core/sync/transfer-open';
import { TransferWalker } from '../../src/main/core/sync/transfer-walker';
import { DensityEstimate, isMonthEnd } from '../../src/main/core/sync/transfer-density';
import {
  chooseSplit,
  dayNumber,
  dayText,
  endDateParam,
  expectedRequests,
  overflowChance,
  shares,
  windowLength,
  windowParams,
  yearsBefore,
  type EndDateMode,
  type ItemKey,
  type Lane,
} from '../../src/main/core/sync/transfer-windows';

describe('days', () => {
  it('round-trips calendar dates and refuses impossible ones', () => {
    expect(dayText(dayNumber('2026-11-02'))).toBe('2026-11-02');
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(() => dayNumber('2026-02-30')).toThrow(RangeError);
    expect(() => dayNumber('2026-2-3')).toThrow(RangeError);
  });

  it('goes back whole years, 29 February falling back to 28', () => {
    expect(dayText(yearsBefore(dayNumber('2026-11-02'), 2))).toBe('2024-11-02');
    expect(dayText(yearsBefore(dayNumber('2028-02-29'), 2))).toBe('2026-02-28');
  });

  it('sends end_date as the last day only when the platform is known to include it', () => {
    const to = dayNumber('2026-03-10');
    expect(dayText(endDateParam(to, 'inclusive'))).toBe('2026-03-10');
    expect(dayText(endDateParam(to, 'exclusive'))).toBe('2026-03-11');
    expect(dayText(endDateParam(to, 'unknown'))).toBe('2026-03-11');
  });
});

describe('window sizing', () => {
  const params = windowParams(50);
  const flat = (rate: number) => () => rate;

  it('knows the chance of a capped answer (Poisson) and refuses a cap below 2', () => {
    expect(overflowChance(0, 50)).toBe(0);
    expect(overflowChance(20, 50)).toBeLessThan(1e-6);
    expect(overflowChance(39, 50)).toBeGreaterThan(0.03);
    expect(overflowChance(39, 50)).toBeLessThan(0.07);
    expect(overflowChance(60, 50)).toBeGreaterThan(0.9);
    expect(overflowChance(1000, 1100)).toBeLessThan(0.01);
    expect(overflowChance(1000, 900)).toBeGreaterThan(0.99);
    expect(() => windowParams(1)).toThrow(RangeError);
  });

  it('packs days while a capped answer stays unlikely, from the density per weekday', () => {
    expect(windowLength(flat(10), 0, 100, params)).toBe(4);
    expect(windowLength(flat(10), 0, 1, params)).toBe(2);
    expect(windowLength(flat(0), 5, 900, params)).toBe(896);
    expect(windowLength(flat(60), 0, 10, params)).toBe(1);
    // 19.7 a day: two days (39.4 expected) read twice as much per request as one, at a 5 % risk.
    expect(windowLength(flat(19.7), 0, 10, params)).toBe(2);
    expect(windowLength(flat(27), 0, 10, params)).toBe(1);
    const weekly = new DensityEstimate([2, 30, 30, 30, 30, 30, 1]);
    expect(windowLength((d) => weekly.at(d), 5, 100, params)).toBe(3); // Fri + Sat + Sun
  });

  it('learns: the first real count replaces the prior, later ones move it part way', () => {
    const estimate = new DensityEstimate([30, 30, 30, 30, 30, 30, 30]);
    estimate.observe(7, 2);
    expect(estimate.at(7)).toBe(2);
    estimate.observe(14, 10);
    expect(estimate.at(14)).toBe(6);
    expect(estimate.at(15)).toBe(30);
  });

  it('learns how much busier the last three days of a month are', () => {
    const estimate = new DensityEstimate([10, 10, 10, 10, 10, 10, 10]);
    expect(isMonthEnd(dayNumber('2026-01-29'))).toBe(true);
    expect(isMonthEnd(dayNumber('2026-01-31'))).toBe(true);
    expect(isMonthEnd(dayNumber('2026-01-28'))).toBe(false);
    for (let month = 0; month < 30; month++) {
      const lastDay = Date.UTC(2026, month + 1, 0) / 86_400_000;
      estimate.observe(lastDay - 1, 25);
    }
    expect(estimate.at(dayNumber('2026-02-27'))).toBeGreaterThan(20);
    expect(estimate.at(dayNumber('2026-02-20'))).toBe(10);
  });

  it('after a capped window, the next one is shorter (from the span of what came back)', () => {
    const estimate = new DensityEstimate();
    expect(windowLength((d) => estimate.at(d), 0, 729, params)).toBe(730);
    // 50 items on the newest two days of a two-year window: about 25 a day.
    estimate.overflow(0, 729, [728, 729], 50);
    expect(windowLength((d) => estimate.at(d), 0, 729, params)).toBeLessThan(8);
    const spread = new DensityEstimate();
    spread.overflow(0, 99, [0, 99], 50);
    expect(windowLength((d) => spread.at(d), 0, 99, params)).toBeLessThan(100);
  });

  it('counts the expected requests of a walk, capped answers included', () => {
    const none = (): number => 0;
    const tens = expectedRequests(flat(10), 0, 31, params, none); // 8 windows of 4 days, 6 % capped
    expect(tens).toBeGreaterThan(8);
    expect(tens).toBeLessThan(9);
    expect(expectedRequests(flat(27), 0, 9, params, none)).toBeCloseTo(10, 1);
    const withSplit = expectedRequests(flat(70), 0, 0, params, () => 5);
    expect(withSplit).toBeGreaterThan(5.9);
  });

  it('splits by a filter where whole days pack badly, not where they pack well', () => {
    const fiveStatuses = [0.72, 0.12, 0.09, 0.07, 0.0005];
    const at27 = chooseSplit(flat(27), fiveStatuses, 0, 400, params, 6);
    expect(at27.split).toBe(true);
    expect(chooseSplit(flat(60), fiveStatuses, 0, 400, params, 6).split).toBe(true);
    expect(chooseSplit(flat(3), fiveStatuses, 0, 400, params, 6)).toEqual({ split: false });
    expect(chooseSplit(flat(0), fiveStatuses, 0, 400, params, 6)).toEqual({ split: false });
  });

  it('estimates shares from the sample of a lane, never zero', () => {
    const sample = [
      { status: 'approved', float: 'A', currency: 'GBP' },
      { status: 'approved', float: 'B', currency: 'GBP' },
      { status: 'removed', float: 'A', currency: 'GBP' },
    ];
    const byStatus = shares(sample, {}, 'status', ['approved', 'removed', 'pending']);
    expect(byStatus.shares[0]).toBeCloseTo(2.5 / 4.5);
    expect(byStatus.shares[2]).toBeGreaterThan(0);
    expect(byStatus.matched).toBe(3);
    expect(shares(sample, { status: 'approved' }, 'float', ['A', 'B'])).toEqual({
      shares: [0.5, 0.5],
      matched: 2,
    });
  });
});

describe('re-reading open requests', () => {
  it('reads nearby open days in one window while the ledger count stays below the cap', () => {
    const counts = new Map([
      [10, 5],
      [11, 5],
      [12, 5],
      [20, 30],
      [21, 30],
    ]);
    const reads = planOpenReads(
      [
        { day: 10, reference: 'a' },
        { day: 12, reference: 'b' },
        { day: 20, reference: 'c' },
        { day: 21, reference: 'd' },
      ],
      counts,
      50,
    );
    // 5 + 5 + 5 + 30 = 45 requests from day 10 to day 20: one answer; day 21 would make it 75.
    expect(reads).toEqual([
      { kind: 'window', from: 10, to: 20 },
      { kind: 'window', from: 21, to: 21 },
    ]);
  });

  it('looks up by reference on a day too full for one answer', () => {
    const reads = planOpenReads([{ day: 5, reference: 'x' }], new Map([[5, 300]]), 50);
    expect(reads).toEqual([{ kind: 'reference', reference: 'x' }]);
  });
});

// ----- The walker against an in-memory platform (any answer order, cut at the cap) -----

type Item = ItemKey & { id: number; day: number };
type Order = 'newest' | 'oldest' | 'shuffled';
const STATUSES = ['pending', 'approved', 'approved_edited', 'removed', 'cancelled'];

function fakePlatform(world: Item[], cap: number, order: Order, inclusive: boolean, mode: EndDateMode) {
  let requests = 0;
  const committed = new Map<number, number>();
  const incomplete: string[] = [];
  const io = {
    cap,
    describe: (item: Item) => item,
    async fetch(from: number, to: number, lane: Lane) {
      requests++;
      const end = endDateParam(to, mode);
      const match = world.filter(
        (item) =>
          item.day >= from &&
          (inclusive ? item.day <= end : item.day < end) &&
          (lane.status === undefined || item.status === lane.status) &&
          (lane.float === undefined || item.float === lane.float) &&
          (lane.currency === undefined || item.currency === lane.currency),
      );
      if (order === 'newest') match.reverse();
      if (order === 'shuffled') match.sort((a, b) => ((a.id * 7919) % 101) - ((b.id * 7919) % 101));
      // The sync probes end_date on its first capped answer (one request): the fake just learns it.
      if (mode === 'unknown' && match.length >= cap) {
        requests++;
        mode = inclusive ? 'inclusive' : 'exclusive';
      }
      return match.slice(0, cap);
    },
    commit(items: readonly Item[]) {
      for (const item of items) committed.set(item.id, (committed.get(item.id) ?? 0) + 1);
    },
    checkpoint() {},
    incomplete(day: number, lane: Lane) {
      incomplete.push(`${day}/${lane.status}/${lane.float}/${lane.currency}`);
    },
  };
  return { io, committed, incomplete, requests: () => requests };
}

const known = { statuses: STATUSES, floats: ['Main', 'Ops', 'EU'], currencies: ['GBP', 'EUR'] };

function world(perDay: (day: number) => number, days: number, seed = 1): Item[] {
  let state = seed;
  const random = (): number => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const items: Item[] = [];
  for (let day = 0; day < days; day++) {
    for (let i = 0; i < perDay(day); i++) {
      const r = random();
      const status =
        r < 0.72 ? 'approved' : r < 0.84 ? 'approved_edited' : r < 0.93 ? 'removed' : 'cancelled';
      const float = known.floats[Math.floor(random() * 3)] as string;
      items.push({ id: items.length, day, status, float, currency: float === 'EU' ? 'EUR' : 'GBP' });
    }
  }
  return items;
}

describe('walking a range', () => {
  it('reads a dense history completely, with requests near ⌈N/(cap-1)⌉', async () => {
    const items = world((day) => (day % 7 >= 5 ? 2 : 35), 730);
    const platform = fakePlatform(items, 50, 'newest', true, 'inclusive');
    await new TransferWalker(platform.io, known).walk(0, 729, {}, new DensityEstimate(), true);
    expect(platform.committed.size).toBe(items.length);
    expect(platform.incomplete).toEqual([]);
    const bound = Math.ceil(items.length / 49);
    expect(platform.requests()).toBeLessThanOrEqual(2 * bound);
  });

  it('splits a day with hundreds of requests by status, float and currency; a group still over the cap is reported', async () => {
    const items = world((day) => (day === 3 ? 0 : 4), 10);
    // Day 3: 400 requests, at most 27 in any (status, float, currency) group.
    for (let i = 0; i < 400; i++) {
      const float = known.floats[i % 3] as string;
      const status = STATUSES[Math.floor(i / 3) % 5] as string;
      items.push({ id: items.length, day: 3, status, float, currency: float === 'EU' ? 'EUR' : 'GBP' });
    }
    for (let i = 0; i < 60; i++)
      items.push({ id: items.length, day: 5, status: 'approved', float: 'Main', currency: 'GBP' });
    const platform = fakePlatform(items, 50, 'shuffled', false, 'exclusive');
    await new TransferWalker(platform.io, known).walk(0, 9, {}, new DensityEstimate(), true);
    expect(platform.incomplete).toEqual(['5/approved/Main/GBP']);
    const dense = items.filter((item) => item.day !== 5);
    expect(dense.every((item) => platform.committed.has(item.id))).toBe(true);
    expect(platform.requests()).toBeLessThan(50);
  });

  it('is complete whatever the order, cap and end_date behaviour (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat({ max: 40 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 3, max: 20 }),
        fc.constantFrom<Order>('newest', 'oldest', 'shuffled'),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 1, max: 1000 }),
        async (perDay, cap, order, inclusive, knowsMode, seed) => {
          const items = world((day) => perDay[day] ?? 0, perDay.length, seed);
          const mode: EndDateMode = knowsMode ? (inclusive ? 'inclusive' : 'exclusive') : 'unknown';
          const platform = fakePlatform(items, cap, order, inclusive, mode);
          await new TransferWalker(platform.io, known).walk(
            0,
            perDay.length - 1,
            {},
            new DensityEstimate(),
            true,
          );
          const groups = new Map<string, number>();
          for (const item of items) {
            const key = `${item.day}/${item.status}/${item.float}/${item.currency}`;
            groups.set(key, (groups.get(key) ?? 0) + 1);
          }
          const over = [...groups].filter(([, n]) => n >= cap).map(([key]) => key);
          expect(platform.incomplete.sort()).toEqual(over.sort());
          for (const item of items) {
            const key = `${item.day}/${item.status}/${item.float}/${item.currency}`;
            if (!over.includes(key)) expect(platform.committed.has(item.id)).toBe(true);
          }
        },
      ),
      runs(150),
    );
  });
});
