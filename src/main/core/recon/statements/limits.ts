/**
 * The edges of what FloatDesk reads from a statement file, and how much it says about a bad one.
 * A bank statement is text a person could read: a field of 20 MB, a line of a million columns or a
 * NUL byte means a damaged or hostile file, and an answer listing a million problems helps nobody.
 */
import type { StatementFormat } from './format';

/** Largest file per format. CSV is read as a stream; the others are read whole (in the statement worker). */
export const MAX_FILE_BYTES: Readonly<Record<StatementFormat, number>> = {
  csv: 512 * 1024 * 1024,
  mt940: 64 * 1024 * 1024,
  ofx: 64 * 1024 * 1024,
  camt053: 64 * 1024 * 1024,
};
/** The largest file of any format: checked before anything is read. */
export const MAX_ANY_FILE_BYTES = Math.max(...Object.values(MAX_FILE_BYTES));

/** Characters in one field (a CSV cell, an XML element's text, an MT940 or OFX value). */
export const MAX_FIELD_CHARS = 4_096;
/** Characters in one CSV record (several lines when quoted fields hold line breaks). */
export const MAX_RECORD_CHARS = 65_536;
/** Lines in one statement file (a year of a busy account is well under a million). */
export const MAX_LINES = 5_000_000;
/** Columns in one CSV record. */
export const MAX_COLUMNS = 1_000;
/** A bank's transaction id (the ledger keeps ids of 1 to 200 characters). */
export const MAX_BANK_ID_CHARS = 200;
/** Problems listed in an answer; the rest are counted. */
export const MAX_PROBLEMS_LISTED = 100;
/** Characters of a value quoted in a problem. */
export const MAX_QUOTED_CHARS = 80;
/** Characters of one problem's text (a last wall behind `quoted`). */
export const MAX_PROBLEM_CHARS = 400;

const MIB = 1024 * 1024;

/** "512 MB" */
export function sizeInWords(bytes: number): string {
  if (bytes >= MIB) return `${Math.round((bytes / MIB) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** Control characters other than tab, line feed and carriage return (C0, DEL and C1). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_GLOBAL = /[\u0000-\u001f\u007f-\u009f]/g;

/** The first control character in a text (tab and line breaks excepted), or undefined. */
export function firstControlCharacter(text: string): string | undefined {
  return CONTROL.exec(text)?.[0];
}

/** U+0000 style name of a character, for messages. */
export function codePointName(character: string): string {
  return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * A value from the file as a problem quotes it: in double quotes, at most 80 characters (then "…"
 * and how long it was), control characters shown as U+XXXX so a message never carries them.
 */
export function quoted(value: string): string {
  const shown = value.length > MAX_QUOTED_CHARS ? value.slice(0, MAX_QUOTED_CHARS) : value;
  const visible = shown.replace(CONTROL_GLOBAL, (character) => `<${codePointName(character)}>`);
  const rest =
    value.length > MAX_QUOTED_CHARS ? `…" (${value.length.toLocaleString('en-GB')} characters)` : '"';
  return `"${visible}${rest}`;
}

/** The problem of a field that is too long or holds a control character; undefined when it is fine. */
export function fieldTextProblem(text: string, maxChars = MAX_FIELD_CHARS): string | undefined {
  if (text.length > maxChars)
    return `The value is ${text.length.toLocaleString('en-GB')} characters long; a statement field holds at most ${maxChars.toLocaleString('en-GB')}: ${quoted(text)}. The file is damaged or is not a bank statement.`;
  const control = firstControlCharacter(text);
  if (control !== undefined)
    return `The value holds the control character ${codePointName(control)}, which no bank statement writes: ${quoted(text)}. The file is damaged or is not a bank statement.`;
  return undefined;
}
