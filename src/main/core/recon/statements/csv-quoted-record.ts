/**
 * One CSV record that holds a quote, read field by field across line breaks (RFC 4180, the rules of
 * csv.ts): its fields, where it ends, how many line breaks its quoted fields hold, and the first
 * quote misplaced in it. Pure: the stream (csv-stream.ts) decides what to do with the answer.
 */
import type { CsvDelimiter } from './csv';
import { quoted } from './limits';

export const LF = 10;
export const CR = 13;
export const QUOTE = 34;

export type QuotedRead =
  | { kind: 'record'; fields: string[]; end: number; lines: number; broken: string | null }
  | { kind: 'more' }
  | { kind: 'unclosed'; line: number };

/** Where an unquoted field that starts at `from` ends: the next delimiter, line break or the end. */
function fieldEnd(text: string, from: number, separator: number): number {
  let i = from;
  for (; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === separator || code === LF || code === CR) break;
  }
  return i;
}

/**
 * A record holding at least one quote, from `start` (which is on line `firstLine`); 'more' when the
 * text ends before it does.
 */
export function readQuotedRecord(
  text: string,
  start: number,
  final: boolean,
  delimiter: CsvDelimiter,
  firstLine: number,
): QuotedRead {
  const separator = delimiter.charCodeAt(0);
  const length = text.length;
  const fields: string[] = [];
  let broken: string | null = null;
  let lines = 0;
  let i = start;
  for (;;) {
    let field: string;
    if (text.charCodeAt(i) === QUOTE) {
      const opened = firstLine + lines;
      i += 1;
      let content = '';
      let from = i;
      let closed = false;
      while (i < length) {
        const code = text.charCodeAt(i);
        if (code === QUOTE) {
          if (i + 1 >= length && !final) return { kind: 'more' };
          if (text.charCodeAt(i + 1) === QUOTE) {
            content += text.slice(from, i + 1);
            i += 2;
            from = i;
            continue;
          }
          content += text.slice(from, i);
          i += 1;
          closed = true;
          break;
        }
        if (code === LF) lines += 1;
        else if (code === CR) {
          if (i + 1 >= length && !final) return { kind: 'more' };
          if (text.charCodeAt(i + 1) !== LF) lines += 1;
        }
        i += 1;
      }
      if (!closed) return final ? { kind: 'unclosed', line: opened } : { kind: 'more' };
      // After the closing quote only a delimiter or the end of the record may follow.
      const after = i;
      i = fieldEnd(text, i, separator);
      if (i >= length && !final) return { kind: 'more' };
      if (i > after && broken === null) {
        broken = `Text follows the closing quote of field ${fields.length + 1} (${quoted(text.slice(after, Math.min(i, after + 20)))}): a quote inside a quoted field must be doubled ("").`;
      }
      field = content;
    } else {
      const from = i;
      i = fieldEnd(text, i, separator);
      if (i >= length && !final) return { kind: 'more' };
      field = text.slice(from, i);
    }
    fields.push(field);
    if (i < length && text.charCodeAt(i) === separator) {
      i += 1;
      if (i >= length) {
        if (!final) return { kind: 'more' };
        fields.push('');
        return { kind: 'record', fields, end: i, lines, broken };
      }
      continue;
    }
    return { kind: 'record', fields, end: i, lines, broken };
  }
}
