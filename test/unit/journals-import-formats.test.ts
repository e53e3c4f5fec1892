/**
 * QuickBooks Online, Sage Accounting and NetSuite journal CSVs on the fixture period, against each
 * product's published import template (titles and order, MM/DD/YYYY dates, positive debit/credit
 * columns with the currency's decimals, every group balancing), plus quoting and the formula guard.
 */
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { parseAccountMapping } from '../../src/main/core/journals/account-mapping';
import { netsuiteCsv, NETSUITE_COLUMNS } from '../../src/main/core/journals/formats/netsuite-csv';
import {
  quickbooksCsv,
  quickbooksJournalNo,
  QUICKBOOKS_COLUMNS,
  QUICKBOOKS_MAX_JOURNAL_NO,
} from '../../src/main/core/journals/formats/quickbooks-csv';
import { sageCsvFiles, SAGE_COLUMNS } from '../../src/main/core/journals/formats/sage-csv';
import { buildJournals } from '../../src/main/core/journals/journal-rules';
import type { Journal } from '../../src/main/core/journals/types';
import { thrownAppError } from '../helpers/app-error';
import { readCsv as readBomCsv } from '../helpers/csv-read';
import { fixtureFacts, mapping } from '../helpers/journals-fixture';

/** These imports want no BOM (the first title must read exactly); read them back as the CSV reader does. */
function readCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(false);
  return readBomCsv(`\uFEFF${text}`);
}

const signed = buildJournals(fixtureFacts(12), mapping).journals;
const draft = buildJournals(fixtureFacts(null), mapping).journals;
const linesIn = (journals: readonly Journal[]): number =>
  journals.reduce((n, journal) => n + journal.entries.reduce((m, entry) => m + entry.lines.length, 0), 0);

/** Debits and credits summed per group (exactly), from rows read back. */
function balances(
  rows: string[][],
  group: number,
  debit: number,
  credit: number,
): Map<string, [Decimal, Decimal]> {
  const sums = new Map<string, [Decimal, Decimal]>();
  for (const row of rows) {
    const [d, c] = sums.get(row[group]!) ?? [new Decimal(0), new Decimal(0)];
    sums.set(row[group]!, [d.plus(row[debit] || 0), c.plus(row[credit] || 0)]);
  }
  return sums;
}

/** Every row fills exactly one of its two amount columns, positive, with the currency's places. */
function expectAmounts(
  rows: string[][],
  debit: number,
  credit: number,
  currencyOf: (row: string[]) => string,
): void {
  for (const row of rows) {
    const filled = [row[debit], row[credit]].filter((cell) => cell !== '');
    expect(filled, row.join('|')).toHaveLength(1);
    expect(filled[0], row.join('|')).toMatch(currencyOf(row) === 'JPY' ? /^[1-9]\d*$/ : /^\d+\.\d{2}$/);
  }
}

function expectBalanced(sums: Map<string, [Decimal, Decimal]>, groups: number): void {
  expect(sums.size).toBe(groups);
  for (const [group, [debit, credit]] of sums) {
    expect(debit.equals(credit), group).toBe(true);
    expect(debit.isZero(), group).toBe(false);
  }
}

/** A mapping whose account is formula-like and whose resolution note needs quoting. */
const hostile = parseAccountMapping(
  'float,currency,float_account,bank_account,cost_account,variance_account,refunds_account,tax_code,tracking\n' +
    'Main,GBP,1210,+1200,5000,=HYPERLINK("x"),1220,No VAT,Department=Finance;Class=Cards\n',
);
const hostileFacts = { ...fixtureFacts(null), topUps: [], spend: [] };
hostileFacts.resolutions = [{ ...hostileFacts.resolutions[0]!, note: 'fee "SEPA", monthly' }];
const hostileJournals = buildJournals(hostileFacts, hostile).journals;

