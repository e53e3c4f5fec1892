/**
 * The statements' coverage (match/coverage.ts): which days it covers per currency, and which days of
 * a range it lacks — what an import newly covers, so only the requests whose payment window meets
 * those days are worked out again (follow-import.ts).
 */
import { describe, expect, it } from 'vitest';
import { dayNumber } from '../../src/main/core/recon/match/amounts';
import { Coverage } from '../../src/main/core/recon/match/coverage';

const d = dayNumber;

describe('coverage gaps', () => {
  const coverage = new Coverage([
    { from: '2026-10-01', to: '2026-10-10', currency: 'GBP' },
    { from: '2026-10-11', to: '2026-10-15', currency: 'GBP' },
    { from: '2026-10-20', to: '2026-10-25', currency: null },
  ]);

  it('lists the days of a range no statement of the currency covers, in order', () => {
    expect(coverage.gaps('GBP', d('2026-09-28'), d('2026-10-31'))).toEqual([
      [d('2026-09-28'), d('2026-09-30')],
      [d('2026-10-16'), d('2026-10-19')],
      [d('2026-10-26'), d('2026-10-31')],
    ]);
    expect(coverage.gaps('GBP', d('2026-10-02'), d('2026-10-14'))).toEqual([]);
  });

  it('counts a statement of every currency for each, and only it for a currency with none of its own', () => {
    expect(coverage.gaps('EUR', d('2026-10-18'), d('2026-10-22'))).toEqual([[d('2026-10-18'), d('2026-10-19')]]);
    expect(coverage.gaps('', d('2026-10-01'), d('2026-10-21'))).toEqual([[d('2026-10-01'), d('2026-10-19')]]);
    expect(new Coverage([]).gaps('GBP', d('2026-10-01'), d('2026-10-02'))).toEqual([[d('2026-10-01'), d('2026-10-02')]]);
  });

  it('agrees with covers: a range has no gap exactly when it is covered', () => {
    for (let from = d('2026-09-28'); from <= d('2026-10-28'); from++)
      for (let to = from; to <= from + 12; to++)
        expect(coverage.gaps('GBP', from, to).length === 0).toBe(coverage.covers('GBP', from, to));
  });
});
