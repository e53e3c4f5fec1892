import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../helpers/property-runs';
import {
  fromStoredAmount,
  storedAmountText,
  storedMoney,
  toStoredAmount,
  withinInt64,
} from '../../src/main/core/ledger/repositories/stored-amounts';

const BEYOND_INT64 = '92233720368547758.08'; // 2^63 cents

describe('toStoredAmount', () => {
  it('stores an amount exact in its currency as minor units', () => {
    expect(toStoredAmount('12.50', 'EUR')).toEqual({ minor: 1250n, exact: null });
    expect(toStoredAmount('-0.5', 'EUR')).toEqual({ minor: -50n, exact: null });
    expect(toStoredAmount('1200', 'JPY')).toEqual({ minor: 1200n, exact: null });
    expect(toStoredAmount('1.2300', 'EUR')).toEqual({ minor: 123n, exact: null });
    expect(toStoredAmount('1.5e2', 'EUR')).toEqual({ minor: 15000n, exact: null });
  });

  it('keeps an over-precise amount as the text sent, never rounded', () => {
    expect(toStoredAmount('1.005', 'EUR')).toEqual({ minor: null, exact: '1.005' });
    expect(toStoredAmount('0.5', 'JPY')).toEqual({ minor: null, exact: '0.5' });
  });

  it('keeps an amount beyond a 64-bit integer as text', () => {
    expect(toStoredAmount(BEYOND_INT64, 'EUR')).toEqual({ minor: null, exact: BEYOND_INT64 });
    expect(toStoredAmount('92233720368547758.07', 'EUR')).toEqual({ minor: 2n ** 63n - 1n, exact: null });
    expect(withinInt64(-(2n ** 63n))).toBe(true);
    expect(withinInt64(2n ** 63n)).toBe(false);
  });

  it('keeps the trimmed text of an unknown currency or of something that is not a decimal', () => {
    expect(toStoredAmount(' 12.5 ', 'ZZZ')).toEqual({ minor: null, exact: '12.5' });
    expect(toStoredAmount(' abc ', 'EUR')).toEqual({ minor: null, exact: 'abc' });
  });

  describe('strict (balance snapshots)', () => {
    it('stores exact amounts as minor units and keeps over-precise or huge ones as trimmed text', () => {
      expect(toStoredAmount('12.50', 'EUR', { strict: true })).toEqual({ minor: 1250n, exact: null });
      expect(toStoredAmount(' 1.005 ', 'EUR', { strict: true })).toEqual({ minor: null, exact: '1.005' });
      expect(toStoredAmount(BEYOND_INT64, 'EUR', { strict: true })).toEqual({
        minor: null,
        exact: BEYOND_INT64,
      });
    });

    it('refuses an unknown currency or a value that is not a decimal instead of keeping it', () => {
      expect(() => toStoredAmount('12.5', 'ZZZ', { strict: true })).toThrow();
      expect(() => toStoredAmount('abc', 'EUR', { strict: true })).toThrow();
    });

    it('agrees with the fast path on every plain decimal of a known currency', () => {
      const plain = fc
        .tuple(
          fc.boolean(),
          fc.stringMatching(/^[0-9]{1,20}$/),
          fc.stringMatching(/^[0-9]{0,5}$/),
          fc.constantFrom('EUR', 'JPY', 'KWD'),
        )
        .map(([negative, integer, fraction, currency]) => ({
          text: `${negative ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`,
          currency,
        }));
      fc.assert(
        fc.property(plain, ({ text, currency }) => {
          expect(toStoredAmount(text, currency)).toEqual(toStoredAmount(text, currency, { strict: true }));
        }),
        runs(1000),
      );
    });
  });
});

