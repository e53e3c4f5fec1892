import {
  numberFormatShape,
  parseTypedAmount,
  writeAmount,
  type TypedAmount,
} from '@shared/domain/typed-amount';
import { formatPreferences } from './format-preferences';

/**
 * Amount fields read what a person types in the chosen number format (Settings → Format; 'system' is
 * the browser's): "25,000.00" in en-GB, "25.000,00" in de-DE. Every amount field uses these, and sends
 * the canonical text they return: the core only ever checks canonical decimals.
 */

/** The typed text as a canonical decimal, or the problem ("…" is ambiguous: … write it as …). */
export function readTypedAmount(text: string): TypedAmount {
  return parseTypedAmount(text, formatPreferences().locale);
}

/** A canonical decimal as a person would type it in the chosen format ("1234.5" → "1.234,5"). */
export function writeTypedAmount(canonical: string): string {
  return writeAmount(canonical, numberFormatShape(formatPreferences().locale));
}

/** "e.g. 25,000.00" in the chosen format, for placeholders and hints. */
export function typedAmountExample(canonical = '25000.00'): string {
  return `e.g. ${writeTypedAmount(canonical)}`;
}
