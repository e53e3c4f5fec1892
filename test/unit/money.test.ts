import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnknownCurrencyError } from '../../src/shared/domain/currency';
import {
  InvalidAmountError,
  addMoney,
  canonicalAmount,
  canonicalDecimal,
  compareMoney,
  decimalPlaces,
  fromMinorUnits,
  isDecimalString,
  isNegative,
  money,
  requireMinorUnits,
  subtractMoney,
  toMinorUnits,
  type Money,
} from '../../src/shared/domain/money';

/* ------------------------------------------------------------------------------------------------
 * String-only reference helpers: the expected values in the property tests are computed with plain
 * string manipulation, never through Number, so they cannot share a rounding bug with the code.
 * ---------------------------------------------------------------------------------------------- */

const EXPONENTS = { GBP: 2, JPY: 0, KWD: 3, CLF: 4, EUR: 2, USD: 2 } as const;
type TestCurrency = keyof typeof EXPONENTS;
const CURRENCIES = Object.keys(EXPONENTS) as TestCurrency[];

const digitString = (minLength: number, maxLength: number) =>
  fc.string({
    unit: fc.constantFrom(...'0123456789'.split('')),
    minLength,
    maxLength,
  });

const stripLeadingZeros = (s: string): string => s.replace(/^0+/, '') || '0';
const stripTrailingZeros = (s: string): string => s.replace(/0+$/, '');

interface Parts {
  negative: boolean;
  int: string; // no leading zeros, "0" when empty
  frac: string; // no trailing zeros
}

/** Normalise sign / integer digits / fraction digits by string rules only. */
function parts(negative: boolean, intDigits: string, fracDigits: string): Parts {
  const int = stripLeadingZeros(intDigits);
  const frac = stripTrailingZeros(fracDigits);
  const isZero = int === '0' && frac === '';
  return { negative: negative && !isZero, int, frac };
}

function expectedCanonicalDecimal(p: Parts): string {
  return `${p.negative ? '-' : ''}${p.int}${p.frac ? `.${p.frac}` : ''}`;
}

function expectedCanonicalAmount(p: Parts, exponent: number): string {
  const places = Math.max(exponent, p.frac.length);
  const frac = p.frac.padEnd(places, '0');
  return `${p.negative ? '-' : ''}${p.int}${places > 0 ? `.${frac}` : ''}`;
}

function expectedMinor(p: Parts, exponent: number): bigint {
  const digits = `${p.int}${p.frac.padEnd(exponent, '0')}`;
  return (p.negative ? -1n : 1n) * BigInt(digits);
}

/** A canonical Money string must be plain, have no leading zeros and no "-0". */
function expectCanonicalShape(amount: string, exponent: number): void {
  const shape =
    exponent === 0 ? /^-?(0|[1-9]\d*)(\.\d+)?$/ : new RegExp(`^-?(0|[1-9]\\d*)\\.\\d{${exponent},}$`);
  expect(amount).toMatch(shape);
  expect(amount).not.toMatch(/^-0(\.0*)?$/);
  expect(amount).not.toMatch(/[eE]/);
}

const gbp = (amount: string): Money => ({ amount, currency: 'GBP' });
const jpy = (amount: string): Money => ({ amount, currency: 'JPY' });

function catchError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

/* --------------------------------------------------------------------------------------------- */