describe('storedAmountText and fromStoredAmount', () => {
  it('gives canonical text from minor units and the stored text as it is', () => {
    expect(storedAmountText(1250n, null, 'EUR')).toBe('12.50');
    expect(storedAmountText(-5n, null, 'EUR')).toBe('-0.05');
    expect(storedAmountText(1200n, null, 'JPY')).toBe('1200');
    expect(storedAmountText(null, '1.0050', 'EUR')).toBe('1.0050');
    expect(storedAmountText(null, '12.00 USD', 'EUR')).toBe('12.00 USD');
    expect(fromStoredAmount(null, '1.005', 'EUR')).toBe('1.005');
  });

  it('says null for nothing stored; fromStoredAmount refuses it', () => {
    expect(storedAmountText(null, null, 'EUR')).toBeNull();
    expect(() => fromStoredAmount(null, null, 'EUR')).toThrow(/neither minor units nor an exact value/);
  });

  it('throws on minor units of an unknown currency unless told what to say instead', () => {
    expect(() => storedAmountText(250n, null, 'ZZZ')).toThrow();
    const said = storedAmountText(250n, null, 'ZZZ', { unknownExponent: (m, c) => `${m} of ${c}` });
    expect(said).toBe('250 of ZZZ');
    expect(storedAmountText(null, '2.5', 'ZZZ', { unknownExponent: () => 'never' })).toBe('2.5');
  });

  it('gives back what was stored, for any amount', () => {
    fc.assert(
      fc.property(
        fc.tuple(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), fc.constantFrom('EUR', 'JPY', 'KWD')),
        ([minor, currency]) => {
          const text = storedAmountText(minor, null, currency) as string;
          expect(toStoredAmount(text, currency)).toEqual({ minor, exact: null });
        },
      ),
      runs(1000),
    );
  });
});

describe('storedMoney', () => {
  it('is canonical Money from minor units, else the stored text in the row currency', () => {
    expect(storedMoney(1250n, null, 'EUR')).toEqual({ amount: '12.50', currency: 'EUR' });
    expect(storedMoney(null, '1.0050', 'EUR')).toEqual({ amount: '1.0050', currency: 'EUR' });
    expect(storedMoney(null, '12.00 USD', 'EUR')).toEqual({ amount: '12.00 USD', currency: 'EUR' });
    expect(() => storedMoney(null, null, 'EUR')).toThrow(/neither/);
  });

  it('foreign (transfer amounts): "12.00 USD" is that amount in that other currency', () => {
    const foreign = { foreign: true } as const;
    expect(storedMoney(null, '12.00 USD', 'EUR', foreign)).toEqual({ amount: '12.00', currency: 'USD' });
    expect(storedMoney(null, '-1.005 JPY', 'EUR', foreign)).toEqual({ amount: '-1.005', currency: 'JPY' });
    expect(storedMoney(null, '1.005', 'EUR', foreign)).toEqual({ amount: '1.005', currency: 'EUR' });
    expect(storedMoney(null, '12.00 usd', 'EUR', foreign)).toEqual({ amount: '12.00 usd', currency: 'EUR' });
    expect(storedMoney(1250n, null, 'EUR', foreign)).toEqual({ amount: '12.50', currency: 'EUR' });
    expect(() => storedMoney(null, null, 'EUR', foreign)).toThrow(/neither/);
  });

  it('canonical (balances): stored text is read as money in the currency', () => {
    const canonical = { canonical: true } as const;
    expect(storedMoney(1250n, null, 'EUR', canonical)).toEqual({ amount: '12.50', currency: 'EUR' });
    expect(storedMoney(null, ' 1.0050 ', 'EUR', canonical).amount).toBe(
      storedMoney(null, '1.005', 'EUR', canonical).amount,
    );
    expect(storedMoney(null, '1.005', 'EUR', canonical)).toEqual({ amount: '1.005', currency: 'EUR' });
    expect(() => storedMoney(null, '12.00 USD', 'EUR', canonical)).toThrow();
    expect(() => storedMoney(null, null, 'EUR', canonical)).toThrow(/neither/);
  });
});
