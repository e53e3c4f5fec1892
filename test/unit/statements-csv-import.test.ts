import { describe, expect, it } from 'vitest';
import { importCsv } from '../../src/main/core/recon/statements/csv-import';
import { checkCsvProfile } from '../../src/main/core/recon/statements/csv-profile';

const UK = { currency: 'GBP', columns: { date: 'Date', amount: 'Amount', remittance: 'Description' } };
const csv = (...rows: string[]): string => `${rows.join('\r\n')}\r\n`;

describe('CSV profiles', () => {
  it('fills in the defaults: everything auto-detected, one header line, no footer', () => {
    const checked = checkCsvProfile(UK);
    expect(checked).toEqual({
      ok: true,
      profile: {
        delimiter: 'auto',
        decimalSeparator: 'auto',
        thousandsSeparator: 'auto',
        dateFormat: 'auto',
        headerLines: 1,
        footerLines: 0,
        signConvention: 'negative-is-outgoing',
        ...UK,
      },
    });
  });

  it('names the field of every mistake', () => {
    const checked = checkCsvProfile({
      dateFormat: 'DD.QQ.YYYY',
      headerLines: 0,
      decimalSeparator: ',',
      thousandsSeparator: ',',
      columns: { date: 'Datum', amount: 5, debit: 6 },
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.issues.map((i) => i.field).sort()).toEqual([
      'profile.columns.amount',
      'profile.currency',
      'profile.dateFormat',
      'profile.headerLines',
      'profile.thousandsSeparator',
    ]);
    expect(checkCsvProfile({ currency: 'XXY', columns: { date: 1, amount: 2 } })).toMatchObject({
      ok: false,
      issues: [{ field: 'profile.currency', problem: expect.stringContaining('not an ISO 4217') }],
    });
    expect(checkCsvProfile({ currency: 'EUR', columns: { date: 0, amount: 2, extra: 3 } })).toMatchObject({
      ok: false,
    });
  });

  it('returns the profile problems as import problems on line 1, and asks for a profile when the titles say nothing', () => {
    expect(importCsv('a,b\n', undefined).errors).toEqual([
      {
        line: 1,
        field: 'profile',
        problem: expect.stringMatching(/titles not understood: "a", "b"\).*Save a column profile/),
      },
    ]);
    expect(importCsv('a,b\n', { columns: { date: 1, amount: 2 } }).errors).toEqual([
      { line: 1, field: 'profile.currency', problem: expect.stringContaining('currency') },
    ]);
  });
});

describe('auto-detection only when every row agrees', () => {
  it('leaves DD/MM against MM/DD undecided while no day is above 12', () => {
    const text = csv('Date,Amount,Description', '03/04/2026,-10.00,a', '05/04/2026,-20.00,b');
    const result = importCsv(text, UK);
    expect(result.lines).toEqual([]);
    expect(result.errors).toEqual([
      {
        line: 2,
        field: 'profile.dateFormat',
        problem:
          '"03/04/2026" (line 2) reads as 2026-04-03 with DD/MM/YYYY and as 2026-03-04 with MM/DD/YYYY: choose the date format in the profile.',
      },
    ]);
    const decided = importCsv(`${text}13/04/2026,-5.00,c\r\n`, UK);
    expect(decided.errors).toEqual([]);
    expect(decided.lines.map((l) => l.bookingDate)).toEqual(['2026-04-03', '2026-04-05', '2026-04-13']);
    const chosen = importCsv(text, { ...UK, dateFormat: 'MM/DD/YYYY' });
    expect(chosen.lines.map((l) => l.bookingDate)).toEqual(['2026-03-04', '2026-05-04']);
  });

  it('leaves 1.234 undecided until a row shows which separator is the decimal one', () => {
    const text = csv('Date;Amount;Description', '2026-03-02;1.234;a', '2026-03-03;-2.500;b');
    expect(importCsv(text, UK).errors).toEqual([
      {
        line: 2,
        field: 'profile.decimalSeparator',
        problem: expect.stringMatching(
          /"1\.234" \(line 2\) reads as 1\.234 with decimal "\." .* and as 1234 with decimal ","/,
        ),
      },
    ]);
    const decided = importCsv(`${text}2026-03-04;-4,50;c\r\n`, UK);
    expect(decided.errors).toEqual([]);
    expect(decided.lines.map((l) => l.amount)).toEqual(['1234.00', '-2500.00', '-4.50']);
  });

  it('asks for the profile when the rows disagree with every amount style', () => {
    const text = csv('Date;Amount;Description', '2026-03-02;-1.234,56;a', '2026-03-03;-12.50;b');
    expect(importCsv(text, UK).errors).toEqual([
      {
        line: 2,
        field: 'profile.decimalSeparator',
        problem: expect.stringContaining('choose the decimal separator'),
      },
    ]);
  });

  it('finds the delimiter that splits every row evenly and holds the named titles', () => {
    const semicolon = csv('Date;Amount;Description', '2026-03-02;-1,50;a, b', '2026-03-03;2,00;c');
    const result = importCsv(semicolon, UK);
    expect(result.errors).toEqual([]);
    expect(result.lines.map((l) => [l.amount, l.remittance])).toEqual([
      ['-1.50', 'a, b'],
      ['2.00', 'c'],
    ]);
    const tab = importCsv(csv('Date\tAmount\tDescription', '2026-03-02\t-1.50\tx'), UK);
    expect(tab.lines).toHaveLength(1);
    const byPosition = { currency: 'GBP', headerLines: 0, columns: { date: 1, amount: 2 } };
    expect(importCsv(csv('2026-03-02;1|5', '2026-03-03;2|6'), byPosition).errors).toEqual([
      {
        line: 1,
        field: 'profile.delimiter',
        problem: 'Both ";" and "|" split every row evenly: choose the delimiter in the profile.',
      },
    ]);
  });
});

