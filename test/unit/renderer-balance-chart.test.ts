import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timeTickLabel, valueTickLabels } from '../../src/renderer/src/features/balances/chart/axis-labels';
import {
  keyedIndex,
  linePath,
  linearScale,
  nearestIndex,
  niceStep,
  plotValue,
  valueTicks,
} from '../../src/renderer/src/features/balances/chart/chart-scale';
import { chartSummary } from '../../src/renderer/src/features/balances/chart/chart-summary';
import { runwayText } from '../../src/renderer/src/features/balances/runway-text';
import { freshnessOf, STALENESS } from '../../src/shared/domain/staleness';

/** Amounts as the chart sees them: cents, as numbers. */
const cents = (min: number, max: number) => fc.integer({ min, max }).map((n) => n / 100);

describe('chart scaling', () => {
  it('maps a domain onto a range, flipped for the y axis, and a flat domain onto the middle', () => {
    const y = linearScale([0, 100], [200, 0]);
    expect([y(0), y(50), y(100)]).toEqual([200, 100, 0]);
    expect(linearScale([5, 5], [10, 30])(5)).toBe(20);
  });

  it('picks 1-2-5 steps and round ticks that cover the values', () => {
    expect(niceStep(1000, 4)).toBe(500);
    expect(niceStep(0.2, 4)).toBe(0.05);
    expect(valueTicks(0, 1000)).toEqual([0, 500, 1000]);
    expect(valueTicks(0.1, 0.3)).toEqual([0.1, 0.15, 0.2, 0.25, 0.3]);
    expect(valueTicks(10, 10)).toEqual([9, 9.5, 10, 10.5, 11]);
    fc.assert(
      fc.property(cents(-1e14, 1e14), cents(0, 1e14), (low, width) => {
        const high = low + width;
        const ticks = valueTicks(low, high);
        // Pixel scaling in binary floats: 0.2 + 0.01 is 0.21000000000000002, which the tick 0.21 covers.
        const slack = (Math.abs(low) + Math.abs(high)) * 1e-12;
        expect(ticks[0]!).toBeLessThanOrEqual(low + slack);
        expect(ticks[ticks.length - 1]!).toBeGreaterThanOrEqual(high - slack);
        expect(ticks.length).toBeLessThanOrEqual(12);
        for (let i = 1; i < ticks.length; i++) expect(ticks[i]!).toBeGreaterThan(ticks[i - 1]!);
      }),
    );
  });

  it('finds the nearest point to the pointer', () => {
    const xs = [10, 20, 40, 80];
    expect([0, 14, 16, 31, 61, 500].map((x) => nearestIndex(xs, x))).toEqual([0, 0, 1, 2, 3, 3]);
    expect(nearestIndex([], 3)).toBe(-1);
  });

  it('moves between points with the keys a slider uses', () => {
    expect(keyedIndex('ArrowRight', 2, 5)).toBe(3);
    expect(keyedIndex('ArrowUp', 4, 5)).toBe(4);
    expect(keyedIndex('ArrowLeft', 0, 5)).toBe(0);
    expect(keyedIndex('Home', 3, 5)).toBe(0);
    expect(keyedIndex('End', 0, 5)).toBe(4);
    expect(keyedIndex('PageUp', 0, 50)).toBe(10);
    expect(keyedIndex('a', 0, 5)).toBeUndefined();
    expect(keyedIndex('End', 0, 0)).toBeUndefined();
  });

  it('draws a path through the points and places amounts only as pixels', () => {
    expect(
      linePath([
        { x: 1, y: 2 },
        { x: 3.14159, y: 4 },
      ]),
    ).toBe('M1.0 2.0 L3.1 4.0');
    expect(plotValue('12345.67')).toBe(12345.67);
    expect(plotValue('12345678901234567.89')).toBeGreaterThan(1.2e16);
    expect(plotValue('nonsense')).toBe(0);
  });

  it('labels ticks without two alike, compact when long', () => {
    expect(valueTickLabels([0, 500, 1000], 'en-US')).toEqual(['0', '500', '1,000']);
    expect(valueTickLabels([0.1, 0.15, 0.2], 'en-US')).toEqual(['0.10', '0.15', '0.20']);
    const big = valueTickLabels([12_340_000_000, 12_345_000_000, 12_350_000_000], 'en-US');
    expect(new Set(big).size).toBe(3);
    expect(big[0]).toMatch(/B$/);
    expect(timeTickLabel(Date.UTC(2026, 10, 22, 9, 5), 10 * 86_400_000, 'en-GB')).toBe('22 Nov');
    expect(timeTickLabel(Date.UTC(2026, 10, 22, 9, 5), 3_600_000, 'en-GB')).toMatch(/22 Nov.*\d{2}:05/);
  });
});

describe('chart summary', () => {
  const point = (recordedAt: string, amount: string) => ({
    recordedAt,
    available: { amount, currency: 'GBP' },
  });
  it('names the count, the ends, the lowest and the highest exactly', () => {
    const text = chartSummary([
      point('2026-11-20T09:00:00Z', '100.10'),
      point('2026-11-21T09:00:00Z', '90071992547409.93'),
      point('2026-11-22T09:00:00Z', '0.01'),
    ]);
    expect(text).toMatch(
      /^3 balances from .* to .*: from £100\.10 to £0\.01; lowest £0\.01, highest £90,071,992,547,409\.93\.$/,
    );
    expect(chartSummary([])).toBe('No balances recorded yet.');
    expect(chartSummary([point('2026-11-20T09:00:00Z', '5.00')])).toMatch(
      /^One balance recorded: £5\.00 on /,
    );
  });
});

describe('staleness and runway texts', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  it('marks a figure the platform refreshed more than an hour ago, or never said when', () => {
    expect(STALENESS.staleAfterMs).toBe(3_600_000);
    expect(freshnessOf('2026-11-22T09:00:00Z', now)).toBe('fresh');
    expect(freshnessOf('2026-11-22T08:59:59Z', now)).toBe('stale');
    expect(freshnessOf('2026-11-22T10:00:00+01:00', now)).toBe('fresh');
    expect(freshnessOf(null, now)).toBe('unknown');
    expect(freshnessOf('garbage', now)).toBe('unknown');
  });

  it('says how many days at which rate, or that nothing was spent', () => {
    const basis = 'the 30 days up to the latest balance (9 snapshots)';
    expect(runwayText({ days: 23, dailySpend: { amount: '1234.00', currency: 'GBP' }, basis })).toEqual({
      days: '≈ 23 days',
      rate: 'at £1,234.00/day',
    });
    expect(runwayText({ days: 0, dailySpend: { amount: '5.00', currency: 'GBP' }, basis }).days).toBe(
      'less than a day',
    );
    expect(runwayText({ days: 1, dailySpend: { amount: '5.00', currency: 'GBP' }, basis }).days).toBe(
      '≈ 1 day',
    );
    expect(runwayText({ days: null, dailySpend: null, basis })).toEqual({
      days: 'no recent spend',
      rate: null,
    });
  });
});
