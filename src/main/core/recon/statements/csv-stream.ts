/**
 * CSV records from text given a piece at a time (RFC 4180, the rules of csv.ts): a record without a
 * quote is split as it is; one with a quote is read field by field, across lines. Each piece is read
 * once, and an unfinished record is carried to the next piece only up to the record limit, so the
 * time grows with the text and memory stays bounded whatever the file holds. A record that breaks a
 * limit (too long, too many columns, a field too long, a control character) is a problem on its
 * line and is skipped; a quoted field that never closes ends the reading.
 */
import type { StatementProblem } from '../../../../shared/domain/statements';
import type { CsvDelimiter, CsvRecord } from './csv';
import { CR, LF, QUOTE, readQuotedRecord } from './csv-quoted-record';
import {
  codePointName,
  firstControlCharacter,
  MAX_COLUMNS,
  MAX_FIELD_CHARS,
  MAX_RECORD_CHARS,
  quoted,
} from './limits';

export interface StreamedRecord extends CsvRecord {
  /** The line the record ends on (later than `line` when a quoted field holds line breaks). */
  endLine: number;
}

export class CsvRecordStream {
  private pending = '';
  private line = 1;
  /** Skipping the rest of a record that was too long (until its line ends). */
  private skipping = false;
  /** Skipping the rest of a too-long record that holds quotes: whether the skip is inside one. */
  private quotedSkip: { inQuotes: boolean; opened: number } | null = null;
  private stopped = false;
  /** The line where reading stopped before the end (a quoted field that never closes). */
  stoppedAt: number | undefined;

  constructor(
    private readonly delimiter: CsvDelimiter,
    private readonly onRecord: (record: StreamedRecord) => void,
    private readonly onProblem: (problem: StatementProblem) => void,
  ) {}

  /** Read a piece of text; false once the reading has stopped (a quoted field never closed). */
  push(text: string): boolean {
    if (this.stopped) return false;
    this.pending = this.pending === '' ? text : this.pending + text;
    this.read(false);
    return !this.stopped;
  }

  end(): void {
    if (this.stopped) return;
    this.read(true);
    if (this.quotedSkip?.inQuotes === true) {
      const { opened } = this.quotedSkip;
      this.stop({
        line: opened,
        field: null,
        problem: `A quoted field opened on line ${opened} is never closed: the file ends inside it (cut short?).`,
      });
    }
    this.pending = '';
  }

  private read(final: boolean): void {
    const text = this.pending;
    const length = text.length;
    // One look at the whole piece for control characters (almost always none): records are then
    // looked at one by one only when it has one.
    const clean = firstControlCharacter(text) === undefined;
    let position = 0;
    let nextLf = -2;
    let nextCr = -2;
    let nextQuote = -2;
    const lineEndFrom = (from: number): number => {
      if (nextLf !== -1 && nextLf < from) nextLf = text.indexOf('\n', from);
      if (nextCr !== -1 && nextCr < from) nextCr = text.indexOf('\r', from);
      if (nextLf < 0) return nextCr;
      if (nextCr < 0) return nextLf;
      return Math.min(nextLf, nextCr);
    };
    while (position < length) {
      if (this.quotedSkip !== null) {
        const skipped = this.skipQuoted(text, position);
        if (skipped < 0) {
          position = length;
          break;
        }
        position = skipped;
        continue;
      }
      const code = text.charCodeAt(position);
      if (code === LF || code === CR) {
        // A CR as the last character may be the first half of CRLF: wait for the next piece.
        if (code === CR && position + 1 === length && !final) break;
        position += code === CR && text.charCodeAt(position + 1) === LF ? 2 : 1;
        this.line += 1;
        this.skipping = false;
        continue;
      }
      const lineEnd = lineEndFrom(position);
      if (this.skipping) {
        if (lineEnd < 0) {
          position = length;
          break;
        }
        position = lineEnd;
        continue;
      }
      if (nextQuote !== -1 && nextQuote < position) nextQuote = text.indexOf('"', position);
      const end = lineEnd < 0 ? length : lineEnd;
      if (nextQuote < 0 || nextQuote >= end) {
        if (lineEnd < 0 && !final) {
          if (length - position > MAX_RECORD_CHARS) {
            this.tooLong(this.line);
            position = length;
          }
          break;
        }
        this.simpleRecord(text.slice(position, end), clean);
        position = end;
        continue;
      }
      const read = readQuotedRecord(text, position, final, this.delimiter, this.line);
      if (read.kind === 'more') {
        if (length - position > MAX_RECORD_CHARS) {
          // Too long, wherever the pieces end: said once, and the rest of the record skipped.
          this.tooLong(this.line);
          this.skipping = false;
          this.quotedSkip = { inQuotes: false, opened: this.line };
          continue;
        }
        break;
      }
      if (read.kind === 'unclosed') {
        this.stop({
          line: read.line,
          field: null,
          problem: `A quoted field opened on line ${read.line} is never closed: the file ends inside it (cut short?).`,
        });
        return;
      }
      const startLine = this.line;
      this.line += read.lines;
      if (read.end - position > MAX_RECORD_CHARS) this.tooLong(startLine);
      else if (read.broken !== null) this.onProblem({ line: startLine, field: null, problem: read.broken });
      else this.emit({ line: startLine, endLine: this.line, fields: read.fields }, clean);
      position = read.end;
    }
    this.pending = text.slice(position);
  }

