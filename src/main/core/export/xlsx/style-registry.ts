/**
 * The workbook's cell styles: one entry per (number format, bold) pair in use, numbered as the
 * sheets ask for them, written out as xl/styles.xml once every sheet is done.
 */

/** Excel's built-in formats that need no <numFmt> entry. */
const BUILT_IN_FORMATS: Readonly<Record<string, number>> = { General: 0, '0': 1, '0.00': 2, '@': 49 };
const FIRST_CUSTOM_FORMAT = 164;

const attribute = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

export class StyleRegistry {
  private readonly formats = new Map<string, number>();
  private readonly styles = new Map<string, number>();
  private readonly entries: { formatId: number; bold: boolean }[] = [{ formatId: 0, bold: false }];

  constructor() {
    this.styles.set('General|0', 0);
  }

  /** The index of the style with this number format (and bold), added on first use. */
  styleId(format: string, bold = false): number {
    const key = `${format}|${bold ? 1 : 0}`;
    const known = this.styles.get(key);
    if (known !== undefined) return known;
    const id = this.entries.length;
    this.entries.push({ formatId: this.formatId(format), bold });
    this.styles.set(key, id);
    return id;
  }

  private formatId(format: string): number {
    const builtIn = BUILT_IN_FORMATS[format];
    if (builtIn !== undefined) return builtIn;
    let id = this.formats.get(format);
    if (id === undefined) {
      id = FIRST_CUSTOM_FORMAT + this.formats.size;
      this.formats.set(format, id);
    }
    return id;
  }

  toXml(): string {
    const formats = [...this.formats].map(
      ([code, id]) => `<numFmt numFmtId="${id}" formatCode="${attribute(code)}"/>`,
    );
    const xfs = this.entries.map(
      ({ formatId, bold }) =>
        `<xf numFmtId="${formatId}" fontId="${bold ? 1 : 0}" fillId="0" borderId="0" xfId="0"` +
        `${formatId === 0 ? '' : ' applyNumberFormat="1"'}${bold ? ' applyFont="1"' : ''}/>`,
    );
    return (
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      (formats.length > 0 ? `<numFmts count="${formats.length}">${formats.join('')}</numFmts>` : '') +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
      '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>'
    );
  }
}

export { attribute as xmlAttribute };
