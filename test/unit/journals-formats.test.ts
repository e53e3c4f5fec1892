import { describe, expect, it } from 'vitest';
import { parseAccountMapping } from '../../src/main/core/journals/account-mapping';
import { genericCsv, GENERIC_COLUMNS } from '../../src/main/core/journals/formats/generic-csv';
import { xeroCsvFiles, xeroDate, XERO_COLUMNS } from '../../src/main/core/journals/formats/xero-csv';
import { buildJournals } from '../../src/main/core/journals/journal-rules';
import type { PeriodFacts } from '../../src/main/core/journals/types';
import { thrownAppError } from '../helpers/app-error';

const mapping = parseAccountMapping(
  'float,currency,float_account,bank_account,cost_account,variance_account,refunds_account,tax_code,tracking\n' +
    'Main,GBP,1210,1200,5000,=HYPERLINK("x"),1220,No VAT,Region=UK;Desk=Ops\n',
);

/** A draft period: one top-up approved for less than paid, one bank fee with a note that needs quoting. */
const facts: PeriodFacts = {
  period: { from: '2026-11-01', to: '2026-11-30' },
  asOf: '2026-11-30',
  signOffId: null,
  topUps: [
    {
      currency: 'GBP',
      closed: false,
      requests: [{ paymentReference: 'RF71B2', float: 'Main', approved: '999.5' }],
      lines: [{ bankTransactionId: 'B-2', bookingDate: '2026-11-04', amount: '-1000' }],
    },
  ],
  spend: [],
  resolutions: [
    {
      kind: 'line',
      id: 'B-9',
      reasonCode: 'bank_fee',
      note: 'fee "SEPA"',
      currency: 'GBP',
      float: null,
      amount: '-2.5',
      date: '2026-11-20',
    },
  ],
};

const { journals } = buildJournals(facts, mapping);

describe('generic journal CSV', () => {
  it('writes exactly the fixture text: BOM, titles, one row per line, debits and credits apart', () => {
    expect(GENERIC_COLUMNS.join(',')).toBe(
      'Journal,Date,Account,Description,Reference,Currency,Debit,Credit',
    );
    expect(genericCsv(journals)).toBe(
      '\uFEFFJournal,Date,Account,Description,Reference,Currency,Debit,Credit\r\n' +
        'DRAFT-2026-11-30-TOP-UPS-GBP,2026-11-30,1210,"Top-up RF71B2 to float Main, approved 999.50 GBP",RF71B2,GBP,999.50,\r\n' +
        `DRAFT-2026-11-30-TOP-UPS-GBP,2026-11-30,"'=HYPERLINK(""x"")","Paid 1000.00 GBP, approved 999.50 GBP: the difference",RF71B2,GBP,0.50,\r\n` +
        'DRAFT-2026-11-30-TOP-UPS-GBP,2026-11-30,1200,"Top-up paid 2026-11-04, bank line B-2",RF71B2,GBP,,1000.00\r\n' +
        `DRAFT-2026-11-30-RESOLUTIONS-GBP,2026-11-30,"'=HYPERLINK(""x"")","Bank fee: bank line B-9 (fee ""SEPA"")",B-9,GBP,2.50,\r\n` +
        'DRAFT-2026-11-30-RESOLUTIONS-GBP,2026-11-30,1200,"Bank fee: bank line B-9 (fee ""SEPA"")",B-9,GBP,,2.50\r\n',
    );
  });

  it('writes only the titles for no journal', () => {
    expect(genericCsv([])).toBe('\uFEFFJournal,Date,Account,Description,Reference,Currency,Debit,Credit\r\n');
  });
});

