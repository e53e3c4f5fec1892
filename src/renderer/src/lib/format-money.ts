import { moneyText, numberText } from '@shared/domain/formats';
import { formatPreferences } from './format-preferences';

/**
 * Money and counts in the workspace's number format (Settings → Format), through the one shared
 * implementation (@shared/domain/formats): exact from the decimal string, never a binary float.
 */

export { fractionDigitsOf, hasMoreDecimalsThanCurrency } from '@shared/domain/formats';

/**
 * "12345678901234567.89" GBP → "£12,345,678,901,234,567.89" (en-GB): every digit kept. A value that
 * is not a plain decimal, or a currency Intl rejects, is shown as sent ("1e5 GBP").
 * Without a `locale`, the workspace's number format (Settings → Format) applies.
 */
export function formatMoney(amount: string, currency: string, locale?: string): string {
  const preferences = formatPreferences();
  return moneyText(amount, currency, { ...preferences, locale: locale ?? preferences.locale });
}

/**
 * A count or other plain number in the chosen number format: 12345 → "12,345" (en-GB), "12.345"
 * (de-DE). `options` as for Intl.NumberFormat (say, fraction digits of a chart's axis).
 */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return numberText(value, formatPreferences(), options);
}