describe('canonicalDecimal', () => {
  it.each([
    ['0', '0'],
    ['12', '12'],
    ['0012', '12'],
    ['0012.3400', '12.34'],
    ['12.000', '12'],
    ['12.', '12'],
    ['.5', '0.5'],
    ['000.500', '0.5'],
    ['0.000', '0'],
    ['+5', '5'],
    ['-12.50', '-12.5'],
    ['-0012.3400', '-12.34'],
  ])('strips leading and trailing zeros: %j → %j', (input, expected) => {
    expect(canonicalDecimal(input)).toBe(expected);
  });

  it.each([
    ['1e2', '100'],
    ['1E2', '100'],
    ['1e+2', '100'],
    ['1.5E-3', '0.0015'],
    ['1.5e-3', '0.0015'],
    ['-2.5e1', '-25'],
    ['12.34e-10', '0.000000001234'],
    ['1e21', '1000000000000000000000'],
    ['1e-7', '0.0000001'],
    ['123e-2', '1.23'],
    ['0e5', '0'],
    ['.5e1', '5'],
  ])('writes exponent input %j in plain notation as %j', (input, expected) => {
    expect(canonicalDecimal(input)).toBe(expected);
  });

  it.each(['-0', '-0.0', '-0.000', '+0', '-0e3', '-.0', '0000'])('never returns "-0" (%j → "0")', (input) => {
    expect(canonicalDecimal(input)).toBe('0');
  });

  it('keeps every digit of values far beyond double precision', () => {
    expect(canonicalDecimal('12345678901234567890.123456789012345678')).toBe(
      '12345678901234567890.123456789012345678',
    );
    expect(canonicalDecimal('0.1')).toBe('0.1');
    expect(canonicalDecimal('9007199254740993')).toBe('9007199254740993'); // 2^53 + 1
  });

  it.each([
    '',
    'abc',
    '1,5',
    '1.2.3',
    ' ',
    '.',
    '-',
    '+',
    '1e',
    'e5',
    '--1',
    '+-1',
    '1 000',
    '0x10',
    '1_000',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e2.5',
    '１２',
  ])('rejects %j with InvalidAmountError', (input) => {
    const error = catchError(() => canonicalDecimal(input));
    expect(error).toBeInstanceOf(InvalidAmountError);
    expect(error).toBeInstanceOf(Error);
    expect((error as InvalidAmountError).input).toBe(input);
    expect((error as InvalidAmountError).name).toBe('InvalidAmountError');
    expect((error as InvalidAmountError).message).toContain(`"${input}"`);
  });

  it('rejects an exponent so large the value is not finite', () => {
    expect(() => canonicalDecimal('1e99999999999999999')).toThrow(InvalidAmountError);
  });

  it('property: decimal strings built from random digits never lose a digit', () => {
    fc.assert(
      fc.property(fc.boolean(), digitString(1, 30), digitString(0, 30), (negative, intDigits, fracDigits) => {
        const input = `${negative ? '-' : ''}${intDigits}${fracDigits ? `.${fracDigits}` : ''}`;
        expect(canonicalDecimal(input)).toBe(
          expectedCanonicalDecimal(parts(negative, intDigits, fracDigits)),
        );
      }),
    );
  });

  it('property: plain text (read as text) and the same value with an exponent (read by decimal.js) agree', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('', '-', '+'),
        digitString(1, 30),
        fc.option(digitString(0, 30), { nil: undefined }),
        fc.constantFrom('GBP', 'JPY', 'KWD', 'EUR'),
        (sign, intDigits, fracDigits, currency) => {
          const plain = `${sign}${intDigits}${fracDigits === undefined ? '' : `.${fracDigits}`}`;
          const intDigitsNeeded = intDigits.replace(/^0+/, '').length;
          fc.pre(intDigitsNeeded <= 29);
          expect(canonicalAmount(plain, currency)).toBe(canonicalAmount(`${plain}e0`, currency));
          expect(canonicalDecimal(plain)).toBe(canonicalDecimal(`${plain}e0`));
        },
      ),
    );
  });

  it('property: exponent notation equals shifting the decimal point by string manipulation', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        digitString(1, 15),
        fc.integer({ min: -15, max: 14 }),
        (negative, mantissa, exp) => {
          let intDigits: string;
          let fracDigits: string;
          if (exp >= 0) {
            intDigits = mantissa + '0'.repeat(exp);
            fracDigits = '';
          } else {
            const padded = mantissa.padStart(-exp + 1, '0');
            intDigits = padded.slice(0, padded.length + exp);
            fracDigits = padded.slice(padded.length + exp);
          }
          const input = `${negative ? '-' : ''}${mantissa}e${exp}`;
          expect(canonicalDecimal(input)).toBe(
            expectedCanonicalDecimal(parts(negative, intDigits, fracDigits)),
          );
        },
      ),
    );
  });

  it('property: idempotent', () => {
    fc.assert(
      fc.property(fc.boolean(), digitString(1, 30), digitString(0, 20), (negative, i, f) => {
        const once = canonicalDecimal(`${negative ? '-' : ''}${i}.${f}`);
        expect(canonicalDecimal(once)).toBe(once);
      }),
    );
  });
});

