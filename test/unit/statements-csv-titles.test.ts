/**
 * CSV statements read by their column titles, without a saved profile: bank exports in English,
 * German, French, Dutch and Spanish (semicolon and comma files, signed amounts and debit/credit
 * columns), and the files that must be refused, with the reason naming the titles or the row.
 */
import { describe, expect, it } from 'vitest';
import { importStatement } from '../../src/main/core/recon/statements';
import { readCsv, type CsvDelimiter, type CsvRecord } from '../../src/main/core/recon/statements/csv';
import { detectCsvMapping } from '../../src/main/core/recon/statements/csv-titles';
import { statementFixture } from '../helpers/statement-fixtures';

const csv = (...rows: string[]): string => `${rows.join('\r\n')}\r\n`;

/** Import through the real entry point, as recon:import does without a profile. */
function read(text: string, currency?: string) {
  const result = importStatement(Buffer.from(text, 'utf8'), { format: 'auto', currency });
  const lines = result.lines.map((l) => [l.bookingDate, l.amount, l.currency, l.reference, l.remittance]);
  return { ...result, rows: lines };
}

/** The detector on its own: title cells and data rows already split. */
function detect(text: string, delimiter: CsvDelimiter, currency?: string) {
  const [titles, ...rows] = readCsv(text, delimiter).records;
  return detectCsvMapping(titles!, rows, { delimiter, headerLines: titles!.line, lastLine: 99, currency });
}

describe('English exports', () => {
  it('reads Date;Description;Reference;Debit;Credit;Balance given the account currency, and says how', () => {
    const text = csv(
      'Date;Description;Reference;Debit;Credit;Balance',
      '02/10/2026;Float top-up;RF18539007547034;2.500,00;;7.500,00',
      '05/10/2026;Refund;;;120,50;7.620,50',
      '14/10/2026;Bank fee;;3,00;;7.617,50',
    );
    const result = read(text, 'EUR');
    expect(result.errors).toEqual([]);
    expect(result.rows).toEqual([
      ['2026-10-02', '-2500.00', 'EUR', 'RF18539007547034', 'Float top-up'],
      ['2026-10-05', '120.50', 'EUR', null, 'Refund'],
      ['2026-10-14', '-3.00', 'EUR', null, 'Bank fee'],
    ]);
    expect(result.mapping).toBe(
      'booking date "Date", money out "Debit", money in "Credit", currency EUR, reference "Reference", text "Description", balance "Balance" (not stored), dates DD/MM/YYYY, amounts written -1.234,56, delimiter ";"',
    );
    const mapping = detect(text, ';', 'EUR');
    expect(mapping.ok && mapping.profile).toEqual({
      delimiter: ';',
      decimalSeparator: ',',
      thousandsSeparator: '.',
      dateFormat: 'DD/MM/YYYY',
      headerLines: 1,
      footerLines: 0,
      signConvention: 'negative-is-outgoing',
      currency: 'EUR',
      columns: {
        date: 'Date',
        debit: 'Debit',
        credit: 'Credit',
        reference: 'Reference',
        remittance: 'Description',
        balance: 'Balance',
      },
    });
  });

  it('refuses that file without a currency, saying how to give one', () => {
    const result = read(csv('Date;Description;Reference;Debit;Credit;Balance', '02/10/2026;x;;1,00;;5,00'));
    expect(result.lines).toEqual([]);
    expect(result.errors).toEqual([
      {
        line: 1,
        field: 'profile',
        problem: expect.stringMatching(
          /does not say its currency.*--currency EUR.*floatdesk reconcile profile save/,
        ),
      },
    ]);
  });

  it('reads a comma file exactly as the saved profile of the Lloyds fixture does', () => {
    const lloyds = statementFixture('uk-lloyds.csv');
    const result = importStatement(lloyds.bytes, { format: 'auto', currency: 'GBP' });
    expect(result.errors).toEqual([]);
    expect(result.lines).toEqual(lloyds.expected.lines);
    expect(result.mapping).toContain('not read: "Transaction Type", "Sort Code", "Account Number"');
    const tab = statementFixture('utf16le-bom-export.csv');
    expect(importStatement(tab.bytes, { format: 'auto' }).lines).toEqual(tab.expected.lines);
  });

  it('takes the currency from a title such as "Amount (GBP)", and Money out / Money in', () => {
    const result = read(
      csv(
        'Date,Counter Party,Reference,Type,Amount (GBP),Balance (GBP)',
        '01/03/2026,Platform Ltd,RF18539007547034,FASTER PAYMENT,-2500.00,7500.00',
        '15/03/2026,Acme,,DEPOSIT,"1,250.00","8,750.00"',
      ),
    );
    expect(result.errors).toEqual([]);
    expect(result.rows.map((r) => r.slice(0, 3))).toEqual([
      ['2026-03-01', '-2500.00', 'GBP'],
      ['2026-03-15', '1250.00', 'GBP'],
    ]);
    expect(result.mapping).toMatch(/^booking date "Date", amount "Amount \(GBP\)".*, currency GBP,/);
    const inOut = read(
      csv('Date,Description,Money out,Money in', '2026-03-01,a,12.00,', '2026-03-02,b,,3.50'),
      'USD',
    );
    expect(inOut.rows.map((r) => r[1])).toEqual(['-12.00', '3.50']);
  });
});