  private simpleRecord(text: string, pieceClean: boolean): void {
    if (text.length > MAX_RECORD_CHARS) {
      this.tooLong(this.line);
      return;
    }
    const clean = pieceClean || firstControlCharacter(text) === undefined;
    this.emit({ line: this.line, endLine: this.line, fields: text.split(this.delimiter) }, clean);
  }

  private emit(record: StreamedRecord, clean = false): void {
    if (record.fields.length > MAX_COLUMNS) {
      this.onProblem({
        line: record.line,
        field: null,
        problem: `The row has ${record.fields.length.toLocaleString('en-GB')} columns; FloatDesk reads rows of up to ${MAX_COLUMNS.toLocaleString('en-GB')}. The file is damaged or is not a bank statement.`,
      });
      return;
    }
    for (let index = 0; index < record.fields.length; index += 1) {
      const field = record.fields[index]!;
      if (field.length > MAX_FIELD_CHARS) {
        this.onProblem({
          line: record.line,
          field: `column ${index + 1}`,
          problem: `The value is ${field.length.toLocaleString('en-GB')} characters long; a statement field holds at most ${MAX_FIELD_CHARS.toLocaleString('en-GB')}: ${quoted(field)}.`,
        });
        return;
      }
      const control = clean || field.length === 0 ? undefined : firstControlCharacter(field);
      if (control !== undefined) {
        this.onProblem({
          line: record.line,
          field: `column ${index + 1}`,
          problem: `The value holds the control character ${codePointName(control)}, which no bank statement writes: ${quoted(field)}. The file is damaged or is not a text file.`,
        });
        return;
      }
    }
    this.onRecord(record);
  }

  private tooLong(line: number): void {
    this.skipping = true;
    this.onProblem({
      line,
      field: null,
      problem: `The row is longer than ${MAX_RECORD_CHARS.toLocaleString('en-GB')} characters. The file is damaged or is not a bank statement.`,
    });
  }

  /**
   * Skips the rest of a record too long to keep, through quoted line breaks, keeping the line count;
   * the position of the line break that ends it, or -1 when the piece ends first.
   */
  private skipQuoted(text: string, from: number): number {
    const skip = this.quotedSkip!;
    for (let i = from; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === QUOTE) {
        if (!skip.inQuotes) skip.opened = this.line;
        skip.inQuotes = !skip.inQuotes;
      } else if (code === LF || code === CR) {
        if (!skip.inQuotes) {
          this.quotedSkip = null;
          return i;
        }
        if (!(code === CR && text.charCodeAt(i + 1) === LF)) this.line += 1;
      }
    }
    return -1;
  }

  private stop(problem: StatementProblem): void {
    this.onProblem({ ...problem, problem: `${problem.problem} The lines after it were not read.` });
    this.stoppedAt = problem.line;
    this.stopped = true;
    this.pending = '';
  }
}
