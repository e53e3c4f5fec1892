import { describe, expect, it } from 'vitest';
import { importOfx } from '../../src/main/core/recon/statements/ofx';
import { parseOfx } from '../../src/main/core/recon/statements/ofx-tree';

const HEADER = ['OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', ''];
const sgml = (...transactions: string[][]): string =>
  [
    ...HEADER,
    '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS>',
    '<CURDEF>EUR',
    '<BANKACCTFROM><ACCTID>DE89370400440532013000</BANKACCTFROM>',
    '<BANKTRANLIST>',
    ...transactions.flatMap((t) => ['<STMTTRN>', ...t, '</STMTTRN>']),
    '</BANKTRANLIST>',
    '</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
  ].join('\n');

describe('parseOfx', () => {
  it('closes SGML value elements implicitly and keeps XML ones', () => {
    const tree = parseOfx('<OFX><A><B>1<C>two &amp; three</C><D/></A></OFX>');
    expect(tree).toMatchObject({
      children: [
        {
          name: 'OFX',
          children: [
            {
              name: 'A',
              line: 1,
              children: [
                { name: 'B', value: '1' },
                { name: 'C', value: 'two & three' },
                { name: 'D', value: null },
              ],
            },
          ],
        },
      ],
    });
  });

  it('reports a closing tag that does not match an open aggregate', () => {
    expect(parseOfx('<OFX>\n<A>\n<B>\n<C>1\n</C>\n</A></OFX>')).toMatchObject({
      line: 6,
      field: 'A',
      problem: expect.stringContaining('</A> comes while <B> (line 3) is still open'),
    });
    expect(parseOfx('<OFX></X>')).toMatchObject({
      line: 1,
      field: 'X',
      problem: expect.stringContaining('never opened'),
    });
    expect(parseOfx('OFXHEADER:100')).toMatchObject({
      line: 1,
      field: 'OFX',
      problem: expect.stringContaining('no <OFX> element'),
    });
  });
});

describe('importOfx', () => {
  it('reads SGML transactions with unclosed tags', () => {
    const result = importOfx(
      sgml([
        '<TRNTYPE>DEBIT',
        '<DTPOSTED>20260302120000.000[-5:EST]',
        '<TRNAMT>-2500.00',
        '<FITID>F1',
        '<NAME>GIFTCARD',
        '<MEMO>Top-up',
        '<CHECKNUM>7',
      ]),
    );
    expect(result.errors).toEqual([]);
    expect(result.account).toBe('DE89370400440532013000');
    expect(result.lines).toEqual([
      {
        bankTransactionId: 'F1',
        bookingDate: '2026-03-02',
        valueDate: null,
        amount: '-2500.00',
        currency: 'EUR',
        reference: '7',
        remittance: 'Top-up',
        counterpartyName: 'GIFTCARD',
        counterpartyAccount: null,
        sourceLine: 9,
      },
    ]);
  });

  it('reports each bad transaction at the line of its field, and reads the others', () => {
    const result = importOfx(
      sgml(
        ['<DTPOSTED>20260230', '<TRNAMT>1.00', '<FITID>A'],
        ['<DTPOSTED>20260301', '<TRNAMT>1.0.0', '<FITID>B'],
        ['<TRNAMT>1.00', '<FITID>C'],
        ['<DTPOSTED>20260301', '<TRNAMT>1.00', '<FITID>D', '<CURRENCY><CURSYM>QQQ</CURRENCY>'],
        ['<DTPOSTED>20260301', '<TRNAMT>-3', '<FITID>E'],
      ),
    );
    expect(result.lines.map((l) => [l.bankTransactionId, l.amount])).toEqual([['E', '-3.00']]);
    expect(result.errors.map((e) => [e.line, e.field])).toEqual([
      [10, 'DTPOSTED'],
      [16, 'TRNAMT'],
      [19, 'DTPOSTED'],
      [23, 'CURDEF'],
    ]);
  });

  it('has no opening balance, so the statement is not balance-checked', () => {
    const text = sgml(['<DTPOSTED>20260301', '<TRNAMT>5.00', '<FITID>A']).replace(
      '</BANKTRANLIST>',
      '</BANKTRANLIST><LEDGERBAL><BALAMT>99.99<DTASOF>20260301</LEDGERBAL>',
    );
    const result = importOfx(text);
    expect(result.opening).toBeNull();
    expect(result.closing).toEqual({ date: '2026-03-01', amount: '99.99', currency: 'EUR', sourceLine: 14 });
  });

  it('is one problem and no lines when the file is cut short', () => {
    const cut = sgml(['<DTPOSTED>20260301', '<TRNAMT>5.00', '<FITID>A']).slice(0, -40);
    const result = importOfx(cut);
    expect(result.lines).toEqual([]);
    expect(result.errors).toEqual([
      { line: expect.any(Number), field: expect.any(String), problem: expect.stringContaining('cut short') },
    ]);
  });

  it('says so when the file has no statement', () => {
    expect(importOfx('<OFX><SIGNONMSGSRSV1></SIGNONMSGSRSV1></OFX>').errors).toEqual([
      { line: 1, field: 'STMTRS', problem: expect.stringContaining('no bank or credit card statement') },
    ]);
  });
});