describe('German exports', () => {
  it('reads a Sparkasse CSV-CAMT file: quoted cells, two-digit years, decimal comma', () => {
    const result = read(
      csv(
        '"Auftragskonto";"Buchungstag";"Valutadatum";"Buchungstext";"Verwendungszweck";"Glaeubiger ID";"Mandatsreferenz";"Kundenreferenz (End-to-End)";"Sammlerreferenz";"Lastschrift Ursprungsbetrag";"Auslagenersatz Ruecklastschrift";"Beguenstigter/Zahlungspflichtiger";"Kontonummer/IBAN";"BIC (SWIFT-Code)";"Betrag";"Waehrung";"Info"',
        '"DE89370400440532013000";"02.10.26";"02.10.26";"ONLINE-UEBERWEISUNG";"Aufladung RF18539007547034";"";"";"E2E-0001";"";"";"";"GiftCard Platform GmbH";"DE02120300000000202051";"BYLADEM1001";"-2.500,00";"EUR";"Umsatz gebucht"',
        '"DE89370400440532013000";"05.10.26";"06.10.26";"GUTSCHRIFT";"Rechnung 4711";"";"";"";"";"";"";"Müller KG";"DE44500105175407324931";"INGDDEFFXXX";"1.234,56";"EUR";"Umsatz gebucht"',
      ),
    );
    expect(result.errors).toEqual([]);
    expect(result.rows).toEqual([
      ['2026-10-02', '-2500.00', 'EUR', 'E2E-0001', 'ONLINE-UEBERWEISUNG Aufladung RF18539007547034'],
      ['2026-10-05', '1234.56', 'EUR', null, 'GUTSCHRIFT Rechnung 4711'],
    ]);
    expect(result.lines[0]).toMatchObject({
      valueDate: '2026-10-02',
      counterpartyName: 'GiftCard Platform GmbH',
      counterpartyAccount: 'DE02120300000000202051',
    });
    expect(result.mapping).toContain('dates DD.MM.YY, amounts written -1.234,56, delimiter ";"');
    expect(result.mapping).toContain('not read: "Auftragskonto", "Glaeubiger ID", "Mandatsreferenz"');
  });

  it('reads Soll and Haben, and a currency in the title ("Betrag (€)")', () => {
    const sollHaben = read(
      csv(
        'Buchungstag;Valuta;Auftraggeber/Empfänger;Verwendungszweck;Soll;Haben;Saldo;Währung',
        '01.10.2026;01.10.2026;GiftCard GmbH;RF18539007547034;2.500,00;;7.500,00;EUR',
        '03.10.2026;03.10.2026;Kunde;Zahlung;;99,90;7.599,90;EUR',
      ),
    );
    expect(sollHaben.errors).toEqual([]);
    expect(sollHaben.rows.map((r) => r[1])).toEqual(['-2500.00', '99.90']);
    const dkb = read(
      csv(
        '"Buchungsdatum";"Wertstellung";"Status";"Zahlungspflichtige*r";"Zahlungsempfänger*in";"Verwendungszweck";"Umsatztyp";"IBAN";"Betrag (€)";"Gläubiger-ID";"Mandatsreferenz";"Kundenreferenz"',
        '"02.10.26";"02.10.26";"Gebucht";"Firma";"GiftCard GmbH";"RF18539007547034";"Ausgang";"DE02120300000000202051";"-2.500,00";"";"";""',
      ),
    );
    expect(dkb.errors).toEqual([]);
    expect(dkb.rows).toEqual([
      ['2026-10-02', '-2500.00', 'EUR', null, 'Firma GiftCard GmbH RF18539007547034'],
    ]);
  });

  it('skips the account lines above the titles and a "Kontostand" footer, and says so', () => {
    const fixture = statementFixture('de-bank-1252.csv');
    const result = importStatement(fixture.bytes, { format: 'auto' });
    expect(result.errors).toEqual([]);
    const fields = (l: (typeof result.lines)[number]) => [l.bookingDate, l.valueDate, l.amount, l.remittance];
    expect(result.lines.map(fields)).toEqual(fixture.expected.lines.map(fields));
    expect(result.mapping).toContain(
      'titles on line 4; not read: "Umsatzart", "IBAN"; 1 closing line(s) without a date left out (from line 11, "Kontostand")',
    );
  });
});

