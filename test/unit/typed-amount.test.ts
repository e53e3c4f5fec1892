import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDecimalString } from '../../src/shared/domain/money';
import { numberFormatShape, parseTypedAmount, writeAmount } from '../../src/shared/domain/typed-amount';
import { runs } from '../helpers/property-runs';

/** Every format Settings offers, plus grouping styles FloatDesk must read (en-IN lakh, de-CH apostrophe). */
const LOCALES = [
  'en-GB',
  'en-US',
  'en-IE',
  'de-DE',
  'fr-FR',
  'nl-NL',
  'es-ES',
  'it-IT',
  'pl-PL',
  'sv-SE',
  'ja-JP',
  'en-IN',
  'de-CH',
];

const read = (text: string, locale: string): string => {
  const result = parseTypedAmount(text, locale);
  if (!result.ok) throw new Error(`${text} (${locale}) refused: ${result.problem}`);
  return result.amount;
};
const refusal = (text: string, locale: string): string => {
  const result = parseTypedAmount(text, locale);
  if (result.ok) throw new Error(`${text} (${locale}) read as ${result.amount}`);
  return result.problem;
};

/** Expected canonical text, by string manipulation only (no Number). */
function canonical(integer: string, fraction: string): string {
  const whole = integer.replace(/^0+(?=\d)/, '');
  const part = fraction.replace(/0+$/, '');
  return part === '' ? whole : `${whole}.${part}`;
}

