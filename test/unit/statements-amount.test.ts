import fc from 'fast-check';
import { runs } from '../helpers/property-runs';
import { describe, expect, it } from 'vitest';
import {
  AMOUNT_STYLES,
  formatAmount,
  parseAmount,
  type AmountStyle,
} from '../../src/main/core/recon/statements/amount';

const UK: AmountStyle = { decimalSeparator: '.', thousandsSeparator: ',' };
const DE: AmountStyle = { decimalSeparator: ',', thousandsSeparator: '.' };
const CH: AmountStyle = { decimalSeparator: '.', thousandsSeparator: "'" };
const FR: AmountStyle = { decimalSeparator: ',', thousandsSeparator: ' ' };
const PLAIN_COMMA: AmountStyle = { decimalSeparator: ',', thousandsSeparator: '' };

const value = (text: string, style: AmountStyle): string | undefined => {
  const result = parseAmount(text, style);
  return result.ok ? result.value : undefined;
};
const problem = (text: string, style: AmountStyle): string => {
  const result = parseAmount(text, style);
  if (result.ok) throw new Error(`"${text}" parsed as ${result.value}`);
  return result.problem;
};

describe('parseAmount', () => {
  it.each([
    ['1,234.56', UK, '1234.56'],
    ['-2,500.00', UK, '-2500'],
    ['2500.00-', UK, '-2500'],
    ['(125.50)', UK, '-125.5'],
    ['+12.30', UK, '12.3'],
    ['−7.00', UK, '-7'],
    ['0.00', UK, '0'],
    ['-0.00', UK, '0'],
    ['007.10', UK, '7.1'],
    ['1.234.567,89', DE, '1234567.89'],
    ['-4,20', DE, '-4.2'],
    ['4,20-', DE, '-4.2'],
    ['1234', DE, '1234'],
    ["1'234'567.05", CH, '1234567.05'],
    ['1 234,50', FR, '1234.5'],
    ['1\u00a0234,50', FR, '1234.5'],
    ['1\u202f234,50', FR, '1234.5'],
    ['  12,5  ', PLAIN_COMMA, '12.5'],
    ['0.005', UK, '0.005'],
  ])('reads %j (%o) as %s', (text, style, expected) => {
    expect(value(text, style)).toBe(expected);
  });

  it('says why a separator is in the wrong place (wrong decimals)', () => {
    expect(problem('-12.50', DE)).toMatch(
      /"\." separates thousands here.*groups of three digits.*wrong decimals/,
    );
    expect(problem('1,234.56', DE)).toMatch(/"\." after the decimal separator ","/);
    expect(problem('12.50', PLAIN_COMMA)).toMatch(
      /uses "\.", but this statement writes the decimal separator as ","/,
    );
    expect(problem('1,23.45', UK)).toMatch(/groups of three/);
    expect(problem('12,345,00', DE)).toMatch(/more than one decimal separator/);
  });

  it('refuses empty text, two signs, a bare separator and letters', () => {
    expect(problem('', UK)).toBe('the amount is empty');
    expect(problem('(-12.00)', UK)).toMatch(/more than one sign/);
    expect(problem('-12.00-', UK)).toMatch(/more than one sign/);
    expect(problem('.50', UK)).toMatch(/no digits before the decimal separator/);
    expect(problem('12.', UK)).toMatch(/ends with the decimal separator/);
    expect(problem('12.5e3', UK)).toMatch(/contains "e"/);
    expect(problem('EUR 12.00', UK)).toMatch(/contains "E"/);
    expect(problem('1'.repeat(31), UK)).toMatch(/more than 30 digits/);
  });

  /* Property: any decimal written in any supported style parses back exactly. The written form and
   * the expected canonical text are built with string rules only, never through a Number. */
  const digits = (min: number, max: number) =>
    fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
  const styles = [
    ...AMOUNT_STYLES,
    { decimalSeparator: '.', thousandsSeparator: '' },
    PLAIN_COMMA,
  ] as AmountStyle[];

  function group(integer: string, separator: string): string {
    let out = '';
    for (let i = 0; i < integer.length; i += 1) {
      if (i > 0 && (integer.length - i) % 3 === 0) out += separator;
      out += integer[i];
    }
    return out;
  }

  it('reads back every decimal written in every style and sign style', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        digits(1, 25),
        digits(0, 6),
        fc.constantFrom(...styles),
        fc.constantFrom('leading', 'trailing', 'parentheses', 'plus'),
        fc.boolean(),
        (negative, rawInteger, fraction, style, signStyle, grouped) => {
          const integer = rawInteger.replace(/^0+(?=\d)/, '');
          const body =
            (grouped && style.thousandsSeparator !== ''
              ? group(integer, style.thousandsSeparator)
              : integer) + (fraction === '' ? '' : `${style.decimalSeparator}${fraction}`);
          const written = !negative
            ? signStyle === 'plus'
              ? `+${body}`
              : body
            : signStyle === 'trailing'
              ? `${body}-`
              : signStyle === 'parentheses'
                ? `(${body})`
                : `-${body}`;
          const intPart = integer.replace(/^0+/, '') || '0';
          const fracPart = fraction.replace(/0+$/, '');
          const zero = intPart === '0' && fracPart === '';
          const expected = `${negative && !zero ? '-' : ''}${intPart}${fracPart ? `.${fracPart}` : ''}`;
          expect(parseAmount(written, style)).toEqual({ ok: true, value: expected });
        },
      ),
      runs(2000),
    );
  });

  it('formatAmount writes what parseAmount reads', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        digits(1, 20),
        digits(0, 4),
        fc.constantFrom(...styles),
        (negative, integer, fraction, style) => {
          const canonical = value(`${negative ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`, UK)!;
          for (const sign of ['leading', 'trailing', 'parentheses'] as const) {
            expect(value(formatAmount(canonical, style, sign), style)).toBe(canonical);
          }
        },
      ),
    );
  });
});