describe('isDecimalString and decimalPlaces', () => {
  it('recognises decimal strings', () => {
    for (const valid of ['0', '-1.5', '1e2', '1.5E-3', '.5', '5.']) expect(isDecimalString(valid)).toBe(true);
    for (const invalid of ['', ' ', 'abc', '1,5', '1.2.3', 'NaN', 'Infinity'])
      expect(isDecimalString(invalid)).toBe(false);
  });

  it('counts the decimals a value really needs (trailing zeros do not count)', () => {
    expect(decimalPlaces('12')).toBe(0);
    expect(decimalPlaces('12.340')).toBe(2);
    expect(decimalPlaces('12.000')).toBe(0);
    expect(decimalPlaces('1.005')).toBe(3);
    expect(decimalPlaces('1.5E-3')).toBe(4);
    expect(decimalPlaces('1e2')).toBe(0);
    expect(() => decimalPlaces('abc')).toThrow(InvalidAmountError);
  });
});

describe('canonicalAmount and money', () => {
  it.each([
    ['100', 'GBP', '100.00'],
    ['100', 'JPY', '100'],
    ['100', 'KWD', '100.000'],
    ['100', 'CLF', '100.0000'],
    ['12.5', 'GBP', '12.50'],
    ['12.500', 'GBP', '12.50'],
    ['0012.3', 'EUR', '12.30'],
    ['1.005', 'GBP', '1.005'],
    ['1.00500', 'GBP', '1.005'],
    ['1.5', 'JPY', '1.5'],
    ['1.0', 'JPY', '1'],
    ['1.2345', 'KWD', '1.2345'],
    ['1.234', 'KWD', '1.234'],
    ['1.2', 'KWD', '1.200'],
    ['-5', 'GBP', '-5.00'],
    ['-1.005', 'GBP', '-1.005'],
    ['-0.001', 'GBP', '-0.001'],
    ['-0.00', 'GBP', '0.00'],
    ['-0', 'GBP', '0.00'],
    ['-0', 'JPY', '0'],
    ['-0.000', 'KWD', '0.000'],
    ['0', 'USD', '0.00'],
    ['1e2', 'GBP', '100.00'],
    ['1.5E-3', 'GBP', '0.0015'],
    ['1.5E-3', 'KWD', '0.0015'],
    ['1.5E-3', 'CLF', '0.0015'],
    ['25e-1', 'JPY', '2.5'],
    ['12345678901234567890.12', 'GBP', '12345678901234567890.12'],
  ])('canonicalAmount(%j, %s) → %j', (input, currency, expected) => {
    expect(canonicalAmount(input, currency)).toBe(expected);
    expect(money(input, currency)).toEqual({ amount: expected, currency });
  });

  it('rejects an unknown currency with UnknownCurrencyError', () => {
    expect(() => canonicalAmount('1', 'ABC')).toThrow(UnknownCurrencyError);
    expect(() => money('1', 'gbp')).toThrow(UnknownCurrencyError);
  });

  it('rejects an invalid amount with InvalidAmountError', () => {
    for (const input of ['', 'abc', '1,5', '1.2.3', ' ']) {
      expect(() => canonicalAmount(input, 'GBP')).toThrow(InvalidAmountError);
      expect(() => money(input, 'GBP')).toThrow(InvalidAmountError);
    }
  });

  it('property: canonicalAmount is idempotent and canonical in shape', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        digitString(1, 30),
        digitString(0, 8),
        fc.constantFrom(...CURRENCIES),
        (negative, intDigits, fracDigits, currency) => {
          const input = `${negative ? '-' : ''}${intDigits}${fracDigits ? `.${fracDigits}` : ''}`;
          const once = canonicalAmount(input, currency);
          expect(canonicalAmount(once, currency)).toBe(once);
          expectCanonicalShape(once, EXPONENTS[currency]);
        },
      ),
    );
  });

  it('property: canonicalAmount keeps every digit (string reference)', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        digitString(1, 30),
        digitString(0, 8),
        fc.constantFrom(...CURRENCIES),
        (negative, intDigits, fracDigits, currency) => {
          const input = `${negative ? '-' : ''}${intDigits}${fracDigits ? `.${fracDigits}` : ''}`;
          const expected = expectedCanonicalAmount(
            parts(negative, intDigits, fracDigits),
            EXPONENTS[currency],
          );
          expect(canonicalAmount(input, currency)).toBe(expected);
        },
      ),
    );
  });
});

