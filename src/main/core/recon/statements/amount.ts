/**
 * Amounts as banks write them → canonical decimal text, exactly (string work only, never a Number):
 * decimal point or comma, thousands separators in groups of three, a leading or trailing sign,
 * or parentheses for a negative amount.
 */
import { canonicalDecimal, InvalidAmountError } from '../../../../shared/domain/money';
import { quoted } from './limits';

export type DecimalSeparator = '.' | ',';
/** '' means none; ' ' also accepts the no-break spaces U+00A0 and U+202F. */
export type ThousandsSeparator = '' | ',' | '.' | ' ' | "'";

export interface AmountStyle {
  decimalSeparator: DecimalSeparator;
  thousandsSeparator: ThousandsSeparator;
}

export type AmountResult = { ok: true; value: string } | { ok: false; problem: string };

/** Every style auto-detection tries, most common first. */
export const AMOUNT_STYLES: readonly AmountStyle[] = [
  { decimalSeparator: '.', thousandsSeparator: ',' },
  { decimalSeparator: ',', thousandsSeparator: '.' },
  { decimalSeparator: '.', thousandsSeparator: ' ' },
  { decimalSeparator: ',', thousandsSeparator: ' ' },
  { decimalSeparator: '.', thousandsSeparator: "'" },
  { decimalSeparator: ',', thousandsSeparator: "'" },
];

const MINUS = /^[-\u2212]$/;
const SIMPLE_POINT = /^(-?\d{1,30})(?:\.(\d{1,30}))?$/;
const SIMPLE_COMMA = /^(-?\d{1,30})(?:,(\d{1,30}))?$/;
const SPACES = /[ \u00a0\u202f]/g;

function describe(separator: string): string {
  if (separator === '') return 'none';
  if (separator === ' ') return 'a space';
  return `"${separator}"`;
}

function fail(text: string, why: string): AmountResult {
  return { ok: false, problem: `${quoted(text)} is not an amount: ${why}` };
}

/** Takes the sign off: (12.00), -12.00, +12.00, 12.00-, 12.00+. */
function splitSign(text: string): { negative: boolean; body: string } | { problem: string } {
  let body = text;
  let negative = false;
  let signs = 0;
  if (body.startsWith('(') && body.endsWith(')')) {
    body = body.slice(1, -1).trim();
    negative = true;
    signs += 1;
  }
  const first = body.charAt(0);
  if (MINUS.test(first) || first === '+') {
    negative = negative || first !== '+';
    body = body.slice(1).trim();
    signs += 1;
  }
  const last = body.charAt(body.length - 1);
  if (MINUS.test(last) || last === '+') {
    negative = negative || last !== '+';
    body = body.slice(0, -1).trim();
    signs += 1;
  }
  if (signs > 1) return { problem: 'it has more than one sign' };
  return { negative, body };
}

function checkGroups(integer: string, style: AmountStyle, text: string): string | AmountResult {
  const sep = style.thousandsSeparator;
  const normalised = sep === ' ' ? integer.replace(SPACES, ' ') : integer;
  if (/^\d+$/.test(normalised)) return normalised;
  const strange = [...normalised].find((ch) => !/\d/.test(ch) && ch !== sep);
  if (strange !== undefined) {
    if (strange === '.' || strange === ',') {
      return fail(
        text,
        `it uses "${strange}", but this statement writes the decimal separator as "${style.decimalSeparator}" and thousands with ${describe(sep)} (wrong decimals?)`,
      );
    }
    return fail(text, `it contains "${strange}"`);
  }
  if (sep === '') return fail(text, 'it has no digits');
  const groups = normalised.split(sep);
  const [head, ...rest] = groups;
  if (!/^\d{1,3}$/.test(head ?? '') || rest.length === 0 || rest.some((g) => !/^\d{3}$/.test(g))) {
    return fail(
      text,
      `${describe(sep)} separates thousands here and must stand between groups of three digits, with "${style.decimalSeparator}" before the decimals (wrong decimals?)`,
    );
  }
  return groups.join('');
}

/** Parse one amount in a given style into canonical decimal text ("-1234.5", "0"). */
export function parseAmount(input: string, style: AmountStyle): AmountResult {
  const text = input.trim();
  if (text === '') return { ok: false, problem: 'the amount is empty' };
  // Most amounts are plain digits with an optional leading minus and decimals: read them directly.
  const simple = (style.decimalSeparator === '.' ? SIMPLE_POINT : SIMPLE_COMMA).exec(text);
  if (simple !== null)
    return {
      ok: true,
      value: canonicalDecimal(simple[2] === undefined ? text : `${simple[1]}.${simple[2]}`),
    };
  const signed = splitSign(text);
  if ('problem' in signed) return fail(text, signed.problem);
  const parts = signed.body.split(style.decimalSeparator);
  if (parts.length > 2)
    return fail(text, `it has more than one decimal separator "${style.decimalSeparator}"`);
  const [integerPart = '', fraction] = parts;
  if (integerPart === '') return fail(text, 'it has no digits before the decimal separator');
  if (fraction !== undefined && !/^\d+$/.test(fraction)) {
    if (fraction === '') return fail(text, 'it ends with the decimal separator');
    const strange = [...fraction].find((ch) => !/\d/.test(ch));
    return fail(
      text,
      strange === '.' || strange === ','
        ? `"${strange}" after the decimal separator "${style.decimalSeparator}" (wrong decimals?)`
        : `it contains "${strange}"`,
    );
  }
  const integer = checkGroups(integerPart, style, text);
  if (typeof integer !== 'string') return integer;
  const plain = `${signed.negative ? '-' : ''}${integer}${fraction === undefined ? '' : `.${fraction}`}`;
  try {
    return { ok: true, value: canonicalDecimal(plain) };
  } catch (error) {
    if (error instanceof InvalidAmountError) return fail(text, error.reason);
    throw error;
  }
}

/** The decimal as written in a style, for tests and examples: 1234567.5 → "1.234.567,5". */
export function formatAmount(
  canonical: string,
  style: AmountStyle,
  sign: 'leading' | 'trailing' | 'parentheses' = 'leading',
): string {
  const negative = canonical.startsWith('-');
  const [integer = '0', fraction] = (negative ? canonical.slice(1) : canonical).split('.');
  const grouped =
    style.thousandsSeparator === ''
      ? integer
      : integer.replace(/\B(?=(\d{3})+(?!\d))/g, style.thousandsSeparator);
  const body = fraction === undefined ? grouped : `${grouped}${style.decimalSeparator}${fraction}`;
  if (!negative) return body;
  if (sign === 'trailing') return `${body}-`;
  if (sign === 'parentheses') return `(${body})`;
  return `-${body}`;
}