describe('amounts typed as people type them', () => {
  it('reads thousands separators of the chosen format', () => {
    expect(read('25,000.00', 'en-GB')).toBe('25000');
    expect(read('40,000', 'en-GB')).toBe('40000');
    expect(read('25,000.50', 'en-US')).toBe('25000.5');
    expect(read('25.000,00', 'de-DE')).toBe('25000');
    expect(read('40.000', 'de-DE')).toBe('40000');
    expect(read('1.234.567,89', 'de-DE')).toBe('1234567.89');
    expect(read('25\u202F000,00', 'fr-FR')).toBe('25000');
    expect(read('25\u00A0000,5', 'fr-FR')).toBe('25000.5');
    expect(read('25 000,00', 'fr-FR')).toBe('25000');
    expect(read('1,00,000.25', 'en-IN')).toBe('100000.25');
    expect(read('1\u2019234.50', 'de-CH')).toBe('1234.5');
    expect(read("1'234.50", 'de-CH')).toBe('1234.5');
  });

  it('always accepts a plain decimal with a point', () => {
    for (const locale of LOCALES) {
      expect(read('25000.5', locale)).toBe('25000.5');
      expect(read('  2500.00 ', locale)).toBe('2500');
      expect(read('0.01', locale)).toBe('0.01');
      expect(read('7', locale)).toBe('7');
    }
    expect(read('.5', 'en-GB')).toBe('0.5');
    expect(read(',5', 'de-DE')).toBe('0.5');
  });

  it('keeps a leading sign for the caller to judge', () => {
    expect(read('-1,234.50', 'en-GB')).toBe('-1234.5');
    expect(read('\u22121.234,50', 'de-DE')).toBe('-1234.5');
    expect(read('+12', 'en-GB')).toBe('12');
  });

  it('is exact far beyond a binary float', () => {
    expect(read('12,345,678,901,234,567.89', 'en-GB')).toBe('12345678901234567.89');
    expect(read('0,000000000000000000000000000001', 'de-DE')).toBe('0.000000000000000000000000000001');
  });

  it('refuses "1,234" where "," is the decimal separator: it also reads as 1234', () => {
    const problem = refusal('1,234', 'de-DE');
    expect(problem).toContain('ambiguous');
    expect(problem).toContain('"1,234"');
    expect(problem).toContain('1.234 or 1234');
    expect(refusal('12,500', 'fr-FR')).toContain('ambiguous');
    // With a leading zero or another count of decimals it can only be a decimal.
    expect(read('0,234', 'de-DE')).toBe('0.234');
    expect(read('1,23', 'de-DE')).toBe('1.23');
    // In en-GB "," groups thousands: unambiguous.
    expect(read('1,234', 'en-GB')).toBe('1234');
  });

  it('refuses mixed-up or misplaced separators, saying what was read and how to write it', () => {
    expect(refusal('1.234,5.6', 'de-DE')).toMatch(
      /"1\.234,5\.6" cannot be read exactly.*1\.234\.567,89 or 1234567\.89/,
    );
    expect(refusal('1,23,4', 'en-GB')).toMatch(
      /groups between "," separators must have 3 digits.*1,234,567\.89/,
    );
    expect(refusal('1,00,000', 'en-GB')).toMatch(/cannot be read exactly/);
    expect(refusal('25.000,00', 'en-GB')).toMatch(/cannot be read exactly/);
    expect(refusal('25,000.00', 'de-DE')).toMatch(/cannot be read exactly/);
    expect(refusal('1,234 567', 'en-GB')).toMatch(/cannot be read exactly/);
    expect(refusal('25.', 'en-GB')).toMatch(/is not a number in the en-GB number format/);
    expect(refusal('1..2', 'en-GB')).toMatch(/is not a number/);
    expect(refusal('1e5', 'en-GB')).toMatch(/contains an exponent/);
    expect(refusal('£25', 'en-GB')).toMatch(/contains "£"/);
    expect(refusal('   ', 'en-GB')).toMatch(/is empty/);
    expect(refusal('1'.repeat(31), 'en-GB')).toMatch(/too long/);
  });

  it('learns separators and group sizes from Intl', () => {
    expect(numberFormatShape('de-DE')).toMatchObject({ group: '.', decimal: ',', primary: 3, secondary: 3 });
    expect(numberFormatShape('fr-FR')).toMatchObject({ group: ' ', decimal: ',' });
    expect(numberFormatShape('en-IN')).toMatchObject({ group: ',', decimal: '.', primary: 3, secondary: 2 });
    expect(numberFormatShape('system').decimal).toBe(numberFormatShape(undefined).decimal);
    expect(numberFormatShape('not a tag!').decimal).toBe(numberFormatShape(undefined).decimal);
  });

  const integerDigits = fc
    .tuple(fc.integer({ min: 1, max: 9 }), fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 16 }))
    .map(([head, tail]) => `${head}${tail.join('')}`);
  const fractionDigits = fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 2 }).map((d) => d.join(''));

  it('gives back exactly an amount Intl formatted in each format, grouped or not', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.oneof(integerDigits, fc.constant('0')),
        fractionDigits,
        fc.constantFrom('always', 'auto', false) as fc.Arbitrary<'always' | 'auto' | false>,
        fc.boolean(),
        (locale, integer, fraction, useGrouping, negative) => {
          const places = fraction.length;
          const text = `${negative ? '-' : ''}${integer}${places ? `.${fraction}` : ''}`;
          const written = new Intl.NumberFormat(locale, {
            minimumFractionDigits: places,
            maximumFractionDigits: places,
            useGrouping,
          }).format(text as Intl.StringNumericLiteral);
          const expected = canonical(integer, fraction);
          const zero = expected === '0';
          expect(read(written, locale)).toBe(negative && !zero ? `-${expected}` : expected);
        },
      ),
      runs(400),
    );
  });

  it('gives back exactly what writeAmount wrote, any number of decimals', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        integerDigits,
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 12 }).map((d) => d.join('')),
        (locale, integer, fraction) => {
          const shape = numberFormatShape(locale);
          // Exactly three decimals after a short integer is the one ambiguous shape: covered below.
          fc.pre(!(fraction.length === shape.primary && integer.length <= 3 && shape.decimal !== '.'));
          const amount = canonical(integer, fraction);
          expect(read(writeAmount(amount, shape), locale)).toBe(amount);
        },
      ),
      runs(300),
    );
  });

  it('refuses every "d,ddd" in a format whose decimal separator is ","', () => {
    const commaLocales = LOCALES.filter((locale) => numberFormatShape(locale).decimal === ',');
    expect(commaLocales.length).toBeGreaterThan(3);
    fc.assert(
      fc.property(
        fc.constantFrom(...commaLocales),
        fc.integer({ min: 1, max: 999 }),
        fc.integer({ min: 0, max: 999 }),
        (locale, whole, thousandths) => {
          const text = `${whole},${String(thousandths).padStart(3, '0')}`;
          expect(refusal(text, locale)).toContain('ambiguous');
        },
      ),
      runs(200),
    );
  });

  it('never throws, and whatever it accepts is a canonical decimal', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.stringMatching(/^[-+ 0-9.,'\u00A0\u202Fe£]{0,24}$/),
        (locale, text) => {
          const result = parseTypedAmount(text, locale);
          if (result.ok) {
            expect(isDecimalString(result.amount)).toBe(true);
            expect(result.amount).toMatch(/^-?(0|[1-9]\d*)(\.\d*[1-9])?$/);
          } else expect(result.problem.length).toBeGreaterThan(10);
        },
      ),
      runs(500),
    );
  });
});
