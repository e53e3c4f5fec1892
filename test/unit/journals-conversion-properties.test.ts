import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requireCurrencyExponent } from '../../src/shared/domain/currency';
import { requireMinorUnits } from '../../src/shared/domain/money';
import type { ExchangeRate } from '../../src/shared/ipc/contract-journals';
import { parseAccountMapping } from '../../src/main/core/journals/account-mapping';
import { applyConversion } from '../../src/main/core/journals/conversion';
import { buildJournals } from '../../src/main/core/journals/journal-rules';
import { CURRENCIES, day, factsArb, FLOATS } from '../helpers/journals-arbitraries';
import { runs } from '../helpers/property-runs';

// Conversion with rates balances after rounding: random periods (JPY, GBP, KWD), a random books'
// currency (one of them, or EUR) and random rates, the period's and dated ones. Expectations are
// BigInt arithmetic on minor units, independent of decimal.js.

const mapping = parseAccountMapping(
  'float,currency,float_account,bank_account,cost_account,variance_account,refunds_account,rounding_account\n' +
    CURRENCIES.flatMap((currency, c) =>
      FLOATS.map(
        (float, f) => `${float},${currency},F${c}${f},BANK${c},COST${c}${f},VAR${c},REF${c},ROUND${c}`,
      ),
    ).join('\n'),
);

const rateText = fc
  .record({ whole: fc.integer({ min: 0, max: 2000 }), fraction: fc.integer({ min: 0, max: 999_999 }) })
  .filter(({ whole, fraction }) => whole > 0 || fraction > 0)
  .map(({ whole, fraction }) => `${whole}.${String(fraction).padStart(6, '0')}`);

// Each currency mostly has rates (sometimes none, sometimes dated ones only): most cases convert.
const ratesArb = fc
  .tuple(
    ...CURRENCIES.map((currency) =>
      fc
        .option(
          fc.record({
            days: fc.uniqueArray(fc.integer({ min: 1, max: 28 }), { maxLength: 3 }),
            period: fc.option(rateText, { freq: 8, nil: null }),
            dated: fc.array(rateText, { minLength: 3, maxLength: 3 }),
          }),
          { freq: 8, nil: null },
        )
        .map((given) => ({ currency, given })),
    ),
  )
  .map((perCurrency) =>
    perCurrency.flatMap(({ currency, given }): ExchangeRate[] =>
      given === null
        ? []
        : [
            ...(given.period === null ? [] : [{ currency, date: null, rate: given.period }]),
            ...given.days.map((n, index) => ({ currency, date: day(n), rate: given.dated[index]! })),
          ],
    ),
  );

/** The rate an entry dated `date` must use: the latest dated on or before it, else the period's. */
function expectedRate(rates: readonly ExchangeRate[], currency: string, date: string): string | undefined {
  const dated = rates
    .filter((rate) => rate.currency === currency && rate.date !== null && rate.date <= date)
    .sort((a, b) => (a.date! < b.date! ? -1 : 1));
  return (dated.at(-1) ?? rates.find((rate) => rate.currency === currency && rate.date === null))?.rate;
}

/** amount (minor units of `from`) × rate, in minor units of `to`, rounded half away from zero. */
function convertedMinor(minor: bigint, from: string, rate: string, to: string): bigint {
  const [whole, fraction = ''] = rate.split('.');
  const rateUnits = BigInt(`${whole}${fraction}`);
  const numerator = minor * rateUnits * 10n ** BigInt(requireCurrencyExponent(to));
  const denominator = 10n ** BigInt(requireCurrencyExponent(from) + fraction.length);
  const size = numerator < 0n ? -numerator : numerator;
  const rounded = (size * 2n + denominator) / (denominator * 2n);
  return numerator < 0n ? -rounded : rounded;
}

const canonical = (rate: string): string => rate.replace(/\.?0+$/, '');

describe('conversion with rates (properties)', () => {
  let refused = 0;
  let converted = 0;
  it('balances exactly per entry and per journal after rounding, each line the original × rate rounded', () => {
    fc.assert(
      fc.property(factsArb, fc.constantFrom('EUR', ...CURRENCIES), ratesArb, (facts, books, rates) => {
        const built = buildJournals(facts, mapping);
        const result = applyConversion(facts, built, mapping, { booksCurrency: books, rates });
        if (result.missing.length > 0) {
          refused += 1;
          // Refused only for a missing rate: every float here has a rounding account.
          expect(result.missing.every((words) => words.startsWith('No '))).toBe(true);
          return;
        }
        for (const journal of result.set.journals) {
          expect(journal.currency).toBe(books);
          let journalTotal = 0n;
          for (const entry of journal.entries) {
            const total = entry.lines.reduce((sum, line) => sum + requireMinorUnits(line.amount, books), 0n);
            expect(total).toBe(0n);
            journalTotal += total;
            if (journal.convertedFrom === null) continue;
            converted += 1;
            const from = journal.convertedFrom;
            const rate = expectedRate(rates, from, entry.rateDate)!;
            const plain = entry.lines.filter((line) => line.converted === undefined);
            expect(plain.length).toBeLessThanOrEqual(1);
            for (const line of plain) expect(line.account).toMatch(/^ROUND/);
            for (const line of entry.lines) {
              if (line.converted === undefined) continue;
              expect(line.converted.rate).toBe(canonical(rate));
              const original = requireMinorUnits(line.converted.amount, from);
              expect(requireMinorUnits(line.amount, books)).toBe(convertedMinor(original, from, rate, books));
            }
          }
          expect(journalTotal).toBe(0n);
        }
        // Journals in the books' currency are exactly the ones built.
        expect(result.set.journals.filter((journal) => journal.convertedFrom === null)).toEqual(
          built.journals.filter((journal) => journal.currency === books),
        );
      }),
      runs(150),
    );
    // Both ways were taken: conversions made, and some refused for a missing rate.
    expect(converted).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(0);
  });
});
