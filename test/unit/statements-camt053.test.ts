import { describe, expect, it } from 'vitest';
import { importCamt053 } from '../../src/main/core/recon/statements/camt053';

/** A camt.053 document with one statement; entries are written on their own lines. */
function camt(entries: string[], { version = '08', balances = '' } = {}): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}">`,
    '<BkToCstmrStmt><GrpHdr><MsgId>M1</MsgId></GrpHdr>',
    '<Stmt><Id>S1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>',
    balances,
    ...entries,
    '</Stmt></BkToCstmrStmt></Document>',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

const entry = (inner: string) => `<Ntry>${inner}</Ntry>`;
const booked = (amount = '10.00', sign = 'DBIT', date = '<Dt>2026-03-02</Dt>', ref = 'R1') =>
  entry(
    `<Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${sign}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt>${date}</BookgDt><AcctSvcrRef>${ref}</AcctSvcrRef>`,
  );

describe('importCamt053', () => {
  it.each(['02', '03', '04', '05', '06', '07', '08'])('reads version .001.%s', (version) => {
    const result = importCamt053(camt([booked()], { version }));
    expect(result.errors).toEqual([]);
    expect(result.lines).toMatchObject([
      {
        bankTransactionId: 'R1',
        amount: '-10.00',
        currency: 'EUR',
        bookingDate: '2026-03-02',
        sourceLine: 5,
      },
    ]);
    expect(result.account).toBe('DE89370400440532013000');
  });

  it('refuses other camt messages and versions, naming them', () => {
    expect(importCamt053(camt([], { version: '10' })).errors).toEqual([
      {
        line: 1,
        field: 'Document',
        problem: expect.stringContaining(
          'This is camt.053.001.10; FloatDesk reads bank statements in camt.053.001.02 to camt.053.001.08',
        ),
      },
    ]);
    const camt054 = camt([]).replace('camt.053.001.08', 'camt.054.001.08');
    expect(importCamt053(camt054).errors[0]!.problem).toContain('This is camt.054.001.08');
    expect(importCamt053('<?xml version="1.0"?><Document><X/></Document>').errors[0]!.problem).toContain(
      'no camt.053 Document namespace',
    );
  });

  it('reports each bad entry at the line of the element, and reads the others', () => {
    const result = importCamt053(
      camt([
        booked('5.00', 'CRDT'),
        entry(
          '<Amt Ccy="EUR">-5.00</Amt>\n<CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2026-03-02</Dt></BookgDt>',
        ),
        entry('<Amt Ccy="EUR">5.00</Amt><CdtDbtInd>UP</CdtDbtInd>\n<BookgDt><Dt>2026-03-32</Dt></BookgDt>'),
        entry('<Amt Ccy="ZZZ">5.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2026-03-02</Dt></BookgDt>'),
        entry('<Amt>5,00</Amt><CdtDbtInd>DBIT</CdtDbtInd>'),
        booked('7.10', 'DBIT', '<DtTm>2026-03-03T23:30:00-05:00</DtTm>', 'R2'),
      ]),
    );
    expect(result.lines.map((l) => [l.sourceLine, l.amount, l.bookingDate])).toEqual([
      [5, '5.00', '2026-03-02'],
      [12, '-7.10', '2026-03-03'],
    ]);
    expect(result.errors.map((e) => [e.line, e.field])).toEqual([
      [6, 'Ntry/Amt'],
      [8, 'Ntry/CdtDbtInd'],
      [9, 'Ntry/BookgDt'],
      [10, 'Ntry/Amt'],
      [11, 'Ntry/Amt'],
      [11, 'Ntry/BookgDt'],
    ]);
    expect(result.errors[0]!.problem).toContain('camt.053 amounts are unsigned');
    expect(result.errors[3]!.problem).toContain('"ZZZ" is not an ISO 4217 currency code');
  });

  it('takes the opening from OPBD (else PRCD) and the closing from CLBD, signed by CdtDbtInd', () => {
    const bal = (code: string, amount: string, sign: string) =>
      `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${sign}</CdtDbtInd><Dt><Dt>2026-03-02</Dt></Dt></Bal>`;
    const result = importCamt053(
      camt([booked('10.00')], {
        balances: [
          bal('PRCD', '1.00', 'CRDT'),
          bal('ITBD', '9.00', 'CRDT'),
          bal('CLBD', '9.00', 'DBIT'),
        ].join('\n'),
      }),
    );
    expect(result.opening).toEqual({ date: '2026-03-02', amount: '1.00', currency: 'EUR', sourceLine: 5 });
    expect(result.closing).toEqual({ date: '2026-03-02', amount: '-9.00', currency: 'EUR', sourceLine: 7 });
    expect(result.errors).toEqual([]);
  });

  it('keeps pending and information-only entries out of the lines', () => {
    const pending = booked().replace('<Cd>BOOK</Cd>', '<Cd>PDNG</Cd>');
    const info = booked().replace('<Sts><Cd>BOOK</Cd></Sts>', '<Sts>INFO</Sts>');
    expect(importCamt053(camt([pending, info])).lines).toEqual([]);
  });

  it('makes one well-formedness problem of broken XML, with its line, and reads no line', () => {
    const broken = camt([booked(), '<Ntry><Amt Ccy="EUR">1.00</Amt></Nty>', booked()]);
    const result = importCamt053(broken);
    expect(result.lines).toEqual([]);
    expect(result.errors).toEqual([
      { line: 6, field: null, problem: expect.stringContaining('not well-formed') },
    ]);
  });

  it('does not read external entities', () => {
    const xxe = camt([booked()])
      .replace(
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
      )
      .replace('R1', '&x;');
    const result = importCamt053(xxe);
    expect(result.lines).toEqual([]);
    expect(result.errors).toHaveLength(1);
    expect(JSON.stringify(result)).not.toContain('root:');
  });

  it('decodes character references and uses the creditor of money out, the debtor of money in', () => {
    const details = (sign: string) =>
      entry(
        `<Amt Ccy="EUR">1.00</Amt><CdtDbtInd>${sign}</CdtDbtInd><BookgDt><Dt>2026-03-02</Dt></BookgDt><NtryDtls><TxDtls>` +
          '<RltdPties><Dbtr><Nm>D&#252;rer</Nm></Dbtr><DbtrAcct><Id><IBAN>DE44 5001 0517 5407 3249 31</IBAN></Id></DbtrAcct><Cdtr><Pty><Nm>Cr&amp;ditor</Nm></Pty></Cdtr></RltdPties>' +
          '<RmtInf><Ustrd>one</Ustrd><Ustrd>two</Ustrd></RmtInf></TxDtls></NtryDtls>',
      );
    const [out, into] = importCamt053(camt([details('DBIT'), details('CRDT')])).lines;
    expect(out).toMatchObject({
      counterpartyName: 'Cr&ditor',
      counterpartyAccount: null,
      remittance: 'one two',
    });
    expect(into).toMatchObject({ counterpartyName: 'Dürer', counterpartyAccount: 'DE44500105175407324931' });
    expect(out!.bankTransactionId).toMatch(/^sha256:/);
  });
});
