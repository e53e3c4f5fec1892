/**
 * One column definition per exported table: the CSV writers, the XLSX writer, the CLI, the
 * UI and the tests all read the same definitions. A cell value is plain data in a canonical form;
 * each writer decides how to put it on the page (quoting, decimal comma, number formats).
 */

/**
 * - text: any string; neutralised against formula injection by every writer (OWASP CSV injection).
 * - reference: text that must stay text (payment references, ids: long or zero-padded).
 * - amount: exact decimal text ("-2500.00"), written with the currency's decimal places.
 * - integer: a whole count (JS number or bigint).
 * - date: "YYYY-MM-DD"; timestamp: ISO 8601 as stored (with its offset).
 * - boolean: true/false.
 */
export type ColumnKind = 'text' | 'reference' | 'amount' | 'integer' | 'date' | 'timestamp' | 'boolean';

export type CellValue = string | number | bigint | boolean | null;

export interface ExportColumn<Row> {
  /** Stable machine name (snake_case), e.g. "payment_reference". */
  key: string;
  /** Header a person reads, e.g. "Payment reference". */
  header: string;
  kind: ColumnKind;
  value(row: Row): CellValue;
  /** amount columns: the ISO 4217 code of the row's amount (decimal places and number format). */
  currency?(row: Row): string;
  /** Width in characters for XLSX (a sensible default applies when absent). */
  width?: number;
}

/** The Currency column: the ISO 4217 code of the row's amounts. */
export function currencyColumn<Row>(value: (row: Row) => string | null): ExportColumn<Row> {
  return { key: 'currency', header: 'Currency', kind: 'text', value, width: 9 };
}

/** An amount column: exact decimal text, written with the decimal places of the row's currency. */
export function amountColumn<Row>(
  key: string,
  header: string,
  value: (row: Row) => CellValue,
  currency: (row: Row) => string,
): ExportColumn<Row> {
  return { key, header, kind: 'amount', value, currency };
}

/** A table as written: its columns and its rows, streamed (never the whole table in memory). */
export interface ExportTable<Row> {
  /** File and sheet name, e.g. "Transfer requests". At most 31 characters (an XLSX sheet name). */
  title: string;
  columns: readonly ExportColumn<Row>[];
  /** Rows in order; an iterable so the writer pulls them a chunk at a time. */
  rows: Iterable<Row>;
  /** Rows expected, when cheap to know in advance (progress). */
  totalRows: number | null;
}

/**
 * The cell text of minor units whose currency has no known exponent (a code this FloatDesk no longer
 * knows, e.g. after a currency-code package update withdrew it): the decimal point cannot be placed,
 * so the integer is never written as an amount (10^exponent too large). One rule for every writer:
 * the amount cell holds this TEXT, which says what it is — CSV (both dialects, the SQL fast path
 * through its fallback) writes it as a text field, XLSX as a text cell plus a note in the Notes column
 * (number-cells.ts). A spreadsheet never sums it as a number.
 */
export function unknownExponentText(minor: bigint | number, currency: string): string {
  return `${String(minor)} minor units (${currency} decimal places unknown)`;
}

/** Recognises unknownExponentText: [minor units, currency]. */
export const UNKNOWN_EXPONENT_TEXT = /^(-?\d+) minor units \(([^)]*) decimal places unknown\)$/;
