/**
 * Reads an XLSX file back for tests, straight from its XML (fflate + fast-xml-parser), so a test
 * sees exactly what a spreadsheet sees: each cell's type, value, number format and style, whether
 * any cell is a formula, the frozen panes and the column widths of every sheet.
 */
import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';

export interface ReadCell {
  /** s: shared or inline string, n: number (dates too), b: boolean, other: anything else (str, inlineStr, e). */
  type: 's' | 'n' | 'b' | 'other';
  /** Strings decoded (_xHHHH_ escapes), numbers as parsed, booleans as true/false. */
  value: string | number | boolean;
  /** The cell's number format code ("General" when none). */
  format: string;
  bold: boolean;
  formula: boolean;
}

export interface ReadSheet {
  name: string;
  /** Rows by position; a missing cell is null. */
  rows: (ReadCell | null)[][];
  frozenRows: number;
  widths: number[];
  /** The sheet's raw XML (to assert what must never appear in it). */
  xml: string;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) =>
    ['sheet', 'si', 'row', 'c', 'numFmt', 'xf', 'font', 'col', 'Relationship', 'pane'].includes(name),
});

type Node = Record<string, unknown>;

const text = (node: unknown): string =>
  typeof node === 'string'
    ? node
    : node && typeof node === 'object'
      ? String((node as Node)['#text'] ?? '')
      : '';

export function decodeXstring(value: string): string {
  return value.replace(/_x([0-9A-Fa-f]{4})_/g, (_, code: string) => String.fromCharCode(parseInt(code, 16)));
}

const BUILTIN_FORMATS: Record<number, string> = { 0: 'General', 1: '0', 2: '0.00', 14: 'mm-dd-yy', 49: '@' };

function columnIndex(reference: string): number {
  const letters = /^[A-Z]+/.exec(reference)?.[0] ?? 'A';
  return [...letters].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0) - 1;
}

function styles(files: Record<string, Uint8Array>): { format: string; bold: boolean }[] {
  const doc = parser.parse(strFromU8(files['xl/styles.xml']!)) as Node;
  const sheet = doc['styleSheet'] as Node;
  const formats = new Map<number, string>();
  for (const fmt of ((sheet['numFmts'] as Node | undefined)?.['numFmt'] ?? []) as Node[])
    formats.set(Number(fmt['numFmtId']), String(fmt['formatCode']));
  const fonts = ((sheet['fonts'] as Node)['font'] ?? []) as Node[];
  return (((sheet['cellXfs'] as Node)['xf'] ?? []) as Node[]).map((xf) => {
    const id = Number(xf['numFmtId'] ?? 0);
    return {
      format: formats.get(id) ?? BUILTIN_FORMATS[id] ?? `builtin:${id}`,
      bold: fonts[Number(xf['fontId'] ?? 0)]?.['b'] !== undefined,
    };
  });
}

function cellOf(c: Node, shared: string[], xfs: { format: string; bold: boolean }[]): ReadCell {
  const t = String(c['t'] ?? 'n');
  const raw = text(c['v']);
  const style = xfs[Number(c['s'] ?? 0)] ?? { format: 'General', bold: false };
  const base = { format: style.format, bold: style.bold, formula: c['f'] !== undefined };
  if (t === 's') return { ...base, type: 's', value: shared[Number(raw)] ?? '' };
  if (t === 'inlineStr') return { ...base, type: 's', value: decodeXstring(text((c['is'] as Node)['t'])) };
  if (t === 'n') return { ...base, type: 'n', value: Number(raw) };
  if (t === 'b') return { ...base, type: 'b', value: raw === '1' };
  return { ...base, type: 'other', value: raw };
}

export function readXlsx(path: string): ReadSheet[] {
  const files = unzipSync(readFileSync(path));
  const read = (name: string): Node => parser.parse(strFromU8(files[name]!)) as Node;
  const shared = files['xl/sharedStrings.xml']
    ? (((read('xl/sharedStrings.xml')['sst'] as Node)['si'] ?? []) as Node[]).map((si) =>
        decodeXstring(text(si['t'])),
      )
    : [];
  const xfs = styles(files);
  const targets = new Map(
    (((read('xl/_rels/workbook.xml.rels')['Relationships'] as Node)['Relationship'] ?? []) as Node[]).map(
      (r) => [String(r['Id']), String(r['Target']).replace(/^\/?(xl\/)?/, 'xl/')],
    ),
  );
  const sheets = ((read('xl/workbook.xml')['workbook'] as Node)['sheets'] as Node)['sheet'] as Node[];
  return sheets.map((entry) => {
    const file = targets.get(String(entry['r:id']))!;
    const xml = strFromU8(files[file]!);
    const worksheet = (parser.parse(xml) as Node)['worksheet'] as Node;
    const rows = (((worksheet['sheetData'] as Node)['row'] ?? []) as Node[]).map((row) => {
      const cells: (ReadCell | null)[] = [];
      for (const c of (row['c'] ?? []) as Node[]) cells[columnIndex(String(c['r']))] = cellOf(c, shared, xfs);
      return Array.from(cells, (cell) => cell ?? null);
    });
    const view = ((worksheet['sheetViews'] as Node | undefined)?.['sheetView'] ?? {}) as Node;
    const pane = ((view['pane'] ?? []) as Node[])[0];
    const widths = (((worksheet['cols'] as Node | undefined)?.['col'] ?? []) as Node[]).map((col) =>
      Number(col['width']),
    );
    return {
      name: String(entry['name']),
      rows,
      frozenRows: pane ? Number(pane['ySplit'] ?? 0) : 0,
      widths,
      xml,
    };
  });
}

/** An Excel serial date-time as a UTC Date (rounded to the millisecond). */
export function serialToDate(serial: number): Date {
  return new Date(Math.round((serial - 25_569) * 86_400_000));
}
