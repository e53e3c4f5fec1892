/**
 * An amount as a person types it in the open items' search and amount range ("25,000.00" in en-GB,
 * "25.000,00" in de-DE), read in the chosen number format into exact decimal text ("25000.00").
 * Stopgap: the ONE place the open items read typed amounts, to be replaced by the shared locale
 * parser in src/shared/domain when it lands (same inputs, same exact result). Pure text work,
 * never a binary float. A sign or currency mark around the figure is allowed (sizes are compared).
 */
import { formatPreferences } from '../../lib/format-preferences';

export type TypedAmount = { ok: true; amount: string } | { ok: false; problem: string };

function separators(locale: string | undefined): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(12345.6);
  return {
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
  };
}

const DIGITS = /^\d+$/;

/** The digits of a whole part written with the locale's grouping ("25,000" → "25000"), or null. */
function wholeDigits(whole: string, group: string): string | null {
  if (DIGITS.test(whole)) return whole;
  // Spaces of any width group digits where the locale groups with a space.
  const spaced = /\s/.test(group);
  const parts = spaced ? whole.replace(/[\s\u202f\u00a0]/g, ' ').split(' ') : whole.split(group);
  const [first, ...rest] = parts;
  if (first === undefined || rest.length === 0 || !/^\d{1,3}$/.test(first)) return null;
  return rest.every((part) => /^\d{3}$/.test(part)) ? parts.join('') : null;
}

/** Reads `text` in the locale's number format (default: the workspace's), or says why it cannot. */
export function readTypedAmount(text: string, locale = formatPreferences().locale): TypedAmount {
  const { decimal, group } = separators(locale);
  const figure = text
    .trim()
    .replace(/^[+\-\u2212]?\s*(?:[A-Z]{3}\s+|[£€$¥]\s*)?/u, '')
    .replace(/(?:\s+[A-Z]{3}|\s*[£€$¥])$/u, '');
  const [whole = '', fraction, extra] = figure.split(decimal);
  const digits = extra === undefined ? wholeDigits(whole, group) : null;
  const example = new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(25000);
  if (digits === null || (fraction !== undefined && !DIGITS.test(fraction)))
    return { ok: false, problem: `Type an amount such as ${example}.` };
  const integer = digits.replace(/^0+(?=\d)/, '');
  if (integer.length > 30 || (fraction?.length ?? 0) > 30)
    return { ok: false, problem: 'That amount has too many digits.' };
  return { ok: true, amount: fraction === undefined ? integer : `${integer}.${fraction}` };
}
