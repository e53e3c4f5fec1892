/**
 * One table as one worksheet entry of the package: a bold header row, then the rows pulled from the
 * table's iterable and written a chunk at a time. Between chunks it reports progress, checks the
 * AbortSignal and yields to the event loop (so a cancel request can arrive). Every sheet ends with a
 * Notes column, empty unless a value could not be written as its kind (then it says why). A sheet
 * over Excel's row limit is refused, naming the table and pointing at CSV.
 */
import { AppError } from '../../../../shared/ipc/errors';
import type { ExportTable } from '../columns';
import { textCell, type XlsxCell } from './cell-mapping';
import { sheetHeadXml, SHEET_TAIL_XML } from './ooxml-parts';
import { sheetColumns } from './sheet-columns';
import { SheetXml } from './sheet-xml';
import type { StyleRegistry } from './style-registry';
import type { ZipFile } from './zip-file';

/** Excel's rows per sheet, the header row included. */
export const EXCEL_MAX_ROWS = 1_048_576;
export const EXCEL_MAX_DATA_ROWS = EXCEL_MAX_ROWS - 1;

/** Rows between progress reports, cancellation checks and event-loop turns. */
export const XLSX_CHUNK_ROWS = 5_000;

export const NOTES_HEADER = 'Notes';
const NOTES_WIDTH = 60;

export interface SheetProgress {
  signal?: AbortSignal;
  /** Rows of this sheet written so far (after each chunk and at the end). */
  onChunk(rowsInSheet: number): void;
}

export function sheetTooLarge(title: string, rows: number | null): AppError {
  return new AppError(
    'invalid_input',
    `"${title}" has more than ${EXCEL_MAX_DATA_ROWS.toLocaleString('en-GB')} rows, more than an Excel sheet holds; export it as CSV instead, or narrow the filters.`,
    { table: title, rows, limit: EXCEL_MAX_DATA_ROWS, suggestedFormat: 'csv' },
  );
}

/** Refuses before any work when the table knows it is too large. */
export function checkSheetSize(table: ExportTable<unknown>): void {
  if (table.totalRows !== null && table.totalRows > EXCEL_MAX_DATA_ROWS)
    throw sheetTooLarge(table.title, table.totalRows);
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const ignore = (): void => {};

export async function writeSheet<Row>(
  table: ExportTable<Row>,
  zip: ZipFile,
  entry: string,
  styles: StyleRegistry,
  progress: SheetProgress,
): Promise<number> {
  checkSheetSize(table as ExportTable<unknown>);
  const columns = sheetColumns(table.columns);
  const xml = new SheetXml(styles);
  const headers = [...columns.map((column) => column.header), NOTES_HEADER];
  zip.open(entry);
  let text = sheetHeadXml([...columns.map((column) => column.width), NOTES_WIDTH]);
  text += xml.row(
    headers.map((header) => textCell(header, header, ignore)),
    1,
    true,
  );
  const cells = new Array<XlsxCell>(columns.length + 1);
  let rows = 0;
  const notes: string[] = [];
  const note = (message: string): void => void notes.push(message);
  for (const row of table.rows) {
    if (rows === EXCEL_MAX_DATA_ROWS) throw sheetTooLarge(table.title, null);
    notes.length = 0;
    for (let i = 0; i < columns.length; i++) cells[i] = columns[i]!.cell(row, note);
    cells[columns.length] = notes.length === 0 ? null : textCell(notes.join(' '), NOTES_HEADER, ignore);
    rows++;
    text += xml.row(cells, rows + 1);
    if (rows % XLSX_CHUNK_ROWS === 0) {
      await zip.write(text);
      text = '';
      progress.onChunk(rows);
      await nextTurn();
      progress.signal?.throwIfAborted();
    }
  }
  await zip.write(text + SHEET_TAIL_XML, true);
  progress.onChunk(rows);
  return rows;
}
