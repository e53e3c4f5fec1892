import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  attributeTopUps,
  DAY_MS,
  estimateRunway,
  type RunwaySnapshot,
  type RunwayTopUp,
} from '../../src/main/core/floats/runway';
import { divideRoundingHalfUp, fromScaled, toScaled } from '../../src/main/core/floats/scaled';

const T0 = Date.UTC(2026, 10, 1);
/** A top-up of a request the ledger saw pending before. */
const topUpOf = (atMs: number, amount: bigint, runId: number | null): RunwayTopUp => ({
  atMs,
  amount,
  runId,
  createdMs: atMs,
  seenBefore: true,
});
const snap = (day: number, available: bigint, runId: number | null = day + 1): RunwaySnapshot => ({
  atMs: T0 + day * DAY_MS,
  available,
  runId,
});

describe('runway', () => {
  it('averages the drops per day and counts whole days left', () => {
    // 1000.00 → 900.00 → 700.00 over two days: 300.00 spent, 150.00 a day, 700 / 150 = 4.67 → 4 days.
    const estimate = estimateRunway([snap(0, 100_000n), snap(1, 90_000n), snap(2, 70_000n)], []);
    expect(estimate).toEqual({ spend: 30_000n, spanMs: 2 * DAY_MS, dailySpend: 15_000n, days: 4 });
  });

  it('does not count a top-up as spend: the rise it explains leaves the drops alone', () => {
    const topUp = topUpOf(T0 + DAY_MS + 5, 50_000n, 2);
    // Day 1: spent 100.00 and topped up 500.00 → 1400.00.
    const estimate = estimateRunway([snap(0, 100_000n), snap(1, 140_000n), snap(2, 130_000n)], [topUp]);
    expect(estimate.spend).toBe(20_000n);
    expect(estimate.dailySpend).toBe(10_000n);
    expect(estimate.days).toBe(13);
  });

  it('says nothing without spend, or with fewer than two snapshots', () => {
    expect(estimateRunway([snap(0, 100n)], [])).toMatchObject({ dailySpend: null, days: null });
    expect(estimateRunway([snap(0, 100n), snap(1, 100n), snap(2, 150n)], [])).toMatchObject({
      spend: 0n,
      dailySpend: null,
      days: null,
    });
  });

  it('an empty float has no days left', () => {
    expect(estimateRunway([snap(0, 500n), snap(1, 0n)], []).days).toBe(0);
  });

  it('credits a top-up to the snapshot of the run that saw it, else to the interval it was seen in', () => {
    const snapshots = [snap(0, 0n, 10), snap(1, 0n, 11), snap(2, 0n, null)];
    const credited = attributeTopUps(snapshots, [
      topUpOf(T0 + 5 * DAY_MS, 1n, 11), // by run: snapshot 1 whatever the time
      topUpOf(T0 + DAY_MS + 1, 10n, null), // by time: (day 1, day 2]
      topUpOf(T0, 100n, 10), // the first snapshot's run: before the window
      topUpOf(T0 + 9 * DAY_MS, 1000n, 99), // after the last snapshot
    ]);
    expect(credited).toEqual([0n, 1n, 10n]);
  });

  it('ignores an old approval read for the first time (the first sync of requests), not a new one', () => {
    const snapshots = [snap(0, 0n, null), snap(1, 0n, null), snap(2, 0n, 12)];
    const firstSeenApproved = (createdMs: number, amount: bigint): RunwayTopUp => ({
      atMs: T0 + 2 * DAY_MS,
      amount,
      runId: 12,
      createdMs,
      seenBefore: false,
    });
    const credited = attributeTopUps(snapshots, [
      firstSeenApproved(T0 - 90 * DAY_MS, 1n), // created long before: the balances already held it
      firstSeenApproved(T0 + DAY_MS + 60_000, 10n), // created and approved between the snapshots
      firstSeenApproved(T0 + DAY_MS - 60_000, 100n), // created just before: within the clock margin
    ]);
    expect(credited).toEqual([0n, 0n, 110n]);
  });
});

