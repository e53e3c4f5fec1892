/**
 * Random periods for the journal properties: three floats in currencies of 0, 2 and 3 decimals.
 * Amounts are generated as minor units, so every expectation can be a BigInt sum of the same,
 * independent of the rules' code.
 */
import fc from 'fast-check';
import { fromMinorUnits } from '../../src/shared/domain/money';
import type { MatchedTopUp, PeriodFacts, ResolvedItem } from '../../src/main/core/journals/types';

export const CURRENCIES = ['JPY', 'GBP', 'KWD'] as const;
export const FLOATS = ['A', 'B', 'C'] as const;
export const REASONS = [
  'bank_fee',
  'fx_difference',
  'duplicate',
  'refunded',
  'not_a_top_up',
  'written_off',
  'other',
] as const;

const minor = fc.bigInt({ min: 1n, max: 10n ** 12n });

const topUpArb = fc.record({
  currency: fc.constantFrom(...CURRENCIES),
  closed: fc.boolean(),
  awaiting: fc.boolean(),
  requests: fc.array(fc.record({ float: fc.constantFrom(...FLOATS), approved: minor }), {
    minLength: 1,
    maxLength: 3,
  }),
  lines: fc.array(fc.record({ paid: minor, day: fc.integer({ min: 1, max: 28 }) }), {
    minLength: 1,
    maxLength: 3,
  }),
});

const spendArb = fc.record({
  float: fc.constantFrom(...FLOATS),
  currency: fc.constantFrom(...CURRENCIES),
  amount: fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
});

const resolutionArb = fc.record({
  day: fc.integer({ min: 1, max: 28 }),
  kind: fc.constantFrom('request' as const, 'line' as const),
  reasonCode: fc.constantFrom(...REASONS),
  currency: fc.constantFrom(...CURRENCIES),
  amount: fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }).filter((n) => n !== 0n),
});

export const day = (n: number): string => `2026-11-${String(n).padStart(2, '0')}`;

export const factsArb = fc
  .record({
    signOffId: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null }),
    topUps: fc.array(topUpArb, { maxLength: 25 }),
    spend: fc.uniqueArray(spendArb, { selector: (s) => `${s.float}${s.currency}`, maxLength: 9 }),
    resolutions: fc.array(resolutionArb, { maxLength: 8 }),
  })
  .map(({ signOffId, topUps, spend, resolutions }): PeriodFacts => {
    let next = 0;
    return {
      period: { from: '2026-11-01', to: '2026-11-30' },
      asOf: '2026-11-30',
      signOffId,
      topUps: topUps.map((t): MatchedTopUp => ({
        currency: t.currency,
        closed: t.closed,
        requests: t.requests.map((r) => ({
          paymentReference: `RF${next++}`,
          float: r.float,
          approved: t.awaiting ? null : fromMinorUnits(r.approved, t.currency),
        })),
        lines: t.lines.map((l) => ({
          bankTransactionId: `L${next++}`,
          bookingDate: day(l.day),
          amount: fromMinorUnits(-l.paid, t.currency),
        })),
      })),
      spend: spend.map((s) => ({
        float: s.float,
        currency: s.currency,
        amount: fromMinorUnits(s.amount, s.currency),
      })),
      resolutions: resolutions.map((r): ResolvedItem => ({
        kind: r.kind,
        id: `X${next++}`,
        reasonCode: r.reasonCode,
        note: '',
        currency: r.currency,
        float: r.kind === 'request' ? 'A' : null,
        amount: fromMinorUnits(r.amount, r.currency),
        date: day(r.day),
      })),
    };
  });
