/**
 * Amounts and whole counts as XLSX numbers, exactly or not at all: a value is written as a number
 * only when the double Excel stores reads back as the same decimal value, and has at most the 15
 * significant digits Excel keeps and shows. Anything else is written as its exact text, with a note
 * that says so (never a silently rounded number).
 */
import { currencyExponent, isCurrencyCodeShape } from '../../../../shared/domain/currency';
import { UNKNOWN_EXPONENT_TEXT } from '../columns';

/** Excel holds and shows at most 15 significant digits. */
export const EXCEL_SIGNIFICANT_DIGITS = 15;

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/** Significant digits of a plain decimal's value ("-0012.3400" → 4, "2500.00" → 2, "0" → 0). */
export function significantDigits(text: string): number {
  return text.replace(/[-.]/g, '').replace(/^0+/, '').replace(/0+$/, '').length;
}

/** The value of a plain decimal with no redundant zeros ("-0012.3400" → "-12.34", "-0.0" → "0"). */
function valueText(text: string): string {
  const negative = text.startsWith('-');
  const [integer = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const whole = integer.replace(/^0+(?=\d)/, '');
  const places = fraction.replace(/0+$/, '');
  const body = places === '' ? whole : `${whole}.${places}`;
  return negative && body !== '0' ? `-${body}` : body;
}

/** A number's shortest round-trip text as a plain decimal ("1e-7" → "0.0000001", "1e+21" → "1000…"). */
function plainText(number: number): string {
  const shortest = String(number);
  const parts = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(shortest);
  if (parts === null) return shortest;
  const [, sign = '', first = '', rest = '', exponentText = '0'] = parts;
  const digits = first + rest;
  const point = 1 + Number(exponentText);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * The number for a plain decimal text when Excel holds it exactly: at most 15 significant digits,
 * and the double's shortest text is the same decimal value (rules out overflow and underflow).
 */
export function exactNumber(text: string): number | null {
  if (!PLAIN_DECIMAL.test(text)) return null;
  // At most 15 digits in all: a double always holds such a decimal exactly (DBL_DIG is 15).
  const digits = text.length - (text.startsWith('-') ? 1 : 0) - (text.includes('.') ? 1 : 0);
  if (digits <= EXCEL_SIGNIFICANT_DIGITS) return Number(text) + 0;
  if (significantDigits(text) > EXCEL_SIGNIFICANT_DIGITS) return null;
  const number = Number(text);
  if (!Number.isFinite(number) || valueText(plainText(number)) !== valueText(text)) return null;
  return Object.is(number, -0) ? 0 : number;
}

const decimalsOf = (text: string): number => (text.split('.')[1] ?? '').length;

/**
 * A currency number format: `#,##0.00 "GBP"` with the currency's decimal places, or more when the
 * amount itself has more (an over-precise platform value is shown whole, not rounded on screen).
 */
export function amountFormat(currency: string | undefined, text: string): string {
  const known = currency === undefined ? undefined : currencyExponent(currency);
  const places = Math.max(known ?? 0, decimalsOf(text));
  const number = places === 0 ? '#,##0' : `#,##0.${'0'.repeat(places)}`;
  return currency !== undefined && isCurrencyCodeShape(currency) ? `${number} "${currency}"` : number;
}

export type NumberCellContent =
  { kind: 'number'; value: number; format: string } | { kind: 'text'; text: string; note: string };

/** An amount cell: a number with its currency format, or its exact text and why. */
export function amountCellContent(
  amount: string,
  currency: string | undefined,
  header: string,
): NumberCellContent {
  const value = exactNumber(amount);
  if (value !== null) return { kind: 'number', value, format: amountFormat(currency, amount) };
  const unknown = UNKNOWN_EXPONENT_TEXT.exec(amount);
  if (unknown !== null)
    return {
      kind: 'text',
      text: amount,
      note: `${header}: stored as ${unknown[1]} minor units of ${unknown[2]}, a currency whose decimal places FloatDesk does not know; written as text, not as an amount.`,
    };
  const suffix = currency === undefined ? '' : ` ${currency}`;
  const why = PLAIN_DECIMAL.test(amount)
    ? `has more than ${EXCEL_SIGNIFICANT_DIGITS} significant digits, which Excel cannot hold as a number`
    : 'is not a decimal number';
  return { kind: 'text', text: amount, note: `${header}: ${amount}${suffix} ${why}; written as text.` };
}

/** A whole count: a number, or its text when Excel would round it. */
export function integerCellContent(value: number | bigint, header: string): NumberCellContent {
  const text = String(value);
  const exact = /^-?\d+$/.test(text) ? exactNumber(text) : null;
  if (exact !== null) return { kind: 'number', value: exact, format: '0' };
  return {
    kind: 'text',
    text,
    note: `${header}: ${text} is not a whole number Excel can hold exactly; written as text.`,
  };
}