describe('reading rows', () => {
  it('reports each bad field of a row with its line and still reads the other rows', () => {
    const text = csv(
      'Date,Amount,Description,Currency',
      '2026-03-02,-10.00,ok,GBP',
      '2026-02-30,12.3.4,bad twice,GBP',
      '2026-03-03,5.00,short row',
      '2026-03-04,7.00,odd currency,XYZ',
      '2026-03-05,,no amount,GBP',
      '2026-03-06,1.00,ok again,gbp',
    );
    const result = importCsv(text, {
      delimiter: ',',
      dateFormat: 'YYYY-MM-DD',
      columns: { date: 'Date', amount: 'Amount', remittance: 'Description', currency: 'Currency' },
    });
    expect(result.lines.map((l) => [l.sourceLine, l.amount, l.currency])).toEqual([
      [2, '-10.00', 'GBP'],
      [7, '1.00', 'GBP'],
    ]);
    expect(result.errors.map((e) => [e.line, e.field])).toEqual([
      [3, 'date'],
      [3, 'amount'],
      [4, 'currency'],
      [5, 'currency'],
      [6, 'amount'],
    ]);
    expect(result.errors[2]!.problem).toBe(
      'The row has 3 column(s); the profile reads "currency" from column 4 and needs 4.',
    );
  });

  it('reads debit and credit columns, whatever sign the bank writes in them', () => {
    const profile = { currency: 'EUR', columns: { date: 'Date', debit: 'Debit', credit: 'Credit' } };
    const result = importCsv(
      csv(
        'Date,Debit,Credit',
        '2026-03-02,25.00,',
        '2026-03-03,-30.00,',
        '2026-03-04,,40.00',
        '2026-03-05,1.00,2.00',
        '2026-03-06,,',
        '2026-03-07,0.00,',
      ),
      profile,
    );
    expect(result.lines.map((l) => l.amount)).toEqual(['-25.00', '-30.00', '40.00', '0.00']);
    expect(result.errors.map((e) => [e.line, e.field, e.problem])).toEqual([
      [5, 'credit', 'Both the debit and the credit column have an amount.'],
      [6, 'debit', 'Neither the debit nor the credit column has an amount.'],
    ]);
  });

  it('turns the sign round for banks that write money out as positive', () => {
    const result = importCsv(csv('Date,Amount', '2026-03-02,25.00', '2026-03-03,(4.00)'), {
      currency: 'USD',
      signConvention: 'positive-is-outgoing',
      columns: { date: 'Date', amount: 'Amount' },
    });
    expect(result.lines.map((l) => l.amount)).toEqual(['-25.00', '4.00']);
  });

  it('skips header and footer lines, counting lines as a text editor does', () => {
    const text = csv(
      'Account: 12345678',
      '',
      'Date,Amount',
      '2026-03-02,"1,000.00"',
      '2026-03-03,-2.00',
      '',
      'Closing balance,998.00',
      'End of statement',
    );
    const result = importCsv(text, {
      currency: 'GBP',
      headerLines: 3,
      footerLines: 2,
      columns: { date: 'date', amount: ' AMOUNT ' },
    });
    expect(result.errors).toEqual([]);
    expect(result.lines.map((l) => [l.sourceLine, l.amount])).toEqual([
      [4, '1000.00'],
      [5, '-2.00'],
    ]);
  });

  it('needs the delimiter chosen when a row has a different number of columns', () => {
    const result = importCsv(csv('Date,Amount', '2026-03-02,1.00', '2026-03-03'), {
      currency: 'EUR',
      columns: { date: 'Date', amount: 'Amount' },
    });
    expect(result.errors).toEqual([
      {
        line: 1,
        field: 'profile.delimiter',
        problem: expect.stringContaining('No delimiter (comma, semicolon, tab or |) splits every row'),
      },
    ]);
  });

  it('names the missing column title and the titles the header has', () => {
    const result = importCsv(csv('Datum,Betrag', '2026-03-02,1.00'), {
      currency: 'EUR',
      columns: { date: 'Datum', amount: 'Amount' },
    });
    expect(result.errors).toEqual([
      {
        line: 1,
        field: 'columns.amount',
        problem: expect.stringContaining('The header has no column "Amount" (it has "Datum", "Betrag")'),
      },
    ]);
  });

  it('joins several remittance columns and keeps line numbers right after an embedded newline', () => {
    const text = csv(
      'Date,Amount,Text 1,Text 2',
      '2026-03-02,1.00,"two',
      'lines",tail',
      '2026-03-03,2.00,,only second',
    );
    const result = importCsv(text, {
      currency: 'EUR',
      columns: { date: 'Date', amount: 'Amount', remittance: ['Text 1', 'Text 2'] },
    });
    expect(result.lines.map((l) => [l.sourceLine, l.remittance])).toEqual([
      [2, 'two lines tail'],
      [4, 'only second'],
    ]);
  });
});