describe('toMinorUnits', () => {
  it.each([
    ['12.34', 'GBP', 1234n],
    ['12.340', 'GBP', 1234n],
    ['12.3400000', 'GBP', 1234n],
    ['12', 'GBP', 1200n],
    ['0.01', 'GBP', 1n],
    ['-0.01', 'GBP', -1n],
    ['-12.34', 'GBP', -1234n],
    ['0', 'GBP', 0n],
    ['-0', 'GBP', 0n],
    ['-0.00', 'GBP', 0n],
    ['100', 'JPY', 100n],
    ['100.0', 'JPY', 100n],
    ['1.234', 'KWD', 1234n],
    ['1.2345', 'CLF', 12345n],
    ['1e2', 'GBP', 10000n],
    ['1.5E-1', 'GBP', 15n],
    ['12.3e1', 'JPY', 123n],
    ['-1.234E2', 'USD', -12340n],
  ])('toMinorUnits(%j, %s)', (input, currency, expected) => {
    expect(toMinorUnits(input, currency)).toEqual({
      ok: true,
      minor: expected,
    });
  });

  it('1.5E-3 is 15 CLF minor units and over-precise for GBP and KWD', () => {
    expect(toMinorUnits('1.5E-3', 'CLF')).toEqual({ ok: true, minor: 15n });
    expect(toMinorUnits('1.5E-3', 'KWD')).toEqual({
      ok: false,
      reason: 'too_many_decimals',
      allowed: 3,
      found: 4,
    });
    expect(toMinorUnits('1.5E-3', 'GBP')).toEqual({
      ok: false,
      reason: 'too_many_decimals',
      allowed: 2,
      found: 4,
    });
  });

  it.each([
    ['1.005', 'GBP', 2, 3],
    ['-1.005', 'GBP', 2, 3],
    ['0.001', 'GBP', 2, 3],
    ['1.0050', 'GBP', 2, 3],
    ['12.345678', 'USD', 2, 6],
    ['1.5', 'JPY', 0, 1],
    ['0.0001', 'KWD', 3, 4],
    ['0.00001', 'CLF', 4, 5],
    ['1e-3', 'GBP', 2, 3],
  ])(
    'reports %j %s as too many decimals (allowed %i, found %i), never rounded',
    (input, currency, allowed, found) => {
      expect(toMinorUnits(input, currency)).toEqual({
        ok: false,
        reason: 'too_many_decimals',
        allowed,
        found,
      });
    },
  );

  it('is exact for values beyond 2^53', () => {
    expect(toMinorUnits('92233720368547758.07', 'GBP')).toEqual({
      ok: true,
      minor: 9223372036854775807n,
    });
    expect(toMinorUnits('9007199254740993', 'JPY')).toEqual({
      ok: true,
      minor: 9007199254740993n,
    });
    expect(toMinorUnits('90071992547409.93', 'GBP')).toEqual({
      ok: true,
      minor: 9007199254740993n,
    });
    expect(toMinorUnits('-123456789012345678901234567890.12', 'GBP')).toEqual({
      ok: true,
      minor: -12345678901234567890123456789012n,
    });
    expect(toMinorUnits('1e29', 'KWD')).toEqual({
      ok: true,
      minor: 10n ** 32n,
    });
  });

  it('is exact at the bounds: 30 integer digits and 30 decimals', () => {
    const digits = '9'.repeat(30) + '.99';
    expect(toMinorUnits(digits, 'GBP')).toEqual({ ok: true, minor: 10n ** 32n - 1n });
    expect(canonicalDecimal(`0.${'0'.repeat(29)}1`)).toBe(`0.${'0'.repeat(29)}1`);
  });

  it('refuses values beyond the bounds instead of rounding them', () => {
    const digits31 = `1${'2'.repeat(29)}3`;
    expect(() => toMinorUnits(digits31, 'JPY')).toThrow(InvalidAmountError);
    expect(() => toMinorUnits(`0.${'0'.repeat(30)}1`, 'GBP')).toThrow(/more than 30 digits after/);
  });

  it('refuses a short input with a huge exponent at once, without expanding it', () => {
    const started = Date.now();
    for (const input of ['1e100000000', '1e-100000000', '1e1000000000', '5E31']) {
      expect(() => canonicalDecimal(input)).toThrow(InvalidAmountError);
      expect(() => toMinorUnits(input, 'GBP')).toThrow(InvalidAmountError);
    }
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('throws for an unknown currency and an invalid amount', () => {
    expect(() => toMinorUnits('1', 'ABC')).toThrow(UnknownCurrencyError);
    expect(() => toMinorUnits('1', 'gbp')).toThrow(UnknownCurrencyError);
    for (const input of ['', 'abc', '1,5', '1.2.3', ' ']) {
      expect(() => toMinorUnits(input, 'GBP')).toThrow(InvalidAmountError);
    }
  });

  it('property: random digit strings convert exactly or are reported with allowed/found', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        digitString(1, 30),
        digitString(0, 8),
        fc.constantFrom(...CURRENCIES),
        (negative, intDigits, fracDigits, currency) => {
          const exponent = EXPONENTS[currency];
          const p = parts(negative, intDigits, fracDigits);
          const input = `${negative ? '-' : ''}${intDigits}${fracDigits ? `.${fracDigits}` : ''}`;
          const result = toMinorUnits(input, currency);
          if (p.frac.length > exponent) {
            expect(result).toEqual({
              ok: false,
              reason: 'too_many_decimals',
              allowed: exponent,
              found: p.frac.length,
            });
          } else {
            expect(result).toEqual({
              ok: true,
              minor: expectedMinor(p, exponent),
            });
          }
        },
      ),
    );
  });
});

