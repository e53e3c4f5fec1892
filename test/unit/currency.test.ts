import { data as isoCurrencies } from 'currency-codes';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CURRENCY_EXPONENT_OVERRIDES,
  UnknownCurrencyError,
  currencyExponent,
  isCurrencyCodeShape,
  isKnownCurrency,
  requireCurrencyExponent,
} from '../../src/shared/domain/currency';

describe('currencyExponent', () => {
  it.each([
    ['GBP', 2],
    ['EUR', 2],
    ['USD', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['KWD', 3],
    ['BHD', 3],
    ['TND', 3],
    ['CLF', 4],
    ['UYW', 4],
  ])('%s has %i decimals (ISO 4217 via currency-codes)', (code, exponent) => {
    expect(currencyExponent(code)).toBe(exponent);
    expect(requireCurrencyExponent(code)).toBe(exponent);
    expect(isKnownCurrency(code)).toBe(true);
  });

  it('XCG comes from the local override table', () => {
    expect(isoCurrencies.some((c) => c.code === 'XCG')).toBe(false);
    expect(CURRENCY_EXPONENT_OVERRIDES.XCG).toBe(2);
    expect(currencyExponent('XCG')).toBe(2);
    expect(requireCurrencyExponent('XCG')).toBe(2);
    expect(isKnownCurrency('XCG')).toBe(true);
  });

  it('every override wins over the package value', () => {
    for (const [code, exponent] of Object.entries(CURRENCY_EXPONENT_OVERRIDES)) {
      expect(isCurrencyCodeShape(code)).toBe(true);
      expect(currencyExponent(code)).toBe(exponent);
    }
  });

  it('every ISO code from the package resolves to a small non-negative integer exponent', () => {
    expect(isoCurrencies.length).toBeGreaterThan(100);
    for (const { code } of isoCurrencies) {
      const exponent = currencyExponent(code);
      expect(Number.isInteger(exponent), code).toBe(true);
      expect(exponent).toBeGreaterThanOrEqual(0);
      expect(exponent).toBeLessThanOrEqual(4);
    }
  });

  it.each([
    'gbp',
    'Gbp',
    'gBP',
    'ABC',
    'GBPX',
    'GB',
    '',
    ' GBP',
    'GBP ',
    'G P',
    '123',
    'GB1',
    'ÉUR',
    'XYZ',
    'QQQ',
  ])('%j is unknown', (code) => {
    expect(currencyExponent(code)).toBeUndefined();
    expect(isKnownCurrency(code)).toBe(false);
  });

  it('does not resolve inherited object properties as codes', () => {
    for (const code of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(currencyExponent(code)).toBeUndefined();
    }
  });

  it('property: the result is undefined for anything not shaped like an ISO code', () => {
    fc.assert(
      fc.property(fc.string(), (code) => {
        if (!/^[A-Z]{3}$/.test(code)) expect(currencyExponent(code)).toBeUndefined();
      }),
    );
  });
});

describe('isCurrencyCodeShape', () => {
  it('accepts exactly three upper-case ASCII letters', () => {
    expect(isCurrencyCodeShape('GBP')).toBe(true);
    expect(isCurrencyCodeShape('ABC')).toBe(true);
    for (const code of ['gbp', 'GB', 'GBPX', '', 'GB1', ' GBP', 'GBP\n'])
      expect(isCurrencyCodeShape(code)).toBe(false);
  });
});

describe('requireCurrencyExponent', () => {
  it.each(['ABC', 'GBPX', 'gbp', ''])('throws UnknownCurrencyError naming %j', (code) => {
    let caught: unknown;
    try {
      requireCurrencyExponent(code);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(UnknownCurrencyError);
    expect(caught).toBeInstanceOf(Error);
    const error = caught as UnknownCurrencyError;
    expect(error.currency).toBe(code);
    expect(error.name).toBe('UnknownCurrencyError');
    expect(error.message).toContain(`"${code}"`);
  });
});
