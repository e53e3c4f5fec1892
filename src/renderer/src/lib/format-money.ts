import { currencyExponent } from '@shared/domain/currency';
import { formatPreferences } from './format-preferences';

/**
 * Money is shown exactly as the ledger holds it. The decimal STRING goes straight to
 * Intl.NumberFormat#format (ES2023 formats decimal strings exactly), never through a binary float.
 */

const PLAIN_DECIMAL = /^[+-]?\d+(\.\d+)?$/;
/** Intl.NumberFormat accepts at most 100 fraction digits. */
const MAX_FRACTION_DIGITS = 100;

/** Digits after the decimal point as written: "12.50" → 2, "7" → 0. */
export function fractionDigitsOf(amount: string): number {
  const point = amount.indexOf('.');
  return point === -1 ? 0 : amount.length - point - 1;
}

/** True when the string has more decimals than the currency's minor unit (an over-precise value). */
export function hasMoreDecimalsThanCurrency(amount: string, currency: string): boolean {
  const exponent = currencyExponent(currency);
  return exponent !== undefined && fractionDigitsOf(amount.trim()) > exponent;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: string | undefined, currency: string, digits: number): Intl.NumberFormat {
  const key = `${locale ?? ''}|${currency}|${digits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * "12345678901234567.89" GBP → "£12,345,678,901,234,567.89" (en-GB): every digit kept. Shows at least
 * the currency's decimals and never fewer than the string has, so nothing is rounded. A value that
 * is not a plain decimal, or a currency Intl rejects, is shown as sent ("1e5 GBP") rather than guessed.
 * Without a `locale`, the workspace's number format (Settings → Format) applies.
 */
export function formatMoney(amount: string, currency: string, locale?: string): string {
  const text = amount.trim();
  const fallback = `${amount} ${currency}`;
  if (!PLAIN_DECIMAL.test(text)) return fallback;
  const digits = Math.max(fractionDigitsOf(text), currencyExponent(currency) ?? 0);
  if (digits > MAX_FRACTION_DIGITS) return fallback;
  try {
    return formatterFor(locale ?? formatPreferences().locale, currency, digits).format(
      text as Intl.StringNumericLiteral,
    );
  } catch {
    return fallback;
  }
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A count or other plain number in the chosen number format: 12345 → "12,345" (en-GB), "12.345"
 * (de-DE). `options` as for Intl.NumberFormat (say, fraction digits of a chart's axis).
 */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  const locale = formatPreferences().locale;
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format.format(value);
}