describe('ids of rows without a bank id', () => {
  const profile = { currency: 'GBP', columns: { date: 'Date', amount: 'Amount', remittance: 'Description' } };
  const rows = [
    'Date,Amount,Description',
    '2026-03-30,-2.80,TFL TRAVEL',
    '2026-03-30,-2.80,TFL TRAVEL',
    '2026-03-31,-9.99,SHOP',
  ];

  it('keep two identical payments as two lines, numbered by occurrence', () => {
    const [first, second, third] = importCsv(csv(...rows), profile).lines.map((l) => l.bankTransactionId);
    expect(first).toMatch(/^sha256:[0-9a-f]{32}:1$/);
    expect(second).toBe(first!.replace(/:1$/, ':2'));
    expect(third).toMatch(/:1$/);
  });

  it('stay the same when the file is exported again with other formatting or order', () => {
    const ids = importCsv(csv(...rows), profile).lines.map((l) => l.bankTransactionId);
    const reformatted = csv(
      'Description;Amount;Date',
      'SHOP;-9,99;31.03.2026',
      ' TFL  TRAVEL ;-2,80;30.03.2026',
      'TFL TRAVEL;-2,80;30.03.2026',
    );
    const again = importCsv(reformatted, { ...profile, delimiter: ';' }).lines.map(
      (l) => l.bankTransactionId,
    );
    expect(new Set(again)).toEqual(new Set(ids));
  });

  it('differ when anything that identifies the payment differs', () => {
    const base = importCsv(csv(rows[0]!, rows[1]!), profile).lines[0]!.bankTransactionId;
    for (const row of [
      '2026-03-29,-2.80,TFL TRAVEL',
      '2026-03-30,-2.81,TFL TRAVEL',
      '2026-03-30,-2.80,TFL TRAVEL 2',
    ]) {
      expect(importCsv(csv(rows[0]!, row), profile).lines[0]!.bankTransactionId).not.toBe(base);
    }
  });

  it('keep a bank id column as given, numbering a repeated one', () => {
    const result = importCsv(
      csv('Id,Date,Amount', 'A1,2026-03-02,1.00', 'A1,2026-03-03,2.00', ',2026-03-04,3.00'),
      {
        currency: 'EUR',
        columns: { bankTransactionId: 'Id', date: 'Date', amount: 'Amount' },
      },
    );
    expect(result.lines.map((l) => l.bankTransactionId)).toEqual([
      'A1',
      'A1#2',
      expect.stringMatching(/^sha256:/),
    ]);
  });
});

describe('profiles written by hand in code', () => {
  it('ignores optional columns given as undefined', () => {
    const result = importCsv('Date,Amount\n2026-03-02,1.00\n', {
      currency: 'EUR',
      columns: { date: 'Date', amount: 'Amount', valueDate: undefined, remittance: undefined },
    });
    expect(result.errors).toEqual([]);
    expect(result.lines).toHaveLength(1);
  });
});