describe('French exports', () => {
  it('reads Crédit Agricole: lines above the titles, multi-line labels, "Débit euros" / "Crédit euros"', () => {
    const result = read(
      csv(
        'Téléchargement du 07/05/2026;',
        '',
        'Compte de Dépôt carte n° 04106119371;',
        'Solde au 07/05/2026 917,01 €',
        '',
        'Date;Libellé;Débit euros;Crédit euros;',
        '30/04/2026;"VIREMENT EMIS\nWEB RF18539007547034\n";150,00;;',
        '28/04/2026;"VIREMENT EN VOTRE FAVEUR\nSTEAMULO";;2389,64;',
      ),
    );
    expect(result.errors).toEqual([]);
    expect(result.rows).toEqual([
      ['2026-04-30', '-150.00', 'EUR', null, 'VIREMENT EMIS WEB RF18539007547034'],
      ['2026-04-28', '2389.64', 'EUR', null, 'VIREMENT EN VOTRE FAVEUR STEAMULO'],
    ]);
    expect(result.mapping).toContain('titles on line 6');
  });

  it('reads Société Générale: "Date de l\'opération", "Montant de l\'opération" and "Devise"', () => {
    const result = read(
      csv(
        '="00000000000";01/09/2026;30/09/2026;2;30/09/2026;50.00 EUR',
        '',
        "Date de l'opération;Libellé;Détail de l'écriture;Montant de l'opération;Devise",
        '25/09/2026;VIR EMIS;VIR EMIS VERS GIFTCARD RF18539007547034;-2 500,00;EUR',
        '26/09/2026;VIR RECU;VIR RECU DE: CLIENT;200,00;EUR',
      ),
    );
    expect(result.errors).toEqual([]);
    expect(result.rows.map((r) => r.slice(0, 3))).toEqual([
      ['2026-09-25', '-2500.00', 'EUR'],
      ['2026-09-26', '200.00', 'EUR'],
    ]);
  });
});

describe('Dutch exports', () => {
  it('reads Rabobank: comma file with quoted decimal commas, three description columns joined', () => {
    const result = read(
      csv(
        '"IBAN/BBAN","Munt","BIC","Volgnr","Datum","Rentedatum","Bedrag","Saldo na trn","Tegenrekening IBAN/BBAN","Naam tegenpartij","Naam uiteindelijke partij","Naam initiërende partij","BIC tegenpartij","Code","Batch ID","Transactiereferentie","Machtigingskenmerk","Incassant ID","Betalingskenmerk","Omschrijving-1","Omschrijving-2","Omschrijving-3","Reden retour","Oorspr bedrag","Oorspr munt","Koers"',
        '"NL11RABO0104955555","EUR","RABONL2U","000000000000007213","2026-10-01","2026-10-01","-2.500,00","+7.500,00","NL02ABNA0123456789","GiftCard BV","","","ABNANL2A","cb","","","","","RF18539007547034","Aanvulling float","oktober","","","","",""',
        '"NL11RABO0104955555","EUR","RABONL2U","000000000000007214","2026-10-02","2026-10-02","+10,00","+7.510,00","","Klant","","","","cb","","","","","","Terugbetaling","","","","","",""',
      ),
    );
    expect(result.errors).toEqual([]);
    expect(result.rows).toEqual([
      ['2026-10-01', '-2500.00', 'EUR', 'RF18539007547034', 'Aanvulling float oktober'],
      ['2026-10-02', '10.00', 'EUR', null, 'Terugbetaling'],
    ]);
    expect(result.lines[0]).toMatchObject({ counterpartyName: 'GiftCard BV', valueDate: '2026-10-01' });
    expect(result.mapping).toContain('text "Omschrijving-1" + "Omschrijving-2" + "Omschrijving-3"');
  });

  it('refuses ING\'s "Af Bij" column, whose direction a profile cannot read, naming it', () => {
    const result = read(
      csv(
        '"Datum";"Naam / Omschrijving";"Rekening";"Tegenrekening";"Code";"Af Bij";"Bedrag (EUR)";"Mutatiesoort";"Mededelingen";"Saldo na mutatie";"Tag"',
        '"20261001";"GiftCard BV";"NL01INGB0001234567";"NL02ABNA0123456789";"OV";"Af";"2500,00";"Online bankieren";"RF18539007547034";"7500,00";""',
      ),
    );
    expect(result.lines).toEqual([]);
    expect(result.errors[0]!.problem).toMatch(
      /^The columns cannot be read by their titles alone\. The column "Af Bij" says whether each amount went out or came in.*as camt\.053 or MT940 instead\.$/,
    );
  });
});

