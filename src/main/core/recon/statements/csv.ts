/**
 * A CSV reader after RFC 4180: fields split by one delimiter, records by CRLF, LF or CR; a field
 * that starts with a double quote runs to the closing quote and may hold delimiters, newlines and
 * doubled quotes (""). A quote inside an unquoted field is an ordinary character (as in
 * `5" display`). Empty lines are skipped. Each record keeps the line it starts on.
 */
import type { StatementProblem } from '../../../../shared/domain/statements';

export type CsvDelimiter = ',' | ';' | '\t' | '|';
export const CSV_DELIMITERS: readonly CsvDelimiter[] = [',', ';', '\t', '|'];

export interface CsvRecord {
  /** 1-based line where the record starts. */
  line: number;
  fields: string[];
}

export interface CsvReadResult {
  records: CsvRecord[];
  problems: StatementProblem[];
}

export function delimiterName(delimiter: CsvDelimiter): string {
  return delimiter === '\t' ? 'tab' : `"${delimiter}"`;
}

/** Read every record; a record that breaks the quoting rules becomes a problem, the others are kept. */
export function readCsv(text: string, delimiter: CsvDelimiter): CsvReadResult {
  const records: CsvRecord[] = [];
  const problems: StatementProblem[] = [];
  const length = text.length;
  let i = 0;
  let line = 1;

  while (i < length) {
    const startLine = line;
    const fields: string[] = [];
    let broken: string | null = null;
    let atRecordEnd = false;
    // An empty line is no record.
    if (text[i] === '\n' || text[i] === '\r') {
      i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line += 1;
      continue;
    }
    while (!atRecordEnd) {
      let field = '';
      if (text[i] === '"') {
        const quoteLine = line;
        i += 1;
        let closed = false;
        while (i < length) {
          const ch = text[i]!;
          if (ch === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i += 1;
            closed = true;
            break;
          }
          if (ch === '\r' || ch === '\n') {
            line += 1;
            if (ch === '\r' && text[i + 1] === '\n') {
              field += '\r\n';
              i += 2;
              continue;
            }
          }
          field += ch;
          i += 1;
        }
        if (!closed) {
          problems.push({
            line: quoteLine,
            field: null,
            problem: `A quoted field opened on line ${quoteLine} is never closed: the file ends inside it (cut short?).`,
          });
          return { records, problems };
        }
        // After the closing quote only a delimiter or the end of the record may follow.
        const start = i;
        while (i < length && text[i] !== delimiter && text[i] !== '\n' && text[i] !== '\r') i += 1;
        if (i > start && broken === null) {
          broken = `Text follows the closing quote of field ${fields.length + 1} ("${text.slice(start, Math.min(i, start + 20))}"): a quote inside a quoted field must be doubled ("").`;
        }
      } else {
        const start = i;
        while (i < length && text[i] !== delimiter && text[i] !== '\n' && text[i] !== '\r') i += 1;
        field = text.slice(start, i);
      }
      fields.push(field);
      if (i < length && text[i] === delimiter) {
        // A delimiter at the very end of the text still ends a (last, empty) field: the next turn
        // of the loop reads it, empty, and ends the record there.
        i += 1;
      } else {
        atRecordEnd = true;
        if (i < length) {
          i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
          line += 1;
        }
      }
    }
    if (broken !== null) problems.push({ line: startLine, field: null, problem: broken });
    else records.push({ line: startLine, fields });
  }
  return { records, problems };
}

function quoteField(field: string, delimiter: CsvDelimiter): string {
  const needsQuotes =
    field.includes(delimiter) || field.includes('"') || field.includes('\n') || field.includes('\r');
  return needsQuotes ? `"${field.replaceAll('"', '""')}"` : field;
}

/**
 * Write records so that readCsv gives them back unchanged. A record of one empty field is written
 * as `""`, since an empty line is no record.
 */
export function writeCsv(records: readonly (readonly string[])[], delimiter: CsvDelimiter): string {
  return records
    .map((fields) =>
      fields.length === 1 && fields[0] === ''
        ? '""'
        : fields.map((field) => quoteField(field, delimiter)).join(delimiter),
    )
    .map((record) => `${record}\r\n`)
    .join('');
}
