import type { Money } from '@shared/domain/money';
import { currencyExponent } from '@shared/domain/currency';
import { formatMoney, fractionDigitsOf } from '../../lib/format-money';
import { formatPreferences } from '../../lib/format-preferences';

/**
 * Text of the Transfers table's cells. Kept cheap: a fast scroll renders dozens of new rows a frame.
 */

const createdFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "2026-11-02T09:00:00+01:00" → the platform's own date and time, as written (no zone change):
 * "2026-11-02 09:00" in ISO style, else the locale's short form ("02/11/2026, 09:00" in en-GB,
 * "02.11.26, 09:00" in de-DE).
 */
export function createdText(createdAt: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})/.exec(createdAt);
  if (!match) return createdAt;
  const [, year, month, day, hour, minute] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const { locale, dateStyle } = formatPreferences();
  if (dateStyle === 'iso') return `${year}-${month}-${day} ${hour}:${minute}`;
  const at = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute));
  if (Number.isNaN(at)) return createdAt;
  const key = locale ?? '';
  let format = createdFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' });
    createdFormats.set(key, format);
  }
  return format.format(at);
}

const isZero = (amount: string): boolean => /^[+-]?0*\.?0*$/.test(amount.trim());
const isNegative = (amount: string): boolean => amount.trim().startsWith('-');

/** An amount, exactly; a positive difference gets its "+" so the direction reads at a glance. */
export function amountText(money: Money, signed = false): string {
  const text = formatMoney(money.amount, money.currency);
  return signed && !isZero(money.amount) && !isNegative(money.amount) ? `+${text}` : text;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount as a plain number for a table with a currency column: "1,200.000" (KWD), "248,000"
 * (JPY) — the currency's decimals (more when the value has them), every digit kept, the workspace's
 * number format. The string goes to Intl as is, never through a binary float.
 */
export function amountNumber(money: Money, signed = false): string {
  const text = money.amount.trim();
  if (!/^[+-]?\d+(\.\d+)?$/.test(text)) return money.amount;
  const digits = Math.min(100, Math.max(fractionDigitsOf(text), currencyExponent(money.currency) ?? 0));
  const { locale } = formatPreferences();
  const key = `${locale ?? ''}|${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    numberFormats.set(key, format);
  }
  const written = format.format(text as Intl.StringNumericLiteral);
  return signed && !isZero(text) && !isNegative(text) ? `+${written}` : written;
}

/** A difference worth pointing at: approved_edited, or an approved amount unlike the requested one. */
export function isDifferent(difference: Money | null, status: string): boolean {
  return status === 'approved_edited' || (difference !== null && !isZero(difference.amount));
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3 days ago" (one cached formatter; the shared one makes a new formatter per call). */
export function relativeText(iso: string, nowMs: number): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  let format = relativeFormats.get('');
  if (!format) {
    format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
    relativeFormats.set('', format);
  }
  const diff = at - nowMs;
  for (const [unit, ms] of UNITS) if (Math.abs(diff) >= ms) return format.format(Math.trunc(diff / ms), unit);
  return 'just now';
}