describe('requireMinorUnits', () => {
  it('returns the minor units of a value within precision', () => {
    expect(requireMinorUnits('12.34', 'GBP')).toBe(1234n);
    expect(requireMinorUnits('12.340', 'GBP')).toBe(1234n);
    expect(requireMinorUnits('100', 'JPY')).toBe(100n);
    expect(requireMinorUnits('-0.001', 'KWD')).toBe(-1n);
  });

  it('throws InvalidAmountError naming the currency, allowed and found decimals', () => {
    const error = catchError(() => requireMinorUnits('1.005', 'GBP'));
    expect(error).toBeInstanceOf(InvalidAmountError);
    expect((error as InvalidAmountError).input).toBe('1.005');
    expect((error as InvalidAmountError).message).toContain(
      'GBP allows 2 decimal place(s), this value has 3',
    );
    expect(() => requireMinorUnits('1.5', 'JPY')).toThrow(
      /JPY allows 0 decimal place\(s\), this value has 1/,
    );
  });

  it('throws for unknown currencies and invalid amounts', () => {
    expect(() => requireMinorUnits('1', 'ABC')).toThrow(UnknownCurrencyError);
    expect(() => requireMinorUnits('abc', 'GBP')).toThrow(InvalidAmountError);
  });
});

describe('fromMinorUnits', () => {
  it.each([
    [1234n, 'GBP', '12.34'],
    [1234, 'GBP', '12.34'],
    [1n, 'GBP', '0.01'],
    [-1n, 'GBP', '-0.01'],
    [-1234, 'GBP', '-12.34'],
    [100n, 'GBP', '1.00'],
    [0n, 'GBP', '0.00'],
    [0, 'GBP', '0.00'],
    [-0, 'GBP', '0.00'],
    [1234n, 'JPY', '1234'],
    [1234, 'JPY', '1234'],
    [0n, 'JPY', '0'],
    [-5n, 'JPY', '-5'],
    [1n, 'KWD', '0.001'],
    [1000n, 'KWD', '1.000'],
    [1n, 'CLF', '0.0001'],
    [-5n, 'CLF', '-0.0005'],
    [Number.MAX_SAFE_INTEGER, 'GBP', '90071992547409.91'],
    [Number.MIN_SAFE_INTEGER, 'GBP', '-90071992547409.91'],
    [2n ** 64n, 'GBP', '184467440737095516.16'],
    [-(2n ** 64n), 'JPY', '-18446744073709551616'],
    [10n ** 40n + 1n, 'KWD', '10000000000000000000000000000000000000.001'],
  ])('fromMinorUnits(%s, %s) → %j', (minor, currency, expected) => {
    expect(fromMinorUnits(minor, currency)).toBe(expected);
  });

  it.each([
    2 ** 53,
    -(2 ** 53),
    1.5,
    0.1,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    1e21,
  ])('rejects the unsafe or non-integer number %s', (minor) => {
    expect(() => fromMinorUnits(minor, 'GBP')).toThrow(InvalidAmountError);
    expect(() => fromMinorUnits(minor, 'GBP')).toThrow(/safe integer/);
  });

  it('accepts the same values as bigint beyond 2^53', () => {
    expect(fromMinorUnits(2n ** 53n + 1n, 'GBP')).toBe('90071992547409.93');
  });

  it('throws for an unknown currency', () => {
    expect(() => fromMinorUnits(1n, 'ABC')).toThrow(UnknownCurrencyError);
  });

  it('property: fromMinorUnits then toMinorUnits round-trips exactly', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 29n), max: 10n ** 29n }),
        fc.constantFrom(...CURRENCIES),
        (minor, currency) => {
          const amount = fromMinorUnits(minor, currency);
          expectCanonicalShape(amount, EXPONENTS[currency]);
          expect(canonicalAmount(amount, currency)).toBe(amount);
          expect(toMinorUnits(amount, currency)).toEqual({ ok: true, minor });
          expect(requireMinorUnits(amount, currency)).toBe(minor);
        },
      ),
    );
  });

  it('property: safe-integer numbers give the same string as the bigint', () => {
    fc.assert(
      fc.property(
        fc.integer({
          min: Number.MIN_SAFE_INTEGER,
          max: Number.MAX_SAFE_INTEGER,
        }),
        fc.constantFrom(...CURRENCIES),
        (minor, currency) => {
          expect(fromMinorUnits(minor, currency)).toBe(fromMinorUnits(BigInt(minor), currency));
        },
      ),
    );
  });

  it('property: matches a string reference implementation', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 29n), max: 10n ** 29n }),
        fc.constantFrom(...CURRENCIES),
        (minor, currency) => {
          const exponent = EXPONENTS[currency];
          const negative = minor < 0n;
          const digits = (negative ? -minor : minor).toString().padStart(exponent + 1, '0');
          const int = digits.slice(0, digits.length - exponent);
          const frac = digits.slice(digits.length - exponent);
          const expected = `${negative ? '-' : ''}${int}${exponent > 0 ? `.${frac}` : ''}`;
          expect(fromMinorUnits(minor, currency)).toBe(expected);
        },
      ),
    );
  });
});

