/**
 * One CSV field from one cell: RFC 4180 quoting, OWASP formula neutralisation on text columns only,
 * exact amounts with the currency's decimal places and the dialect's decimal mark.
 */
import { currencyExponent } from '../../../shared/domain/currency';
import { canonicalDecimal } from '../../../shared/domain/money';
import type { CellValue, ColumnKind } from './columns';
import type { CsvDialect } from './csv-dialect';

/** A spreadsheet reads a cell starting with one of these as a formula (or strips it and then does). */
/** Written digit for digit as sent (only padded to the currency's places); anything else is canonicalised. */
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

const FORMULA_STARTS: ReadonlySet<string> = new Set(['=', '+', '-', '@', '\t', '\r', '\0']);

export function startsLikeFormula(text: string): boolean {
  return text.length > 0 && FORMULA_STARTS.has(text[0] as string);
}

function needsQuotes(text: string, separator: string): boolean {
  return text.includes(separator) || text.includes('"') || text.includes('\n') || text.includes('\r');
}

export function quoted(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** Text as a field: a formula-like start gets a leading `'` (and the field is quoted), as OWASP advises. */
export function textField(text: string, separator: string): string {
  if (startsLikeFormula(text)) return quoted(`'${text}`);
  return needsQuotes(text, separator) ? quoted(text) : text;
}

/**
 * An exact decimal with at least the currency's decimal places ("-2500" EUR → "-2500.00"); more
 * places when the platform sent more (an over-precise amount is kept, never rounded). Text that is
 * not a decimal at all is written as text (neutralised), so nothing is lost or invented.
 */
export function amountText(amount: string, currency: string | undefined): string | undefined {
  let canonical: string;
  if (PLAIN_DECIMAL.test(amount)) canonical = amount;
  else {
    try {
      canonical = canonicalDecimal(amount);
    } catch {
      return undefined;
    }
  }
  const places = currency === undefined ? undefined : currencyExponent(currency);
  const negative = canonical.startsWith('-');
  const [integer = '0', fraction = ''] = (negative ? canonical.slice(1) : canonical).split('.');
  const padded = fraction.padEnd(places ?? 0, '0');
  return `${negative ? '-' : ''}${integer}${padded === '' ? '' : `.${padded}`}`;
}

function amountField(amount: string, currency: string | undefined, dialect: CsvDialect): string {
  const text = amountText(amount, currency);
  if (text === undefined) return textField(amount, dialect.separator);
  return dialect.decimalMark === '.' ? text : text.replace('.', dialect.decimalMark);
}

/** The field text of one cell; null is an empty field. */
export function csvField(
  kind: ColumnKind,
  value: CellValue,
  currency: string | undefined,
  dialect: CsvDialect,
): string {
  if (value === null) return '';
  switch (kind) {
    case 'amount':
      return amountField(String(value), currency, dialect);
    case 'integer':
      return String(value);
    case 'boolean':
      return value === true
        ? 'true'
        : value === false
          ? 'false'
          : textField(String(value), dialect.separator);
    case 'date':
    case 'timestamp':
    case 'text':
    case 'reference':
      return textField(String(value), dialect.separator);
  }
}
