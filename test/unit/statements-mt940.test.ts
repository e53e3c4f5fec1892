import { describe, expect, it } from 'vitest';
import { importMt940 } from '../../src/main/core/recon/statements/mt940';
import { readInformation } from '../../src/main/core/recon/statements/mt940-details';

const statement = (...lines: string[]): string =>
  [':20:REF1', ':25:DE89370400440532013000', ':28C:1/1', ':60F:C251230EUR100,00', ...lines].join('\n');

describe('importMt940', () => {
  it('reads D, C, RD and RC marks with the right sign, and the entry date across a year end', () => {
    const result = importMt940(
      statement(
        ':61:2512311231D10,NTRFNONREF',
        ':61:2512310102C20,5NTRFNONREF',
        ':61:2601021231RD1,00NRTINONREF//B3',
        ':61:260102RC2,00NRTINONREF//B4',
        ':62F:C260102EUR108,50',
      ),
    );
    expect(result.errors).toEqual([]);
    expect(result.lines.map((l) => [l.amount, l.bookingDate, l.valueDate])).toEqual([
      ['-10.00', '2025-12-31', '2025-12-31'],
      ['20.50', '2026-01-02', '2025-12-31'],
      ['1.00', '2025-12-31', '2026-01-02'],
      ['-2.00', '2026-01-02', '2026-01-02'],
    ]);
    expect(result.lines.map((l) => l.bankTransactionId.slice(0, 7))).toEqual([
      'sha256:',
      'sha256:',
      'B3',
      'B4',
    ]);
  });

  it('reports a bad statement line at its line and field, and reads the others', () => {
    const result = importMt940(
      statement(
        ':61:2603020302D10.00NTRFNONREF',
        ':61:260231C1,00NTRFNONREF',
        ':61:260302X1,00NTRF',
        ':61:260302C1,00NTRFOK//B1',
        ':62F:C260302EUR101,00',
      ),
    );
    expect(result.lines.map((l) => l.sourceLine)).toEqual([8]);
    expect(result.errors.map((e) => [e.line, e.field])).toEqual([
      [5, ':61:'],
      [6, ':61:'],
      [7, ':61:'],
    ]);
    expect(result.errors[0]!.problem).toContain('no decimal comma');
    expect(result.errors[1]!.problem).toContain('not a real calendar date');
    expect(result.errors[2]!.problem).toContain('is not a statement line');
  });

  it('needs the opening and closing balances and the account, and says so', () => {
    const result = importMt940([':20:REF1', ':61:260302C1,00NTRFNONREF'].join('\n'));
    expect(result.errors.map((e) => [e.line, e.field])).toEqual([
      [1, ':60F:'],
      [1, ':62F:'],
      [1, ':25:'],
      [2, ':61:'],
    ]);
    expect(importMt940('just some text\n').errors).toEqual([
      { line: 1, field: ':20:', problem: expect.stringContaining('no :20:') },
    ]);
  });

  it('reads a statement with negative balances and a funds code', () => {
    const result = importMt940(
      [
        ':20:X',
        ':25:NL91ABNA0417164300',
        ':60M:D260301EUR5,00',
        ':61:260302DR1,00NMSCNONREF',
        ':62M:D260302EUR6,00',
      ].join('\r\n'),
    );
    expect(result.opening).toMatchObject({ amount: '-5.00', sourceLine: 3 });
    expect(result.closing).toMatchObject({ amount: '-6.00', sourceLine: 5 });
    expect(result.lines[0]).toMatchObject({ amount: '-1.00' });
  });
});

describe(':86: information to account owner', () => {
  it('reads German structured subfields: EREF, SVWZ across subfields and lines, name and IBAN', () => {
    expect(
      readInformation(
        '166?00SEPA-UEBERWEISUNG?109310?20EREF+E2E-1?21SVWZ+Top-up RF18 5390\n?220754 7034?30COBADEFFXXX?31DE02120300000000202051?32GiftCard Pl?33atform GmbH',
      ),
    ).toEqual({
      reference: 'E2E-1',
      remittance: 'Top-up RF18 53900754 7034',
      counterpartyName: 'GiftCard Platform GmbH',
      counterpartyAccount: 'DE02120300000000202051',
    });
  });

  it('keeps the purpose as it is when it has no SEPA keywords, and drops NOTPROVIDED', () => {
    expect(readInformation('005?00LASTSCHRIFT?20Abo März?21 2026?32VERLAG')).toMatchObject({
      reference: null,
      remittance: 'Abo März 2026',
      counterpartyName: 'VERLAG',
    });
    expect(readInformation('?20EREF+NOTPROVIDED')).toMatchObject({ reference: null });
  });

  it('reads the slash keyword style', () => {
    expect(
      readInformation(
        '/TRTP/SEPA OVERBOEKING/IBAN/NL91ABNA0417164300/BIC/ABNANL2A/NAME/Acme BV/REMI/USTD//Invoice 42/EREF/E-1',
      ),
    ).toEqual({
      reference: 'E-1',
      remittance: 'Invoice 42',
      counterpartyName: 'Acme BV',
      counterpartyAccount: 'NL91ABNA0417164300',
    });
  });

  it('takes a creditor reference from /REMI/STRD/', () => {
    expect(readInformation('/TRTP/iDEAL/REMI/STRD/CUR/RF18539007547034/NAME/Shop')).toMatchObject({
      reference: 'RF18539007547034',
      remittance: null,
      counterpartyName: 'Shop',
    });
  });

  it('joins free text lines with a space', () => {
    expect(readInformation('Kontofuehrung\nMaerz')).toEqual({
      reference: null,
      remittance: 'Kontofuehrung Maerz',
      counterpartyName: null,
      counterpartyAccount: null,
    });
  });
});