const series = fc
  .array(
    fc.record({
      gapMs: fc.integer({ min: 1, max: 3 * DAY_MS }),
      change: fc.bigInt(-(10n ** 12n), 10n ** 12n),
    }),
    {
      minLength: 1,
      maxLength: 30,
    },
  )
  .chain((steps) =>
    fc
      .record({ start: fc.bigInt(0n, 10n ** 15n), steps: fc.constant(steps) })
      .map(({ start, steps: list }) => {
        const snapshots: RunwaySnapshot[] = [{ atMs: T0, available: start, runId: 1 }];
        for (const [index, step] of list.entries()) {
          const previous = snapshots[snapshots.length - 1] as RunwaySnapshot;
          const next = previous.available + step.change;
          snapshots.push({
            atMs: previous.atMs + step.gapMs,
            available: next < 0n ? 0n : next,
            runId: index + 2,
          });
        }
        return snapshots;
      }),
  );

describe('runway properties', () => {
  it('is exact: spend is the sum of the drops, the day count the floor of the exact ratio', () => {
    fc.assert(
      fc.property(series, (snapshots) => {
        const estimate = estimateRunway(snapshots, []);
        let drops = 0n;
        for (let i = 1; i < snapshots.length; i++) {
          const drop = snapshots[i - 1]!.available - snapshots[i]!.available;
          if (drop > 0n) drops += drop;
        }
        expect(estimate.spend).toBe(drops);
        if (estimate.days === null) return;
        const last = snapshots[snapshots.length - 1]!.available;
        const span = BigInt(estimate.spanMs);
        const day = BigInt(DAY_MS);
        const days = BigInt(estimate.days);
        // days ≤ last / (spend / span · DAY) < days + 1, in integers.
        expect(days * drops * day <= last * span).toBe(true);
        expect((days + 1n) * drops * day > last * span).toBe(true);
      }),
    );
  });

  it('never negative', () => {
    fc.assert(
      fc.property(series, (snapshots) => {
        const estimate = estimateRunway(snapshots, []);
        expect(estimate.spend >= 0n).toBe(true);
        if (estimate.dailySpend !== null) expect(estimate.dailySpend >= 0n).toBe(true);
        if (estimate.days !== null) expect(estimate.days).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('a top-up changes nothing: the balance it raises is explained', () => {
    fc.assert(
      fc.property(series, fc.nat(), fc.bigInt(1n, 10n ** 12n), (snapshots, at, amount) => {
        fc.pre(snapshots.length >= 2);
        const index = 1 + (at % (snapshots.length - 1));
        const raised = snapshots.map((snapshot, i) =>
          i >= index ? { ...snapshot, available: snapshot.available + amount } : snapshot,
        );
        const topUp = topUpOf(snapshots[index]!.atMs, amount, snapshots[index]!.runId);
        const before = estimateRunway(snapshots, []);
        const after = estimateRunway(raised, [topUp]);
        expect(after.spend).toBe(before.spend);
        expect(after.dailySpend).toBe(before.dailySpend);
      }),
    );
  });
});

describe('scaled amounts', () => {
  it('round-trips decimals exactly at any scale at least as fine', () => {
    fc.assert(
      fc.property(fc.bigInt(-(10n ** 30n), 10n ** 30n), fc.integer({ min: 0, max: 6 }), (value, scale) => {
        expect(toScaled(fromScaled(value, scale), scale)).toBe(value);
      }),
    );
    expect(toScaled('12.5', 3)).toBe(12_500n);
    expect(toScaled('-0.01', 2)).toBe(-1n);
    expect(fromScaled(-1n, 2)).toBe('-0.01');
    expect(() => toScaled('1.234', 2)).toThrow(/more than 2 decimals/);
  });

  it('rounds a ratio half up', () => {
    expect(divideRoundingHalfUp(5n, 2n)).toBe(3n);
    expect(divideRoundingHalfUp(4n, 3n)).toBe(1n);
    expect(divideRoundingHalfUp(0n, 7n)).toBe(0n);
  });
});