describe('addMoney, subtractMoney, compareMoney', () => {
  it('adds and subtracts exactly, returning canonical amounts', () => {
    expect(addMoney(gbp('0.10'), gbp('0.20'))).toEqual(gbp('0.30'));
    expect(addMoney(gbp('1.5'), gbp('2.25'))).toEqual(gbp('3.75'));
    expect(addMoney(gbp('1.005'), gbp('0.005'))).toEqual(gbp('1.01'));
    expect(addMoney(gbp('1.005'), gbp('1.00'))).toEqual(gbp('2.005'));
    expect(addMoney(jpy('1'), jpy('2'))).toEqual(jpy('3'));
    expect(addMoney({ amount: '0.001', currency: 'KWD' }, { amount: '0.002', currency: 'KWD' })).toEqual({
      amount: '0.003',
      currency: 'KWD',
    });
    expect(addMoney(gbp('90071992547409.91'), gbp('0.02'))).toEqual(gbp('90071992547409.93'));
    expect(subtractMoney(gbp('0.30'), gbp('0.10'))).toEqual(gbp('0.20'));
    expect(subtractMoney(gbp('1.00'), gbp('2.50'))).toEqual(gbp('-1.50'));
    expect(subtractMoney(jpy('100'), jpy('1'))).toEqual(jpy('99'));
  });

  it('never produces "-0"', () => {
    expect(subtractMoney(gbp('1.00'), gbp('1.00'))).toEqual(gbp('0.00'));
    expect(subtractMoney(gbp('-1.00'), gbp('-1.00'))).toEqual(gbp('0.00'));
    expect(addMoney(gbp('-1.00'), gbp('1.00'))).toEqual(gbp('0.00'));
    expect(addMoney(gbp('-0.00'), gbp('-0.00'))).toEqual(gbp('0.00'));
    expect(subtractMoney(jpy('-5'), jpy('-5'))).toEqual(jpy('0'));
  });

  it('compares numerically, regardless of scale', () => {
    expect(compareMoney(gbp('1.00'), gbp('2.00'))).toBe(-1);
    expect(compareMoney(gbp('2.00'), gbp('1.00'))).toBe(1);
    expect(compareMoney(gbp('1.0'), gbp('1.00'))).toBe(0);
    expect(compareMoney(gbp('-0.00'), gbp('0.00'))).toBe(0);
    expect(compareMoney(gbp('1.005'), gbp('1.00'))).toBe(1);
    expect(compareMoney(gbp('-1.00'), gbp('0.01'))).toBe(-1);
    expect(compareMoney(gbp('90071992547409.93'), gbp('90071992547409.92'))).toBe(1);
  });

  it.each([
    ['addMoney', addMoney],
    ['subtractMoney', subtractMoney],
    ['compareMoney', compareMoney],
  ] as const)('%s rejects a currency mismatch naming both currencies', (_name, fn) => {
    expect(() => fn(gbp('1.00'), { amount: '1.00', currency: 'EUR' })).toThrow(/GBP.*EUR/);
    expect(() => fn(jpy('1'), gbp('1.00'))).toThrow(/different currencies/);
    // A mismatch in case is a mismatch too: currency codes are compared exactly.
    expect(() => fn(gbp('1.00'), { amount: '1.00', currency: 'gbp' })).toThrow(/different currencies/);
  });

  it('rejects unknown currencies and invalid amounts', () => {
    const abc = (amount: string): Money => ({ amount, currency: 'ABC' });
    expect(() => addMoney(abc('1'), abc('1'))).toThrow(UnknownCurrencyError);
    expect(() => subtractMoney(abc('1'), abc('1'))).toThrow(UnknownCurrencyError);
    expect(() => addMoney(gbp('abc'), gbp('1.00'))).toThrow(InvalidAmountError);
    expect(() => compareMoney(gbp('1.00'), gbp('1,5'))).toThrow(InvalidAmountError);
  });

  const moneyIn = (currency: TestCurrency) =>
    fc
      .tuple(fc.boolean(), digitString(1, 25), digitString(0, EXPONENTS[currency] + 1))
      .map(([negative, i, f]) => canonicalAmount(`${negative ? '-' : ''}${i}${f ? `.${f}` : ''}`, currency))
      .map((amount): Money => ({ amount, currency }));

  const pairInSameCurrency = fc
    .constantFrom(...CURRENCIES)
    .chain((currency) => fc.tuple(moneyIn(currency), moneyIn(currency), moneyIn(currency)));

  it('property: addMoney is commutative', () => {
    fc.assert(
      fc.property(pairInSameCurrency, ([a, b]) => {
        expect(addMoney(a, b)).toEqual(addMoney(b, a));
      }),
    );
  });

  it('property: addMoney is associative', () => {
    fc.assert(
      fc.property(pairInSameCurrency, ([a, b, c]) => {
        expect(addMoney(addMoney(a, b), c)).toEqual(addMoney(a, addMoney(b, c)));
      }),
    );
  });

  it('property: subtractMoney inverts addMoney', () => {
    fc.assert(
      fc.property(pairInSameCurrency, ([a, b]) => {
        expect(subtractMoney(addMoney(a, b), b)).toEqual(a);
        expect(addMoney(subtractMoney(a, b), b)).toEqual(a);
      }),
    );
  });

  it('property: a - a is zero and compare agrees with subtraction', () => {
    fc.assert(
      fc.property(pairInSameCurrency, ([a, b]) => {
        const exponent = requireExponent(a.currency);
        expect(subtractMoney(a, a).amount).toBe(exponent === 0 ? '0' : `0.${'0'.repeat(exponent)}`);
        const diff = subtractMoney(a, b);
        const zero = { amount: '0', currency: a.currency };
        expect(compareMoney(a, b)).toBe(compareMoney(diff, zero));
        expect(compareMoney(a, b)).toBe(-compareMoney(b, a) || 0);
        expect(isNegative(diff)).toBe(compareMoney(a, b) === -1);
      }),
    );
  });

  it('property: results match minor-unit bigint arithmetic when within precision', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        fc.bigInt({ min: -(10n ** 29n), max: 10n ** 29n }),
        fc.bigInt({ min: -(10n ** 29n), max: 10n ** 29n }),
        (currency, x, y) => {
          const a: Money = { amount: fromMinorUnits(x, currency), currency };
          const b: Money = { amount: fromMinorUnits(y, currency), currency };
          expect(addMoney(a, b).amount).toBe(fromMinorUnits(x + y, currency));
          expect(subtractMoney(a, b).amount).toBe(fromMinorUnits(x - y, currency));
          expect(compareMoney(a, b)).toBe(x < y ? -1 : x > y ? 1 : 0);
        },
      ),
    );
  });
});