describe('Xero manual journals CSV', () => {
  const narration = (kind: string): string =>
    `"DRAFT: ${kind}, GBP, period 2026-11-01 to 2026-11-30 (FloatDesk DRAFT, not signed off)"`;

  it("writes exactly the fixture text in Xero's template: dd/mm/yyyy, signed amounts, tax rate, tracking", () => {
    expect(XERO_COLUMNS.join(',')).toBe(
      'Narration,Date,Description,AccountCode,TaxRate,Amount,TrackingName1,TrackingOption1,TrackingName2,TrackingOption2',
    );
    const top = narration('Top-ups paid into the prepaid floats');
    const fee = narration('Bank lines resolved as fees, exchange differences or write-offs');
    expect(xeroCsvFiles(journals)).toEqual([
      {
        number: 1,
        of: 1,
        lines: 5,
        text:
          'Narration,Date,Description,AccountCode,TaxRate,Amount,TrackingName1,TrackingOption1,TrackingName2,TrackingOption2\r\n' +
          `${top},30/11/2026,"Top-up RF71B2 to float Main, approved 999.50 GBP",1210,No VAT,999.50,Region,UK,Desk,Ops\r\n` +
          `${top},30/11/2026,"Paid 1000.00 GBP, approved 999.50 GBP: the difference, ref RF71B2","'=HYPERLINK(""x"")",No VAT,0.50,Region,UK,Desk,Ops\r\n` +
          `${top},30/11/2026,"Top-up paid 2026-11-04, bank line B-2, ref RF71B2",1200,No VAT,-1000.00,Region,UK,Desk,Ops\r\n` +
          `${fee},30/11/2026,"Bank fee: bank line B-9 (fee ""SEPA"")","'=HYPERLINK(""x"")",No VAT,2.50,,,,\r\n` +
          `${fee},30/11/2026,"Bank fee: bank line B-9 (fee ""SEPA"")",1200,No VAT,-2.50,,,,\r\n`,
      },
    ]);
  });

  it('writes dates as dd/mm/yyyy', () => {
    expect(xeroDate('2026-01-05')).toBe('05/01/2026');
  });

  it('splits a large journal between entries into numbered files, each balanced, with numbered narrations', () => {
    const many: PeriodFacts = {
      ...facts,
      signOffId: 3,
      resolutions: [],
      topUps: Array.from({ length: 4 }, (_, i) => ({
        currency: 'GBP',
        closed: false,
        requests: [{ paymentReference: `RF${i}`, float: 'Main', approved: '10.00' }],
        lines: [{ bankTransactionId: `B${i}`, bookingDate: '2026-11-02', amount: '-10.00' }],
      })),
    };
    const files = xeroCsvFiles(buildJournals(many, mapping).journals, 5);
    expect(files.map((file) => [file.number, file.of, file.lines])).toEqual([
      [1, 2, 4],
      [2, 2, 4],
    ]);
    const rows = files.map((file) => file.text.trimEnd().split('\r\n').slice(1));
    expect(rows[0]![0]).toMatch(
      /^"Top-ups paid into the prepaid floats, GBP, period 2026-11-01 to 2026-11-30 \(FloatDesk sign-off 3\) \(part 1 of 2\)",/,
    );
    expect(rows[1]![0]).toMatch(/\(part 2 of 2\)",/);
  });

  it('refuses when a line has no tax rate, naming the account', () => {
    const noTax = parseAccountMapping(
      'float,currency,float_account,bank_account,cost_account,variance_account,refunds_account\nMain,GBP,1210,1200,5000,8100,1220\n',
    );
    const error = thrownAppError(() =>
      xeroCsvFiles(buildJournals({ ...facts, resolutions: [] }, noTax).journals),
    );
    expect(error.code).toBe('invalid_input');
    expect(error.details!.accounts).toEqual(['1200 (GBP)', '1210 (GBP)', '8100 (GBP)']);
    expect(error.message).toContain('account 1200 (GBP) and 2 more: fill the tax_code column');
  });

  it('refuses an entry larger than a file, since it could not be split and still balance', () => {
    const error = thrownAppError(() => xeroCsvFiles(journals, 2));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe(
      'One entry of journal DRAFT-2026-11-30-TOP-UPS-GBP has 3 lines, more than the 2 a Xero import file holds, so it cannot be split and still balance. Export this period as the generic CSV instead.',
    );
  });
});
