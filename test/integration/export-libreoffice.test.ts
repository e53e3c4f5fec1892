/**
 * A real spreadsheet opens the exports: LibreOffice converts exported CSV (both dialects) to flat ODS
 * and every cell of every text and reference column is checked, amounts are the same numbers, dates
 * dates, and no cell is a formula. Import options as a person sets them in the Text Import dialog:
 * separator, UTF-8, the locale's decimal mark and the reference columns as Text (README, Export).
 * With the default options, only all-digit references change (000123 becomes 123). Needs `soffice`
 * (Debian libreoffice-calc-nogui): in CI its absence fails the test; elsewhere it is skipped.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareDecimal } from '../../src/shared/domain/money';
import { openLedger } from '../../src/main/core/ledger/db';
import type { Core } from '../../src/main/core/services';
import type { RunningSimulator } from '../../src/simulator/server';
import { readCsv } from '../helpers/csv-read';
import { runExport, startAdversarialSimulator, syncedCore } from '../helpers/export-fixture';
import { makeTempDir } from '../helpers/temp-dir';

const soffice = spawnSync('sh', ['-c', 'command -v soffice'], { encoding: 'utf8' }).stdout.trim();
if (soffice === '' && process.env.CI)
  throw new Error('soffice is missing: install libreoffice-calc-nogui (CI needs it).');
if (soffice === '')
  console.warn(
    'export-libreoffice: skipped, soffice is not installed (apt-get install libreoffice-calc-nogui).',
  );

interface Cell {
  type: string;
  value: string | undefined;
  formula: boolean;
  text: string;
}

/** The cells of a flat ODS file, row by row (repeated cells expanded, trailing empty ones dropped). */
function readFods(xml: string): Cell[][] {
  const rows: Cell[][] = [];
  for (const row of xml.matchAll(/<table:table-row[^>]*>([\s\S]*?)<\/table:table-row>/g)) {
    const cells: Cell[] = [];
    for (const cell of (row[1] ?? '').matchAll(
      /<table:table-cell([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g,
    )) {
      const attributes = cell[1] ?? '';
      const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(attributes)?.[1];
      const text = [...(cell[2] ?? '').matchAll(/<text:p>([\s\S]*?)<\/text:p>/g)].map((p) => p[1]).join('\n');
      const repeat = Number(attribute('table:number-columns-repeated') ?? 1);
      const value = attribute('office:value') ?? attribute('office:date-value');
      for (let i = 0; i < Math.min(repeat, 64); i++)
        cells.push({
          type: attribute('office:value-type') ?? '',
          value,
          formula: attributes.includes('table:formula'),
          text,
        });
    }
    while (cells.length > 0 && cells.at(-1)?.type === '') cells.pop();
    if (cells.length > 0) rows.push(cells);
  }
  return rows;
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** A cell's paragraphs as plain text: spaces, tabs and line breaks as typed, markup removed. */
function cellText(xml: string): string {
  return unescapeXml(
    xml
      .replace(/<text:s text:c="(\d+)"\/>/g, (_, n: string) => ' '.repeat(Number(n)))
      .replace(/<text:s\/>/g, ' ')
      .replace(/<text:tab\/>/g, '\t')
      .replace(/<text:line-break\/>/g, '\n')
      .replace(/<[^>]+>/g, ''),
  );
}

let temp: ReturnType<typeof makeTempDir>;
let simulator: RunningSimulator;
let core: Core;

/** References as the platform and buyers write them: all digits (zero-padded, long) and not. */
const ALL_DIGITS = ['000123', '0012345678901234567', '42'];
const NOT_ALL_DIGITS = ['RF18539007547034', 'FD000123', 'FT0000000042', 'INV-000123'];

/** Export, convert with soffice (CSV filter options), and read both back. */
async function convert(
  name: string,
  request: unknown,
  format: string,
  filter: string,
): Promise<{ csv: string[][]; sheet: Cell[][]; fods: string }> {
  const dir = join(temp.dir, name);
  mkdirSync(dir);
  const csvPath = join(dir, `${name}.csv`);
  const { finished } = await runExport(core, { request, format, destination: csvPath });
  expect(finished.outcome).toBe('done');
  const converted = spawnSync(
    soffice,
    [
      '--headless',
      `-env:UserInstallation=file://${join(dir, 'profile')}`,
      `--infilter=CSV:${filter}`,
      '--convert-to',
      'fods',
      '--outdir',
      dir,
      csvPath,
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  expect(converted.status, converted.stderr).toBe(0);
  const fods = readFileSync(join(dir, `${basename(csvPath, '.csv')}.fods`), 'utf8');
  const separator = format === 'csv' ? ',' : ';';
  return { csv: readCsv(readFileSync(csvPath, 'utf8'), separator), sheet: readFods(fods), fods };
}

/** Options: separator, text delimiter ("), UTF-8 (76), from line 1, column types, locale, detect numbers. */
const options = (format: string, columns: string): string =>
  format === 'csv' ? `44,34,76,1,${columns},1033,false,true` : `59,34,76,1,${columns},1031,false,true`;

function expectString(cell: Cell | undefined, text: string, where: string): void {
  expect(cell?.type, where).toBe('string');
  expect(cellText(cell?.text ?? ''), where).toBe(text.replace(/\r\n?/g, '\n'));
}

function expectNumber(cell: Cell | undefined, text: string, where: string): void {
  expect(cell?.type, where).toBe('float');
  expect(compareDecimal(cell?.value ?? '', text.replace(',', '.')), where).toBe(0);
}

function expectNoFormula(fods: string, sheet: Cell[][]): void {
  expect(fods).not.toMatch(/table:formula=/);
  for (const row of sheet) for (const cell of row) expect(cell.formula).toBe(false);
}

describe.skipIf(soffice === '')('exports opened in LibreOffice Calc', () => {
  beforeAll(async () => {
    temp = makeTempDir();
    simulator = await startAdversarialSimulator();
    const dir = join(temp.dir, 'workspace');
    core = await syncedCore(simulator, dir);
    // Some requests take references of every shape (the list values are refreshed by the export).
    const db = openLedger(join(dir, 'ledger.sqlite'));
    const rename = db.prepare(
      `UPDATE transfer_requests SET payment_reference = ?, list_stale = 1
        WHERE id = (SELECT id FROM transfer_requests ORDER BY id LIMIT 1 OFFSET ?)`,
    );
    [...ALL_DIGITS, ...NOT_ALL_DIGITS].forEach((reference, i) => rename.run(reference, i * 7));
    db.close();
  }, 60_000);
  afterAll(async () => {
    await core?.close();
    await simulator?.close();
    temp?.cleanup();
  });

  // Transfers: 0 reference; 2, 3, 7, 8 text; 4 to 6 amounts. Column 1 (the reference) set to Text.
  it.each(['csv', 'csv-regional'])(
    '%s transfers, reference column as Text: every text and reference cell is the same text',
    async (format) => {
      const { csv, sheet, fods } = await convert(
        `transfers-${format}`,
        { table: 'transfers' },
        format,
        options(format, '1/2'),
      );
      expect(sheet).toHaveLength(csv.length);
      expectNoFormula(fods, sheet);
      const references = new Set<string>();
      for (const [r, record] of csv.entries()) {
        if (r === 0) continue;
        const row = sheet[r] ?? [];
        references.add(record[0] ?? '');
        for (const c of [0, 2, 3, 7, 8]) expectString(row[c], record[c] ?? '', `row ${r} column ${c}`);
        for (const c of [4, 5, 6])
          if (record[c] !== '') expectNumber(row[c], record[c] ?? '', `row ${r} column ${c}`);
      }
      for (const reference of [...ALL_DIGITS, ...NOT_ALL_DIGITS]) expect(references).toContain(reference);
    },
    180_000,
  );

  it.each(['csv', 'csv-regional'])(
    '%s transfers with the default import options: only all-digit references change',
    async (format) => {
      const { csv, sheet, fods } = await convert(
        `default-${format}`,
        { table: 'transfers' },
        format,
        options(format, ''),
      );
      expectNoFormula(fods, sheet);
      const changed: string[] = [];
      for (const [r, record] of csv.entries()) {
        if (r === 0) continue;
        const cell = sheet[r]?.[0];
        const text = record[0] ?? '';
        if (cell?.type === 'string' && cellText(cell.text) === text.replace(/\r\n?/g, '\n')) continue;
        changed.push(text);
      }
      for (const reference of changed) expect(reference, 'a reference that changed').toMatch(/^\d+$/);
      expect(changed).toEqual(expect.arrayContaining(['000123', '0012345678901234567']));
      const row = csv.findIndex((record) => record[0] === '000123');
      expect(sheet[row]?.[0]).toMatchObject({ type: 'float', value: '123' });
      for (const reference of NOT_ALL_DIGITS) expect(changed).not.toContain(reference);
    },
    180_000,
  );

  // Open items: 0 kind, 2 state, 3 age, 5 currency, 7 label text, 8 state code; 1 reference; 4 date;
  // 6 amount.
  it.each(['csv', 'csv-regional'])(
    '%s reconciliation open items: dates are dates, ages and text the same text',
    async (format) => {
      const request = { table: 'reconciliation', filters: { part: 'open-items' } };
      const { csv, sheet, fods } = await convert(`open-${format}`, request, format, options(format, '2/2'));
      expectNoFormula(fods, sheet);
      expect(csv[0]).toEqual([
        'Kind',
        'Reference or bank id',
        'State',
        'Age',
        'Date',
        'Currency',
        'Amount',
        'Float or bank text',
        'State code',
      ]);
      expect(csv.length).toBeGreaterThan(10);
      for (const [r, record] of csv.entries()) {
        if (r === 0) continue;
        const row = sheet[r] ?? [];
        for (const c of [0, 1, 2, 3, 5, 7, 8])
          if (record[c] !== '') expectString(row[c], record[c] ?? '', `row ${r} column ${c}`);
        if (record[3] !== '') expect(record[3]).toMatch(/^(0 to 2|3 to 7|8 to 30|over 30) days$/);
        expect(row[4]?.type, `row ${r} date`).toBe('date');
        expect(row[4]?.value).toBe(record[4]);
        expectNumber(row[6], record[6] ?? '', `row ${r} amount`);
      }
    },
    180_000,
  );
});