describe('Spanish exports', () => {
  it('reads "Fecha Operación;Fecha Valor;Concepto;Importe;Saldo;Divisa"', () => {
    const result = read(
      csv(
        'Fecha Operación;Fecha Valor;Concepto;Importe;Saldo;Divisa',
        '15/10/2026;15/10/2026;TRANSFERENCIA RF18539007547034;-2.500,00;7.500,00;EUR',
        '16/10/2026;17/10/2026;ABONO CLIENTE;1.000,00;8.500,00;EUR',
      ),
    );
    expect(result.errors).toEqual([]);
    expect(result.rows.map((r) => r.slice(0, 3))).toEqual([
      ['2026-10-15', '-2500.00', 'EUR'],
      ['2026-10-16', '1000.00', 'EUR'],
    ]);
    expect(result.lines[1]!.valueDate).toBe('2026-10-17');
  });

  it('reads Cargo and Abono columns, with the currency given', () => {
    const result = read(
      csv(
        'Fecha,Concepto,Cargo,Abono,Saldo',
        '13/10/2026,Pago,"2.500,00",,"7.500,00"',
        '14/10/2026,Cobro,,"10,00","7.510,00"',
      ),
      'EUR',
    );
    expect(result.errors).toEqual([]);
    expect(result.rows.map((r) => r[1])).toEqual(['-2500.00', '10.00']);
  });
});

