/**
 * An amount typed in the open items' search or amount range: read by the one typed-amount parser
 * (shared/domain/typed-amount.ts) in the chosen number format. Sizes are compared, so a sign or a
 * currency mark around the figure ("-£980.00", "2,500 GBP") is allowed and dropped here.
 */
import { parseTypedAmount, type TypedAmount } from '@shared/domain/typed-amount';
import { formatPreferences } from '../../lib/format-preferences';

export function readSearchAmount(text: string, locale = formatPreferences().locale): TypedAmount {
  const figure = text
    .trim()
    .replace(/^[+\-\u2212]?\s*(?:[A-Z]{3}\s+|[£€$¥]\s*)?/u, '')
    .replace(/(?:\s+[A-Z]{3}|\s*[£€$¥])$/u, '');
  const read = parseTypedAmount(figure, locale);
  return read.ok && read.amount.startsWith('-') ? { ok: true, amount: read.amount.slice(1) } : read;
}
