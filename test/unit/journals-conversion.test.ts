import { describe, expect, it } from 'vitest';
import { parseAccountMapping } from '../../src/main/core/journals/account-mapping';
import { applyConversion, convertJournals, requireConversion } from '../../src/main/core/journals/conversion';
import { checkConversion, RateTable } from '../../src/main/core/journals/exchange-rates';
import { linesOf, totalsOf } from '../../src/main/core/journals/journal-amounts';
import { buildJournals } from '../../src/main/core/journals/journal-rules';
import type { PeriodFacts } from '../../src/main/core/journals/types';
import { thrownAppError } from '../helpers/app-error';
import { fixtureFacts, MAPPING_CSV } from '../helpers/journals-fixture';

/** The fixture's mapping, every row with a rounding account. */
const rounded = parseAccountMapping(
  MAPPING_CSV.split('\n')
    .map((line, index) => (line === '' ? line : `${line},${index === 0 ? 'rounding_account' : '8200'}`))
    .join('\n'),
);
const withoutRounding = parseAccountMapping(MAPPING_CSV);

const RATES = [
  { currency: 'JPY', date: null, rate: '0.0051' },
  { currency: 'JPY', date: '2026-11-09', rate: '0.005120' },
];

describe('journals converted into the books’ currency', () => {
  const built = buildJournals(fixtureFacts(), rounded);
  const { set, rates } = convertJournals(built, { booksCurrency: 'GBP', rates: RATES });

  it('leaves journals already in the books’ currency as they are', () => {
    const gbp = built.journals.filter((journal) => journal.currency === 'GBP');
    expect(set.journals.filter((journal) => journal.convertedFrom === null)).toEqual(gbp);
  });

  it('converts every other line at the rate of its date, showing the original amount and the rate', () => {
    const refunds = set.journals.find((journal) => journal.kind === 'refunds')!;
    expect(refunds).toMatchObject({
      id: 'FD-S12-2026-11-30-REFUNDS-JPY',
      currency: 'GBP',
      convertedFrom: 'JPY',
    });
    expect(refunds.narration).toContain(', JPY converted to GBP, period 2026-11-01 to 2026-11-30');
    expect(linesOf(refunds).map((line) => [line.account, line.amount, line.converted])).toEqual([
      ['1222', '256.00', { amount: '50000', currency: 'JPY', rate: '0.00512' }],
      ['1202', '-256.00', { amount: '-50000', currency: 'JPY', rate: '0.00512' }],
    ]);
    expect(linesOf(refunds)[0]!.description).toMatch(/ \[50000 JPY at 0\.00512\]$/);
    // Only the dated rate applied (the refund was paid on 2026-11-10).
    expect(rates).toEqual([{ currency: 'JPY', date: '2026-11-09', rate: '0.00512' }]);
  });

  it('takes the latest dated rate on or before the date, else the period’s rate', () => {
    const table = new RateTable([
      { currency: 'EUR', date: null, rate: '0.85' },
      { currency: 'EUR', date: '2026-11-15', rate: '0.87' },
      { currency: 'EUR', date: '2026-11-05', rate: '0.86' },
      { currency: 'USD', date: '2026-11-05', rate: '0.79' },
    ]);
    expect(table.find('EUR', '2026-11-04')?.rate).toBe('0.85');
    expect(table.find('EUR', '2026-11-05')?.rate).toBe('0.86');
    expect(table.find('EUR', '2026-11-14')?.rate).toBe('0.86');
    expect(table.find('EUR', '2026-11-30')?.rate).toBe('0.87');
    expect(table.find('USD', '2026-11-30')?.rate).toBe('0.79');
    expect(table.find('USD', '2026-11-04')).toBeUndefined();
    expect(table.find('CHF', '2026-11-04')).toBeUndefined();
  });

  it('posts the rounding difference of an entry to its float’s rounding account, so it balances', () => {
    const facts: PeriodFacts = {
      ...fixtureFacts(),
      spend: [],
      resolutions: [],
      topUps: [
        {
          currency: 'GBP',
          closed: false,
          requests: [{ paymentReference: 'RF1', float: 'Main', approved: '1.00' }],
          lines: [
            { bankTransactionId: 'A', bookingDate: '2026-11-02', amount: '-0.33' },
            { bankTransactionId: 'B', bookingDate: '2026-11-02', amount: '-0.33' },
            { bankTransactionId: 'C', bookingDate: '2026-11-03', amount: '-0.34' },
          ],
        },
      ],
    };
    const converted = convertJournals(buildJournals(facts, rounded), {
      booksCurrency: 'EUR',
      rates: [{ currency: 'GBP', date: null, rate: '1.5' }],
    }).set.journals[0]!;
    // 1.50 − 0.495 − 0.495 − 0.51, each rounded half up (away from zero): 1.50 − 0.50 − 0.50 − 0.51.
    expect(linesOf(converted).map((line) => [line.account, line.amount, line.description])).toEqual([
      ['1210', '1.50', 'Top-up RF1 to float Main, approved 1.00 GBP [1.00 GBP at 1.5]'],
      ['1200', '-0.50', 'Top-up paid 2026-11-02, bank line A [0.33 GBP at 1.5]'],
      ['1200', '-0.50', 'Top-up paid 2026-11-02, bank line B [0.33 GBP at 1.5]'],
      ['1200', '-0.51', 'Top-up paid 2026-11-03, bank line C [0.34 GBP at 1.5]'],
      ['8200', '0.01', 'Rounding of the conversion to EUR'],
    ]);
    expect(linesOf(converted).at(-1)).toMatchObject({ reference: 'RF1', taxCode: 'No VAT' });
    expect(totalsOf(linesOf(converted), 'EUR')).toEqual({ debit: '1.51', credit: '1.51' });
  });

  it('names each missing rate by currency and date, and each float without a rounding account', () => {
    const facts = fixtureFacts();
    const asked = { booksCurrency: 'GBP', rates: [{ currency: 'JPY', date: '2026-11-11', rate: '0.0051' }] };
    const result = applyConversion(facts, buildJournals(facts, withoutRounding), withoutRounding, asked);
    expect(result.used).toBeNull();
    expect(result.missing).toEqual([
      'Float "Main" in JPY has no rounding account, and its journals are converted to GBP: set one in Settings → Accounting (the mapping\'s rounding_account).',
      "No JPY rate to GBP for 2026-11-10: give the period's JPY rate, or rates dated on or before those days.",
    ]);
    const error = thrownAppError(() => requireConversion(result.missing));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(
      /^The journals cannot be converted, so nothing was written: Float "Main" in JPY/,
    );
    expect(error.details).toMatchObject({ reason: 'conversion_incomplete', missing: result.missing });
  });

  it('needs nothing more when every journal is already in the books’ currency', () => {
    const facts = { ...fixtureFacts(), topUps: fixtureFacts().topUps.filter((t) => t.currency === 'GBP') };
    const result = applyConversion(facts, buildJournals(facts, withoutRounding), withoutRounding, {
      booksCurrency: 'GBP',
      rates: [],
    });
    expect(result.missing).toEqual([]);
    expect(result.used).toEqual({ booksCurrency: 'GBP', rates: [] });
  });

  it('refuses a rate given twice, naming it', () => {
    const error = thrownAppError(() =>
      checkConversion({
        booksCurrency: 'GBP',
        rates: [
          { currency: 'EUR', date: null, rate: '0.86' },
          { currency: 'EUR', date: null, rate: '0.87' },
        ],
      }),
    );
    expect(error.code).toBe('invalid_input');
    expect(error.details!.issues).toEqual([
      {
        field: 'conversion.rates[1]',
        problem: "the period's EUR rate is given twice (also rate 1); keep one",
      },
    ]);
  });
});
