/**
 * One column definition's value as XLSX cells: amounts as numbers in a currency format, counts as
 * numbers, references and text as text cells (format "@", neutralised), dates and timestamps as
 * date cells, booleans as booleans. Never a formula: every cell gets an explicit non-formula type.
 * Where a value cannot be written as its kind exactly, it is written as its exact text and a note
 * says why (the sheet gains a Notes column).
 */
import type { CellValue, ColumnKind } from '../columns';
import { dateCellContent, timestampCellContent } from './date-cells';
import { amountCellContent, integerCellContent } from './number-cells';
import { textCellContent } from './text-cell';

/** A cell as written: text is already neutralised and OOXML-escaped; dates are Excel serial numbers. */
export type XlsxCell =
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number; format: string }
  | { kind: 'boolean'; value: boolean }
  | null;

/** Excel's serial number of a UTC instant: days since 1899-12-30 (valid from 1900-03-01 on). */
export function excelSerial(date: Date): number {
  return date.getTime() / 86_400_000 + 25_569;
}

/** Collects the notes of one row (what could not be written as its kind, and why). */
export type NoteSink = (note: string) => void;

export function textCell(text: string, header: string, note: NoteSink): XlsxCell {
  const content = textCellContent(text, header);
  if (content.note !== null) note(content.note);
  return content.written === '' ? null : { kind: 'text', text: content.written };
}

function amountCell(
  value: CellValue,
  currency: string | undefined,
  header: string,
  note: NoteSink,
): XlsxCell {
  const content = amountCellContent(String(value), currency, header);
  if (content.kind === 'number') return { kind: 'number', value: content.value, format: content.format };
  note(content.note);
  return textCell(content.text, header, note);
}

function integerCell(value: CellValue, header: string, note: NoteSink): XlsxCell {
  if (typeof value !== 'number' && typeof value !== 'bigint') return textCell(String(value), header, note);
  const content = integerCellContent(value, header);
  if (content.kind === 'number') return { kind: 'number', value: content.value, format: content.format };
  note(content.note);
  return textCell(content.text, header, note);
}

function dateLikeCell(
  kind: 'date' | 'timestamp',
  value: CellValue,
  header: string,
  note: NoteSink,
): XlsxCell {
  const text = String(value);
  const content = kind === 'date' ? dateCellContent(text, header) : timestampCellContent(text, header);
  if (content.kind === 'date')
    return { kind: 'number', value: excelSerial(content.value), format: content.format };
  note(content.note);
  return textCell(text, header, note);
}

/**
 * The cell of a value of a column kind. A timestamp column's UTC date-time cell; its text as
 * recorded is the text cell of the companion column (sheet-columns.ts).
 */
export function xlsxCell(
  kind: ColumnKind,
  value: CellValue,
  currency: string | undefined,
  header: string,
  note: NoteSink,
): XlsxCell {
  if (value === null) return null;
  switch (kind) {
    case 'amount':
      return amountCell(value, currency, header, note);
    case 'integer':
      return integerCell(value, header, note);
    case 'date':
    case 'timestamp':
      return dateLikeCell(kind, value, header, note);
    case 'boolean':
      return typeof value === 'boolean' ? { kind: 'boolean', value } : textCell(String(value), header, note);
    case 'text':
    case 'reference':
      return textCell(String(value), header, note);
  }
}
