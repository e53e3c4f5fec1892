/**
 * The CSV writer: tables to text in chunks, each chunk handed to a sink (the partial file), with a
 * yield to the event loop between chunks so progress events go out and a cancel is seen.
 */
import type { ExportColumn, ExportTable } from './columns';
import { csvField, textField } from './csv-cells';
import { BOM, EOL, type CsvDialect } from './csv-dialect';

/** Where the text goes; awaiting each write is the back-pressure (and the yield). */
export interface TextSink {
  write(text: string | Uint8Array): Promise<void>;
}

export interface WriteOptions {
  signal?: AbortSignal;
  onRows?: (rowsSoFar: number) => void;
}

/**
 * A table that can render its own CSV body faster than row by row (the transfer table renders its
 * rows in SQLite). The chunks must be byte for byte what the column definitions would write.
 */
export interface CsvFastTable<Row> extends ExportTable<Row> {
  csvBody?(dialect: CsvDialect): Iterable<CsvChunk> | AsyncIterable<CsvChunk>;
}

/** Rows of CSV text, or the same already encoded as UTF-8 (rendered by a worker thread). */
export interface CsvChunk {
  text: string | Uint8Array;
  rows: number;
}

/** About this much text per write: large enough that writes are cheap, small enough to stay lean. */
const CHUNK_CHARS = 1 << 20;
const CHUNK_ROWS = 4_000;

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ExportCancelled();
}

export class ExportCancelled extends Error {
  constructor() {
    super('The export was cancelled.');
    this.name = 'ExportCancelled';
  }
}

export function headerLine(columns: readonly ExportColumn<unknown>[], dialect: CsvDialect): string {
  return columns.map((column) => textField(column.header, dialect.separator)).join(dialect.separator) + EOL;
}

export function rowLine<Row>(columns: readonly ExportColumn<Row>[], row: Row, dialect: CsvDialect): string {
  let line = '';
  for (let index = 0; index < columns.length; index++) {
    const column = columns[index] as ExportColumn<Row>;
    if (index > 0) line += dialect.separator;
    line += csvField(column.kind, column.value(row), column.currency?.(row), dialect);
  }
  return line + EOL;
}

function* genericBody<Row>(
  table: ExportTable<Row>,
  dialect: CsvDialect,
): Iterable<{ text: string; rows: number }> {
  let text = '';
  let rows = 0;
  for (const row of table.rows) {
    text += rowLine(table.columns, row, dialect);
    rows++;
    if (rows >= CHUNK_ROWS || text.length >= CHUNK_CHARS) {
      yield { text, rows };
      text = '';
      rows = 0;
    }
  }
  if (rows > 0) yield { text, rows };
}

/**
 * Writes the tables: one table is a header row and its rows; several (a report without a chosen
 * part) are blocks of a title row, the header row and the rows, separated by one empty line.
 */
export async function writeCsv(
  tables: ReadonlyArray<CsvFastTable<unknown>>,
  sink: TextSink,
  dialect: CsvDialect,
  options: WriteOptions = {},
): Promise<{ rows: number }> {
  let total = 0;
  let head = BOM;
  for (const [index, table] of tables.entries()) {
    throwIfAborted(options.signal);
    if (tables.length > 1) {
      if (index > 0) head += EOL;
      head += textField(table.title, dialect.separator) + EOL;
    }
    head += headerLine(table.columns, dialect);
    const body = table.csvBody?.(dialect) ?? genericBody(table, dialect);
    for await (const chunk of body) {
      if (typeof chunk.text === 'string') await sink.write(head + chunk.text);
      else {
        if (head !== '') await sink.write(head);
        await sink.write(chunk.text);
      }
      head = '';
      total += chunk.rows;
      options.onRows?.(total);
      throwIfAborted(options.signal);
    }
    if (head !== '') {
      await sink.write(head);
      head = '';
    }
  }
  if (head !== '') await sink.write(head);
  return { rows: total };
}
