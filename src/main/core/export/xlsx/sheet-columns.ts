/**
 * The columns of a sheet from a table's column definitions. Each definition is one sheet column,
 * except a timestamp, which is two: "<header> (UTC)" as a date-time cell (sortable, filterable) and
 * "<header> (as recorded)" as text, which keeps the offset and every digit exactly as stored.
 */
import type { ExportColumn } from '../columns';
import { textCell, xlsxCell, type NoteSink, type XlsxCell } from './cell-mapping';

export interface SheetColumn<Row> {
  header: string;
  /** Width in characters. */
  width: number;
  cell(row: Row, note: NoteSink): XlsxCell;
}

const DEFAULT_WIDTHS = {
  text: 30,
  reference: 24,
  amount: 18,
  integer: 10,
  date: 12,
  timestamp: 21,
  boolean: 8,
} as const;

const MAX_WIDTH = 80;

function widthFor(header: string, width: number): number {
  return Math.min(MAX_WIDTH, Math.max(width, header.length + 2));
}

export function sheetColumns<Row>(columns: readonly ExportColumn<Row>[]): SheetColumn<Row>[] {
  return columns.flatMap((column): SheetColumn<Row>[] => {
    const width = column.width ?? DEFAULT_WIDTHS[column.kind];
    if (column.kind === 'timestamp') {
      const utc = `${column.header} (UTC)`;
      const recorded = `${column.header} (as recorded)`;
      return [
        {
          header: utc,
          width: widthFor(utc, width),
          cell: (row, note) => xlsxCell('timestamp', column.value(row), undefined, column.header, note),
        },
        {
          header: recorded,
          width: widthFor(recorded, Math.max(width, 27)),
          cell: (row, note) => {
            const value = column.value(row);
            return value === null ? null : textCell(String(value), recorded, note);
          },
        },
      ];
    }
    const currency = column.currency;
    return [
      {
        header: column.header,
        width: widthFor(column.header, width),
        cell: (row, note) =>
          xlsxCell(column.kind, column.value(row), currency?.(row) || undefined, column.header, note),
      },
    ];
  });
}