function requireExponent(currency: string): number {
  const exponent = (EXPONENTS as Record<string, number>)[currency];
  if (exponent === undefined) throw new Error(`no test exponent for ${currency}`);
  return exponent;
}

describe('isNegative', () => {
  it('is true only for values below zero', () => {
    expect(isNegative(gbp('-0.01'))).toBe(true);
    expect(isNegative(gbp('-0.001'))).toBe(true);
    expect(isNegative(gbp('-100.00'))).toBe(true);
    expect(isNegative(gbp('0.00'))).toBe(false);
    expect(isNegative(gbp('-0.00'))).toBe(false);
    expect(isNegative(gbp('-0'))).toBe(false);
    expect(isNegative(gbp('0.01'))).toBe(false);
  });
});

describe('string reference helpers (self-check)', () => {
  it('normalise as expected', () => {
    expect(expectedCanonicalDecimal(parts(true, '000', '000'))).toBe('0');
    expect(expectedCanonicalAmount(parts(false, '0012', '340'), 2)).toBe('12.34');
    expect(expectedCanonicalAmount(parts(false, '1', '005'), 2)).toBe('1.005');
    expect(expectedCanonicalAmount(parts(false, '100', ''), 0)).toBe('100');
    expect(expectedMinor(parts(true, '12', '3'), 2)).toBe(-1230n);
  });
});
