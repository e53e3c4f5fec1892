/**
 * The journals XLSX, written by the app's XLSX writer and read back as a spreadsheet sees it: the
 * generic columns, dates as date cells, amounts as numbers with the currency's decimals, text never
 * a formula, and the same bytes when the same journals are written again.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseAccountMapping } from '../../src/main/core/journals/account-mapping';
import { GENERIC_COLUMNS } from '../../src/main/core/journals/formats/generic-csv';
import { writeJournalsXlsx } from '../../src/main/core/journals/formats/journals-xlsx';
import { buildJournals } from '../../src/main/core/journals/journal-rules';
import { fixtureFacts, mapping } from '../helpers/journals-fixture';
import { makeTempDir } from '../helpers/temp-dir';
import { readXlsx, serialToDate, type ReadCell } from '../helpers/xlsx-read';

let temp: ReturnType<typeof makeTempDir>;
beforeEach(() => (temp = makeTempDir()));
afterEach(() => temp.cleanup());

const { journals } = buildJournals(fixtureFacts(12), mapping);
const lineCount = journals.reduce((n, j) => n + j.entries.reduce((m, e) => m + e.lines.length, 0), 0);
const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('journals XLSX', () => {
  it('has the generic columns, date cells, amounts as numbers in the currency, and each journal balances', async () => {
    const path = join(temp.dir, 'journals.xlsx');
    expect(await writeJournalsXlsx(journals, path)).toBe(lineCount);
    const [sheet] = readXlsx(path);
    expect(sheet!.name).toBe('Journals');
    const [titles, ...rows] = sheet!.rows;
    // The app's XLSX writer ends every sheet with its Notes column, empty unless a value could not be
    // written as its kind.
    expect(titles!.map((cell) => cell?.value)).toEqual([...GENERIC_COLUMNS, 'Notes']);
    expect(rows.every((row) => row[8] === null || row[8] === undefined)).toBe(true);
    expect(rows).toHaveLength(lineCount);
    expect(sheet!.xml).not.toMatch(/<f[ >]/);
    const sums = new Map<string, Decimal>();
    for (const row of rows) {
      const [journal, date, account, , , currency, debit, credit] = row as (ReadCell | null)[];
      expect(journal!.type).toBe('s');
      expect(account!.type).toBe('s');
      expect(date!.type).toBe('n');
      expect(
        serialToDate(date!.value as number)
          .toISOString()
          .slice(0, 10),
      ).toBe('2026-11-30');
      expect(date!.format).toMatch(/yy/);
      const amount = debit ?? credit;
      expect([debit, credit].filter((cell) => cell !== null && cell !== undefined)).toHaveLength(1);
      expect(amount!.type).toBe('n');
      expect(amount!.format).toMatch(currency!.value === 'JPY' ? /^[^.]*$/ : /0\.00/);
      const signed = new Decimal(amount!.value as number).times(debit ? 1 : -1);
      sums.set(String(journal!.value), (sums.get(String(journal!.value)) ?? new Decimal(0)).plus(signed));
    }
    expect([...sums.keys()]).toEqual(journals.map((journal) => journal.id));
    for (const [id, total] of sums) expect(total.isZero(), id).toBe(true);
    const variance = rows.find((row) => row[2]?.value === '8100' && row[4]?.value === 'RF71B2');
    expect(variance?.[6]?.value).toBe(0.5);
  });

  it('writes formula-like text as neutralised text cells', async () => {
    const hostile = parseAccountMapping(
      'float,currency,float_account,bank_account,cost_account,variance_account,refunds_account\n' +
        'Main,GBP,1210,1200,5000,=HYPERLINK("x"),1220\n',
    );
    const facts = { ...fixtureFacts(null), topUps: [], spend: [] };
    facts.resolutions = [{ ...facts.resolutions[0]!, note: '=1+1' }];
    const path = join(temp.dir, 'hostile.xlsx');
    await writeJournalsXlsx(buildJournals(facts, hostile).journals, path);
    const [sheet] = readXlsx(path);
    const cells = sheet!.rows.flat().filter((cell): cell is ReadCell => cell !== null);
    expect(cells.some((cell) => cell.formula)).toBe(false);
    expect(sheet!.xml).not.toMatch(/<f[ >]/);
    const account = sheet!.rows[1]![2]!;
    expect(account.type).toBe('s');
    expect(String(account.value)).toMatch(/^'=HYPERLINK\("x"\)$/);
    expect(String(sheet!.rows[1]![3]!.value)).toContain('(=1+1)');
  });

  it('is the same bytes when the same journals are written again', async () => {
    const first = join(temp.dir, 'a.xlsx');
    const second = join(temp.dir, 'b.xlsx');
    await writeJournalsXlsx(journals, first);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    await writeJournalsXlsx(journals, second);
    expect(sha(second)).toBe(sha(first));
  });
});
