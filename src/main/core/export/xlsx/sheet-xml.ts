/**
 * A sheet's rows as SpreadsheetML: text as inline strings (format "@", so Excel keeps it text),
 * numbers and dates as numbers with their format, booleans as booleans. There is no code path that
 * writes a formula (<f>): a formula-like text is just an inline string, and neutralised too.
 */
import type { XlsxCell } from './cell-mapping';
import type { StyleRegistry } from './style-registry';

export const TEXT_FORMAT = '@';

/** "A", "B", … "Z", "AA" … for a zero-based column index. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Escapes text content (`&`, `<`, `>`); the OOXML `_xHHHH_` escapes are already in `text`. */
export function xmlText(text: string): string {
  return /[&<>]/.test(text)
    ? text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
    : text;
}

/** Writes rows of one sheet; style ids come from the workbook's registry. */
export class SheetXml {
  private readonly letters: string[] = [];
  private readonly textStyle: number;
  private readonly boldTextStyle: number;

  constructor(private readonly styles: StyleRegistry) {
    this.textStyle = styles.styleId(TEXT_FORMAT);
    this.boldTextStyle = styles.styleId(TEXT_FORMAT, true);
  }

  private letter(index: number): string {
    return (this.letters[index] ??= columnLetters(index));
  }

  cell(cell: XlsxCell, column: number, row: number, bold = false): string {
    if (cell === null) return '';
    const ref = `${this.letter(column)}${row}`;
    switch (cell.kind) {
      case 'text':
        return (
          `<c r="${ref}" s="${bold ? this.boldTextStyle : this.textStyle}" t="inlineStr">` +
          `<is><t xml:space="preserve">${xmlText(cell.text)}</t></is></c>`
        );
      case 'number':
        return `<c r="${ref}" s="${this.styles.styleId(cell.format, bold)}"><v>${cell.value}</v></c>`;
      case 'boolean':
        return `<c r="${ref}" t="b"><v>${cell.value ? 1 : 0}</v></c>`;
    }
  }

  /** One row (1-based `row`), its cells in column order. */
  row(cells: readonly XlsxCell[], row: number, bold = false): string {
    let xml = `<row r="${row}">`;
    for (let i = 0; i < cells.length; i++) xml += this.cell(cells[i] ?? null, i, row, bold);
    return `${xml}</row>`;
  }
}