describe('QuickBooks Online journal entries CSV', () => {
  it("has the template's titles in order, no BOM, MM/DD/YYYY dates, and one balanced Journal No. per journal", () => {
    const text = quickbooksCsv(signed);
    expect(text.startsWith('Journal No.,Journal Date,Account Name,Debits,Credits,Description,Name\r\n')).toBe(
      true,
    );
    expect(QUICKBOOKS_COLUMNS).toEqual([
      'Journal No.',
      'Journal Date',
      'Account Name',
      'Debits',
      'Credits',
      'Description',
      'Name',
    ]);
    const [titles, ...rows] = readCsv(text);
    expect(titles).toEqual([...QUICKBOOKS_COLUMNS]);
    expect(rows).toHaveLength(linesIn(signed));
    expect(rows.every((row) => row[1] === '11/30/2026')).toBe(true);
    expectAmounts(rows, 3, 4, (row) => row[0]!.slice(-3));
    expectBalanced(balances(rows, 0, 3, 4), signed.length);
    expect(signed.map(quickbooksJournalNo)).toEqual([
      'S12-261130-TU-GBP',
      'S12-261130-RF-JPY',
      'S12-261130-SP-GBP',
      'S12-261130-RS-GBP',
    ]);
    // The full journal id travels in the description, so an imported line leads back to FloatDesk.
    expect(rows[0]![5]).toBe(
      'Top-up RF18A1 to float Main, approved 2500.00 GBP [FD-S12-2026-11-30-TOP-UPS-GBP]',
    );
    expect(rows[1]![5]).toMatch(/bank line B-1, ref RF18A1 \[/);
  });

  it('marks a DRAFT in every journal number, each within the 21 characters QuickBooks keeps', () => {
    const numbers = draft.map(quickbooksJournalNo);
    expect(
      numbers.every((number) => number.startsWith('DRAFT-') && number.length <= QUICKBOOKS_MAX_JOURNAL_NO),
    ).toBe(true);
    expect(new Set(numbers).size).toBe(draft.length);
  });

  it('quotes commas and quotes, and neutralises formula-like text', () => {
    const text = quickbooksCsv(hostileJournals);
    expect(text).toContain(`,"'=HYPERLINK(""x"")",2.50,,"Bank fee: bank line B-9 (fee ""SEPA"", monthly) [`);
    expect(text).toContain(`,"'+1200",,2.50,`);
    const rows = readCsv(text).slice(1);
    expect(rows.map((row) => row[2])).toEqual([`'=HYPERLINK("x")`, `'+1200`]);
  });
});

describe('Sage Accounting journals CSV', () => {
  it("has the template's headings, a Reference per journal with its Date and Description on the first row only, each balanced", () => {
    const text = sageCsvFiles(signed)[0]!.text;
    expect(text.startsWith('Reference,Date,Description,Ledger Account Number,Details,Debit,Credit\r\n')).toBe(
      true,
    );
    const [titles, ...rows] = readCsv(text);
    expect(titles).toEqual([...SAGE_COLUMNS]);
    expect(rows).toHaveLength(linesIn(signed));
    const currencyOf = (row: string[]): string => row[0]!.slice(-3);
    expectAmounts(rows, 5, 6, currencyOf);
    expectBalanced(balances(rows, 0, 5, 6), signed.length);
    rows.forEach((row, index) => {
      const first = index === 0 || rows[index - 1]![0] !== row[0];
      expect(row[1], row.join('|')).toBe(first ? '11/30/2026' : '');
      expect(row[2] !== '', row.join('|')).toBe(first);
    });
    // A journal's rows are together: Sage starts a new journal where Reference changes.
    const references = rows.map((row) => row[0]);
    expect(references.filter((ref, i) => ref !== references[i - 1])).toEqual(
      signed.map((journal) => journal.id),
    );
    expect(rows[0]!.slice(2)).toEqual([
      'Top-ups paid into the prepaid floats, GBP, period 2026-11-01 to 2026-11-30 (FloatDesk sign-off 12)',
      '1210',
      'Top-up RF18A1 to float Main, approved 2500.00 GBP',
      '2500.00',
      '',
    ]);
  });

  it('quotes and neutralises like every FloatDesk CSV, and names a DRAFT', () => {
    const text = sageCsvFiles(hostileJournals)[0]!.text;
    expect(text).toContain(`DRAFT-2026-11-30-RESOLUTIONS-GBP,11/30/2026,"DRAFT: Bank lines resolved`);
    expect(text).toContain(
      `,"'=HYPERLINK(""x"")","Bank fee: bank line B-9 (fee ""SEPA"", monthly)",2.50,\r\n`,
    );
  });

  it('splits an export larger than a Sage file (0.5 MB) between entries: numbered files, one Reference per piece, each balanced', () => {
    const many = buildJournals(
      {
        ...fixtureFacts(12),
        resolutions: [],
        spend: [],
        topUps: Array.from({ length: 40 }, (_, i) => ({
          currency: 'GBP',
          closed: false,
          requests: [{ paymentReference: `RF${i}`, float: 'Main', approved: '10.00' }],
          lines: [{ bankTransactionId: `B${i}`, bookingDate: '2026-11-02', amount: '-10.00' }],
        })),
      },
      mapping,
    ).journals;
    expect(sageCsvFiles(many)).toHaveLength(1);
    const files = sageCsvFiles(many, 2_000);
    expect(files.length).toBeGreaterThan(2);
    expect(files.map((file) => [file.number, file.of])).toEqual(files.map((_, i) => [i + 1, files.length]));
    expect(files.reduce((n, file) => n + file.lines, 0)).toBe(linesIn(many));
    const id = many[0]!.id;
    files.forEach((file, index) => {
      expect(Buffer.byteLength(file.text)).toBeLessThanOrEqual(2_000);
      const rows = readCsv(file.text).slice(1);
      expect(rows).toHaveLength(file.lines);
      expect(new Set(rows.map((row) => row[0]))).toEqual(new Set([`${id}-${index + 1}`]));
      expect(rows[0]![1]).toBe('11/30/2026');
      expect(rows.slice(1).every((row) => row[1] === '' && row[2] === '')).toBe(true);
      expectBalanced(balances(rows, 0, 5, 6), 1);
    });
  });
});

describe('NetSuite journal entry CSV', () => {
  it('has one External ID per journal entry, the header fields on every line, MM/DD/YYYY, each entry balanced', () => {
    const text = netsuiteCsv(signed);
    expect(
      text.startsWith(
        'External ID,Date,Currency,Memo,Account,Debit,Credit,Line Memo,Department,Class,Location\r\n',
      ),
    ).toBe(true);
    const [titles, ...rows] = readCsv(text);
    expect(titles).toEqual([...NETSUITE_COLUMNS]);
    expect(rows).toHaveLength(linesIn(signed));
    expect(rows.every((row) => row[1] === '11/30/2026')).toBe(true);
    expect(rows.filter((row) => row[2] === 'JPY').map((row) => row[0])).toEqual([
      'FD-S12-2026-11-30-REFUNDS-JPY',
      'FD-S12-2026-11-30-REFUNDS-JPY',
    ]);
    expectAmounts(rows, 5, 6, (row) => row[2]!);
    expectBalanced(balances(rows, 0, 5, 6), signed.length);
    for (const row of rows) expect(row[3]).toBe(signed.find((journal) => journal.id === row[0])!.narration);
  });

  it('fills Department and Class from the tracking values of those names; quotes and neutralises', () => {
    const text = netsuiteCsv(hostileJournals);
    const rows = readCsv(text).slice(1);
    expect(rows.map((row) => row.slice(4))).toEqual([
      [`'=HYPERLINK("x")`, '2.50', '', 'Bank fee: bank line B-9 (fee "SEPA", monthly)', '', '', ''],
      [`'+1200`, '', '2.50', 'Bank fee: bank line B-9 (fee "SEPA", monthly)', '', '', ''],
    ]);
    const tracked = netsuiteCsv(
      buildJournals(
        { ...fixtureFacts(null), topUps: fixtureFacts(null).topUps.slice(0, 2), resolutions: [], spend: [] },
        hostile,
      ).journals,
    );
    const trackedRows = readCsv(tracked).slice(1);
    expect(trackedRows.length).toBe(5);
    expect(trackedRows.every((row) => row[8] === 'Finance' && row[9] === 'Cards' && row[10] === '')).toBe(
      true,
    );
  });

  it('refuses an amount NetSuite cannot hold (more than 2 decimal places), saying what to do', () => {
    const kwd: Journal = {
      ...signed[0]!,
      currency: 'KWD',
      entries: [
        {
          ...signed[0]!.entries[0]!,
          lines: [
            { ...signed[0]!.entries[0]!.lines[0]!, amount: '1.250' },
            { ...signed[0]!.entries[0]!.lines[1]!, amount: '-1.250' },
          ],
        },
      ],
    };
    const error = thrownAppError(() => netsuiteCsv([kwd]));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/at most 10 digits and 2 decimal places.*1\.250 KWD.*generic CSV/);
  });
});