describe('what is refused', () => {
  it('dates that read as DD/MM and as MM/DD alike, until a day above 12 decides', () => {
    const text = csv('Date,Description,Amount', '03/04/2026,a,-10.00', '05/04/2026,b,-20.00');
    const refused = read(text, 'GBP');
    expect(refused.lines).toEqual([]);
    expect(refused.errors[0]!.problem).toContain(
      '"03/04/2026" (line 2) reads as 2026-04-03 with DD/MM/YYYY and as 2026-03-04 with MM/DD/YYYY',
    );
    expect(read(`${text}13/04/2026,c,-5.00\r\n`, 'GBP').rows.map((r) => r[0])).toEqual([
      '2026-04-03',
      '2026-04-05',
      '2026-04-13',
    ]);
  });

  it('unknown titles, named', () => {
    const result = detect(csv('Wann;Was;Wieviel', '01.10.2026;x;1,00'), ';', 'EUR');
    expect(result).toEqual({
      ok: false,
      line: 1,
      reason:
        'No column title names the booking date or the amount (or money out and money in) (titles not understood: "Wann", "Was", "Wieviel").',
    });
    const half = detect(csv('Datum,Omschrijving,Bedragje', '01-10-2026,x,1.00'), ',', 'EUR');
    expect(half.ok === false && half.reason).toMatch(/names the amount .*not understood: "Bedragje"/);
  });

  it('titles that could each be the same part', () => {
    const twoDates = detect(
      csv('Transaction Date,Posted Date,Amount', '2026-10-01,2026-10-02,1.00'),
      ',',
      'USD',
    );
    expect(twoDates.ok === false && twoDates.reason).toBe(
      '"Transaction Date", "Posted Date" could each be the booking date.',
    );
    const both = detect(csv('Date,Amount,Money Out,Money In', '2026-10-01,-1.00,1.00,'), ',', 'GBP');
    expect(both.ok === false && both.reason).toMatch(
      /both a signed amount column \("Amount"\) and money out\/in columns \("Money Out", "Money In"\)/i,
    );
    const onlyDebit = detect(csv('Datum;Soll;Text', '01.10.2026;1,00;x'), ';', 'EUR');
    expect(onlyDebit.ok === false && onlyDebit.reason).toMatch(
      /money in \(there is a money-out column "Soll"\)/,
    );
  });

  it('amounts that read two ways, and a row split by an unquoted decimal comma', () => {
    const twoWays = detect(csv('Date;Amount', '2026-03-02;1.234', '2026-03-03;-2.500'), ';', 'EUR');
    expect(twoWays).toMatchObject({ ok: false, setting: 'decimalSeparator' });
    const split = detect(csv('Date,Amount,Text', '2026-03-02,-1.50,a', '2026-03-03,2,50,b'), ',', 'EUR');
    expect(split).toEqual({
      ok: false,
      line: 3,
      reason:
        'Line 3 has 4 cells where the titles on line 1 have 3: a value that holds the delimiter must be in quotes.',
    });
  });

  it('a row that is no date before the last dated row (only trailing rows are a footer)', () => {
    const result = detect(csv('Date;Amount', '2026-03-02;1,00', 'Total;1,00', '2026-03-03;2,00'), ';', 'EUR');
    expect(result).toMatchObject({ ok: false, line: 3, reason: 'Line 3: "Total" is not a date.' });
  });

  it('currencies that disagree: two currency columns, a title and a row, a title and the given one', () => {
    const ing = csv('Buchung;Saldo;Währung;Betrag;Währung', '01.10.2026;5,00;EUR;-1,00;EUR');
    expect(detect(ing, ';').ok).toBe(true);
    const mixed = detect(csv('Buchung;Saldo;Währung;Betrag;Währung', '01.10.2026;5,00;EUR;-1,00;USD'), ';');
    expect(mixed).toMatchObject({ ok: false, line: 2, reason: 'Line 2 names two currencies, EUR and USD.' });
    const titled = detect(csv('Date,Amount (EUR),Currency', '2026-10-01,1.00,GBP'), ',');
    expect(titled).toMatchObject({
      ok: false,
      reason: 'Line 2 is in GBP, but the titles say the amounts are in EUR.',
    });
    expect(detect(csv('Date,Amount (EUR)', '2026-10-01,1.00'), ',', 'GBP')).toMatchObject({
      ok: false,
      reason: 'The title "Amount (EUR)" says the amounts are in EUR, not GBP.',
    });
  });
});

describe('the detector itself', () => {
  it('takes any iterable of rows, read once', () => {
    const [titles, ...rows] = readCsv(
      csv('Date;Amount;Currency', '2026-10-01;-1,00;EUR', '2026-10-02;2,00;EUR'),
      ';',
    ).records as CsvRecord[];
    let reads = 0;
    function* once(): Generator<CsvRecord> {
      reads += 1;
      yield* rows;
    }
    const result = detectCsvMapping(titles!, once(), { delimiter: ';', headerLines: 1, lastLine: 3 });
    expect(reads).toBe(1);
    expect(result).toMatchObject({
      ok: true,
      profile: { columns: { date: 'Date', amount: 'Amount', currency: 'Currency' } },
    });
  });

  it('names a column by its position when its title repeats', () => {
    const result = detect(csv('Datum;Betrag;Währung;Saldo;Währung', '01.10.2026;-1,00;EUR;5,00;EUR'), ';');
    expect(result.ok && result.profile.columns).toEqual({
      date: 'Datum',
      amount: 'Betrag',
      currency: 3,
      balance: 'Saldo',
    });
  });

  // A scan that grew with the square of the columns would not end within the test's time limit.
  it('answers a 200,000-column title row, naming a bounded number of titles', { timeout: 30_000 }, () => {
    const wide = detect(
      csv(Array.from({ length: 200_000 }, (_, i) => `Col${i}`).join(';'), '1;2'),
      ';',
      'EUR',
    );
    const dates = detect(csv(Array(200_000).fill('Date').join(';'), '1;2'), ';', 'EUR');
    expect(wide.ok === false && wide.reason).toMatch(/"Col0", .* "Col11" and 199988 more\)\.$/);
    expect(dates.ok === false && dates.reason.length).toBeLessThan(400);
  });
});
