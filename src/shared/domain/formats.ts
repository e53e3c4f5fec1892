import { currencyExponent } from './currency';

/**
 * How a workspace writes numbers, money and dates for a person (Settings → Format), and the one
 * implementation of that writing: the renderer's formatters (lib/format-money.ts, format-time.ts)
 * and the sentences the core builds (match explanations, warnings, roll-forward flags) both use it.
 * Money is formatted from its decimal STRING (Intl.NumberFormat#format takes decimal strings
 * exactly since ES2023), never through a binary float.
 */
export interface FormatPreferences {
  /** A BCP 47 tag; undefined follows the system (the runtime's own language). */
  locale: string | undefined;
  /** 'iso': 2026-11-22; 'locale': the locale's own style (22 Nov 2026). */
  dateStyle: 'iso' | 'locale';
}

/** The preferences of settings as stored ('system' or a tag). */
export function formatPreferencesOf(settings: {
  locale: string;
  dateStyle: 'iso' | 'locale';
}): FormatPreferences {
  return {
    locale: settings.locale === 'system' ? undefined : settings.locale,
    dateStyle: settings.dateStyle,
  };
}

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

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = cache.get(key) as T | undefined;
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/**
 * "12345678901234567.89" GBP → "£12,345,678,901,234,567.89" (en-GB), "12.345.678.901.234.567,89 £"
 * (de-DE): every digit kept. Shows at least the currency's decimals and never fewer than the string
 * has, so nothing is rounded. A value that is not a plain decimal, or a currency Intl rejects, is
 * shown as sent ("1e5 GBP") rather than guessed.
 */
export function moneyText(amount: string, currency: string, format: FormatPreferences): string {
  const text = amount.trim();
  const fallback = `${amount} ${currency}`;
  if (!PLAIN_DECIMAL.test(text)) return fallback;
  const digits = Math.max(fractionDigitsOf(text), currencyExponent(currency) ?? 0);
  if (digits > MAX_FRACTION_DIGITS) return fallback;
  try {
    const formatter = cached(
      `money|${format.locale ?? ''}|${currency}|${digits}`,
      () =>
        new Intl.NumberFormat(format.locale, {
          style: 'currency',
          currency,
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        }),
    );
    return formatter.format(text as Intl.StringNumericLiteral);
  } catch {
    return fallback;
  }
}

/** A count or other plain number: 12345 → "12,345" (en-GB), "12.345" (de-DE). */
export function numberText(
  value: number,
  format: FormatPreferences,
  options: Intl.NumberFormatOptions = {},
): string {
  const key = `number|${format.locale ?? ''}|${JSON.stringify(options)}`;
  return cached(key, () => new Intl.NumberFormat(format.locale, options)).format(value);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date as sent ("2026-11-22"): kept as it is in ISO style, else "22 Nov 2026" for the locale. */
export function dateText(isoDate: string, format: FormatPreferences): string {
  const match = ISO_DATE.exec(isoDate);
  if (!match || format.dateStyle === 'iso') return isoDate;
  const at = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(at)) return isoDate;
  return cached(
    `date|${format.locale ?? ''}`,
    () => new Intl.DateTimeFormat(format.locale, { dateStyle: 'medium', timeZone: 'UTC' }),
  ).format(at);
}

/** The calendar day of `at` in the zone as YYYY-MM-DD. */
function isoDay(at: number, timeZone: string | undefined): string {
  const parts = cached(
    `isoday|${timeZone ?? ''}`,
    () =>
      new Intl.DateTimeFormat('en-US', {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        ...(timeZone === undefined ? {} : { timeZone }),
      }),
  ).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * An instant (ISO 8601 with an offset) in `timeZone` (the runtime's own when undefined), with the
 * zone named: "12 Mar 2025, 14:03:22 GMT", or with ISO dates "2025-03-12 14:03:22 GMT" (24-hour in
 * every locale). A text
 * that is not a time is returned as it is.
 */
export function instantText(iso: string, format: FormatPreferences, timeZone?: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const zone = timeZone === undefined ? {} : { timeZone };
  const locale = format.locale;
  if (format.dateStyle === 'iso') {
    const time = cached(
      `time|${locale ?? ''}|${timeZone ?? ''}`,
      // ISO dates go with a 24-hour clock in every locale: "2026-11-28 22:25:37", never "10:25:37 PM".
      () => new Intl.DateTimeFormat(locale, { timeStyle: 'long', hourCycle: 'h23', ...zone }),
    ).format(at);
    return `${isoDay(at, timeZone)} ${time}`;
  }
  return cached(
    `instant|${locale ?? ''}|${timeZone ?? ''}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'long', ...zone }),
  ).format(at);
}
