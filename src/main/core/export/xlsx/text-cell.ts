/**
 * Text as an XLSX string cell that reads back exactly as written:
 * - neutralised: a text starting with = + - @ tab CR or NUL gets a leading `'` (OWASP), because a
 *   CSV re-save of the workbook, or a paste, can turn such text into a formula;
 * - escaped for OOXML: XML 1.0 cannot carry NUL and most control characters, and a parser turns a
 *   literal CR into LF, so those are written as `_xHHHH_` (ECMA-376 ST_Xstring, as Excel does); a
 *   literal `_xHHHH_` in the data gets its `_` escaped (`_x005F_`) so a reader does not decode it;
 * - cut at Excel's 32,767-character cell limit, and then said so (a note), never silently.
 */

/** Excel keeps at most this many characters in a cell. */
export const EXCEL_MAX_CELL_TEXT = 32_767;

const FORMULA_STARTS: ReadonlySet<string> = new Set(['=', '+', '-', '@', '\t', '\r', '\0']);

/** True when a spreadsheet would read the text as a formula (or strip the sign and then do). */
export function startsLikeFormula(text: string): boolean {
  return text.length > 0 && FORMULA_STARTS.has(text[0] as string);
}

/** The text a person sees in the cell: `'` before a formula-like start. */
export function neutralise(text: string): string {
  return startsLikeFormula(text) ? `'${text}` : text;
}

/**
 * Characters XML 1.0 cannot carry, or that a reader may drop or alter (C0 controls but tab and LF,
 * CR, C1 controls and DEL, noncharacters, U+FFFD, lone surrogates), and supplementary
 * noncharacters (U+xFFFE, U+xFFFF) as their surrogate pairs: written as `_xHHHH_` escapes, so they
 * read back exactly. (FloatDesk writes the SpreadsheetML itself; README, Export.)
 */
const UNWRITABLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\uFDD0-\uFDEF\uFFFD-\uFFFF]|[\uD83F\uD87F\uD8BF\uD8FF\uD93F\uD97F\uD9BF\uD9FF\uDA3F\uDA7F\uDABF\uDAFF\uDB3F\uDB7F\uDBBF\uDBFF][\uDFFE\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A literal escape-lookalike in the data: its `_` is escaped so no reader decodes it. */
const ESCAPE_LOOKALIKE = /_(x[0-9A-Fa-f]{4}_)/g;

const hex4 = (unit: number): string => unit.toString(16).toUpperCase().padStart(4, '0');

function escapeUnits(match: string): string {
  let out = '';
  for (let i = 0; i < match.length; i++) out += `_x${hex4(match.charCodeAt(i))}_`;
  return out;
}

/** The OOXML form of a string: decodes (see decodeOoxmlText) to exactly `text`. */
export function escapeOoxmlText(text: string): string {
  if (!/[_\u0000-\u001F\u007F-\u009F\uD800-\uDFFF\uFDD0-\uFDEF\uFFFD-\uFFFF]/.test(text)) return text; // eslint-disable-line no-control-regex
  return text.replace(ESCAPE_LOOKALIKE, '_x005F_$1').replace(UNWRITABLE, escapeUnits);
}

/** The reverse of escapeOoxmlText, as Excel and LibreOffice read a shared string. */
export function decodeOoxmlText(text: string): string {
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, code: string) => String.fromCharCode(parseInt(code, 16)));
}

export interface TextCellContent {
  /** What to hand the writer (neutralised, cut if need be, OOXML-escaped). */
  written: string;
  /** Set when the text had to be cut: say so next to the row. */
  note: string | null;
}

/** Cut at the limit without splitting a surrogate pair. */
function cut(text: string, limit: number): string {
  const end = /[\uD800-\uDBFF]/.test(text[limit - 1] ?? '') ? limit - 1 : limit;
  return text.slice(0, end);
}

export function textCellContent(text: string, header: string): TextCellContent {
  const shown = neutralise(text);
  if (shown.length <= EXCEL_MAX_CELL_TEXT) return { written: escapeOoxmlText(shown), note: null };
  return {
    written: escapeOoxmlText(cut(shown, EXCEL_MAX_CELL_TEXT)),
    note:
      `${header}: ${text.length.toLocaleString('en-GB')} characters, cut at Excel's limit of ` +
      `${EXCEL_MAX_CELL_TEXT.toLocaleString('en-GB')}; the CSV export keeps the whole text.`,
  };
}
