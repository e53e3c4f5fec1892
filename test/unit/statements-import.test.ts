import { describe, expect, it } from 'vitest';
import {
  checkBalances,
  detectFormat,
  importStatement,
  statementFileSha256,
} from '../../src/main/core/recon/statements';
import type { BankLine, StatementImport } from '../../src/shared/domain/statements';

const line = (amount: string, currency = 'EUR'): BankLine => ({
  bankTransactionId: `id-${amount}`,
  bookingDate: '2026-03-02',
  valueDate: null,
  amount,
  currency,
  reference: null,
  remittance: null,
  counterpartyName: null,
  counterpartyAccount: null,
  sourceLine: 3,
});
const statement = (
  opening: string | null,
  amounts: string[],
  closing: string | null,
  currency = 'EUR',
): StatementImport => ({
  format: 'camt053',
  account: 'DE89370400440532013000',
  lines: amounts.map((a) => line(a, currency)),
  errors: [],
  opening: opening === null ? null : { date: '2026-03-01', amount: opening, currency, sourceLine: 5 },
  closing: closing === null ? null : { date: '2026-03-31', amount: closing, currency, sourceLine: 9 },
});

describe('checkBalances', () => {
  it('accepts opening + lines = closing, exactly, with no binary rounding', () => {
    expect(checkBalances(statement('0.10', ['0.20', '-0.30'], '0.00'))).toEqual([]);
    expect(
      checkBalances(statement('1000000000000000000000.01', ['0.02'], '1000000000000000000000.03')),
    ).toEqual([]);
    expect(checkBalances(statement('100', ['-1'], '99', 'JPY'))).toEqual([]);
  });

  it('reports a mismatch at the closing balance, with the sum written out', () => {
    expect(checkBalances(statement('1000.00', ['-300.00', '50.00'], '760.00'))).toEqual([
      {
        line: 9,
        field: 'closing',
        problem: 'opening 1,000.00 + lines -250.00 = 750.00, but the statement closes at 760.00',
      },
    ]);
    expect(checkBalances(statement('-1234567.5', ['0.005'], '-1234567.50'))[0]!.problem).toBe(
      'opening -1,234,567.50 + lines 0.005 = -1,234,567.495, but the statement closes at -1,234,567.50',
    );
  });

  it('checks nothing without both balances, and each statement of a file on its own', () => {
    expect(checkBalances(statement(null, ['5.00'], '5.00'))).toEqual([]);
    expect(checkBalances(statement('5.00', ['5.00'], null))).toEqual([]);
    const two: StatementImport = {
      ...statement('10.00', ['-1.00', '-2.00', '5.00'], '12.00'),
      sections: [
        {
          statementId: 'a',
          account: 'X',
          opening: { date: '2026-03-01', amount: '10.00', currency: 'EUR', sourceLine: 2 },
          closing: { date: '2026-03-01', amount: '9.00', currency: 'EUR', sourceLine: 4 },
          firstLineIndex: 0,
          lineCount: 1,
          sourceLine: 1,
        },
        {
          statementId: 'b',
          account: 'X',
          opening: { date: '2026-03-02', amount: '9.00', currency: 'EUR', sourceLine: 12 },
          closing: { date: '2026-03-02', amount: '13.00', currency: 'EUR', sourceLine: 14 },
          firstLineIndex: 1,
          lineCount: 2,
          sourceLine: 11,
        },
      ],
    };
    expect(checkBalances(two)).toEqual([
      {
        line: 14,
        field: 'closing',
        problem: 'opening 9.00 + lines 3.00 = 12.00, but the statement closes at 13.00',
      },
    ]);
  });

  it('sums only the lines in the currency of the balances', () => {
    const mixed = statement('10.00', ['-1.00'], '9.00');
    mixed.lines.push(line('-500', 'JPY'));
    expect(checkBalances(mixed)).toEqual([]);
  });
});

describe('importStatement', () => {
  const camtText = (closing: string) =>
    `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>
<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-03-01</Dt></Dt></Bal>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${closing}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-03-01</Dt></Dt></Bal>
</Stmt></BkToCstmrStmt></Document>`;

  it('adds the balance problem to the errors, in line order', () => {
    const result = importStatement(Buffer.from(camtText('2.00')), { format: 'auto' });
    expect(result.errors).toEqual([
      {
        line: 3,
        field: 'closing',
        problem: 'opening 1.00 + lines 0.00 = 1.00, but the statement closes at 2.00',
      },
    ]);
    expect(importStatement(Buffer.from(camtText('1.00')), { format: 'camt053' }).errors).toEqual([]);
  });

  it('uses the format it is told, even when the content says otherwise', () => {
    const result = importStatement(Buffer.from(camtText('1.00')), { format: 'mt940' });
    expect(result.format).toBe('mt940');
    expect(result.errors[0]!.field).toBe(':20:');
  });

  it('detects the format by content', () => {
    expect(detectFormat('OFXHEADER:100\nDATA:OFXSGML')).toBe('ofx');
    expect(detectFormat('<?xml version="1.0"?>\n<?OFX OFXHEADER="200"?><OFX>')).toBe('ofx');
    expect(detectFormat('  <?xml version="1.0"?><Document>')).toBe('camt053');
    expect(detectFormat('<ns:Document xmlns:ns="x">')).toBe('camt053');
    expect(detectFormat('{1:F01BANK}{2:O940}{4:\n:20:X')).toBe('mt940');
    expect(detectFormat(':20:STARTUMS\n:25:123\n:28C:1')).toBe('mt940');
    expect(detectFormat('Date,Amount\n2026-03-01,5')).toBe('csv');
    expect(detectFormat(':20: is not a statement,x')).toBe('csv');
  });

  it('reports undecodable bytes as the one problem', () => {
    expect(importStatement(Uint8Array.from([0xff, 0xfe, 0x41]), { format: 'auto' })).toMatchObject({
      lines: [],
      errors: [{ line: 1, field: null }],
    });
  });

  it('digests the file bytes for the ledger', () => {
    expect(statementFileSha256(Buffer.from('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
