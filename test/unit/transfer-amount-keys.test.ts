import fc from 'fast-check';
import { runs } from '../helpers/property-runs';
import { describe, expect, it } from 'vitest';
import { compareDecimal } from '../../src/shared/domain/money';
import { decimalSortKey, differenceOf, minorSortKey } from '../../src/main/core/transfers/amounts';

/** Decimal text with up to 30 integer digits and 0–8 decimals, either sign (string work only). */
const decimalText = fc
  .tuple(fc.boolean(), fc.stringMatching(/^(0|[1-9][0-9]{0,29})$/), fc.stringMatching(/^[0-9]{0,8}$/))
  .map(
    ([negative, integer, fraction]) => `${negative ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`,
  );

const order = (a: string, b: string): -1 | 0 | 1 => (a < b ? -1 : a > b ? 1 : 0);

describe('amount sort keys', () => {
  it('order text keys exactly as the decimal values (binary string comparison, as SQLite does)', () => {
    fc.assert(
      fc.property(decimalText, decimalText, (a, b) => {
        expect(order(decimalSortKey(a) as string, decimalSortKey(b) as string)).toBe(compareDecimal(a, b));
      }),
      runs(2000),
    );
  });

  it('give minor units the key of the same value written as a decimal, for every exponent', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
        fc.integer({ min: 0, max: 4 }),
        (minor, e) => {
          const digits = (minor < 0n ? -minor : minor).toString().padStart(e + 1, '0');
          const text = `${minor < 0n ? '-' : ''}${digits.slice(0, digits.length - e)}${e ? `.${digits.slice(-e)}` : ''}`;
          expect(minorSortKey(minor, e)).toBe(decimalSortKey(text));
        },
      ),
    );
  });

  it('treat every spelling of one value alike and refuse text that is not a number', () => {
    expect(decimalSortKey('1.50')).toBe(decimalSortKey('1.5'));
    expect(decimalSortKey('-0.00')).toBe(decimalSortKey('0'));
    expect(decimalSortKey('1e2')).toBe(decimalSortKey('100'));
    expect(decimalSortKey('twelve')).toBeNull();
  });
});

describe('the difference approved − requested', () => {
  it('is exact, keeps over-precise digits, and is null without an approval or across currencies', () => {
    const gbp = (amount: string) => ({ amount, currency: 'GBP' });
    expect(differenceOf(gbp('500.00'), gbp('490.00'))).toEqual(gbp('-10.00'));
    expect(differenceOf(gbp('0.10'), gbp('0.30'))).toEqual(gbp('0.20'));
    expect(differenceOf(gbp('12.00'), gbp('12.345'))).toEqual(gbp('0.345'));
    expect(differenceOf(gbp('1.00'), gbp('1.00'))).toEqual(gbp('0.00'));
    expect(differenceOf(gbp('1.00'), null)).toBeNull();
    expect(differenceOf(gbp('1.00'), { amount: '1.00', currency: 'EUR' })).toBeNull();
    const minor = { minor: 123n, exact: null };
    expect(differenceOf(gbp('1.23'), gbp('0.99'), [minor, { minor: 99n, exact: null }])).toEqual(
      gbp('-0.24'),
    );
  });
});
