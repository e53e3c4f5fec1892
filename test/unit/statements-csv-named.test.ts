/**
 * What a column title means (case, accents and punctuation aside), a profile in words, and a
 * profile made from the titles a person names (`floatdesk reconcile profile save`).
 */
import { describe, expect, it } from 'vitest';
import { importStatement } from '../../src/main/core/recon/statements';
import { profileFromNamedTitles } from '../../src/main/core/recon/statements/csv-named';
import { checkCsvProfile } from '../../src/main/core/recon/statements/csv-profile';
import { describeCsvProfile } from '../../src/main/core/recon/statements/csv-profile-words';
import { meaningOfTitle, titleKey } from '../../src/main/core/recon/statements/csv-title-words';

const csv = (...rows: string[]): string => `${rows.join('\r\n')}\r\n`;
const STATEMENT = csv(
  'Date;Description;Reference;Debit;Credit;Balance',
  '02/10/2026;Float top-up;RF18539007547034;2.500,00;;7.500,00',
  '05/10/2026;Refund;;;120,50;7.620,50',
  '14/10/2026;Bank fee;;3,00;;7.617,50',
);

describe('column titles', () => {
  it('are compared without case, accents, punctuation or extra spaces', () => {
    expect(titleKey("  Date d'Opération ")).toBe('date d operation');
    expect(titleKey('Begünstigter / Auftraggeber')).toBe(titleKey('BEGUNSTIGTER/AUFTRAGGEBER'));
    expect(titleKey('Straße')).toBe('strasse');
    expect(meaningOfTitle('LIBELLÉ')).toEqual({ role: 'text' });
    expect(meaningOfTitle('Omschrijving-2')).toEqual({ role: 'text' });
    expect(meaningOfTitle('Saldo na mutatie')).toEqual({ role: 'balance' });
    expect(meaningOfTitle('Auftraggeber/Empfänger')).toEqual({ role: 'counterpartyName' });
    expect(meaningOfTitle('Valuta')).toEqual({ role: 'valueDate' });
    expect(meaningOfTitle('Af Bij')).toEqual({ role: 'direction' });
  });

  it('carry a currency after a money title only', () => {
    expect(meaningOfTitle('Betrag (€)')).toEqual({ role: 'amount', currency: 'EUR' });
    expect(meaningOfTitle('Amount (GBP)')).toEqual({ role: 'amount', currency: 'GBP' });
    expect(meaningOfTitle('Débit euros')).toEqual({ role: 'debit', currency: 'EUR' });
    expect(meaningOfTitle('Montant en euros')).toEqual({ role: 'amount', currency: 'EUR' });
    expect(meaningOfTitle('Saldo (£)')).toEqual({ role: 'balance', currency: 'GBP' });
    expect(meaningOfTitle('Amount in USD')).toEqual({ role: 'amount', currency: 'USD' });
    expect(meaningOfTitle('Amount (Foreign Currency)')).toBeUndefined();
    expect(meaningOfTitle('Description EUR')).toBeUndefined();
    expect(meaningOfTitle('Amount XQQ')).toBeUndefined();
  });

  it('are known only as a whole', () => {
    for (const title of [
      'Mandatsreferenz',
      'Lastschrift Ursprungsbetrag',
      'Oorspr bedrag',
      'Value',
      'Name',
      'IBAN',
    ])
      expect(meaningOfTitle(title), title).toBeUndefined();
  });
});

describe('a profile in words', () => {
  it('says every column and setting, including those left to each file', () => {
    const made = checkCsvProfile({
      currency: 'GBP',
      headerLines: 3,
      footerLines: 2,
      signConvention: 'positive-is-outgoing',
      account: 'GB00 1234',
      columns: { date: 2, amount: 'Amount', currency: 'Ccy', remittance: ['Memo', 'Details'] },
    });
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    expect(describeCsvProfile(made.profile)).toBe(
      'booking date column 2, amount "Amount" (positive is money out), currency from "Ccy" (GBP when empty), text "Memo" + "Details", date format found per file, amount separators found per file, delimiter found per file, titles on line 3, last 2 line(s) skipped, account GB00 1234',
    );
  });
});

describe('a profile from named titles', () => {
  it("matches the titles loosely, stores the file's own titles and reads every row", () => {
    const made = profileFromNamedTitles(
      STATEMENT,
      {
        date: 'date',
        debit: 'DEBIT',
        credit: 'credit',
        reference: 'Reference',
        text: ['Description'],
        balance: 'Balance',
      },
      { currency: 'EUR' },
    );
    expect(made).toMatchObject({
      ok: true,
      profile: {
        delimiter: ';',
        dateFormat: 'DD/MM/YYYY',
        decimalSeparator: ',',
        currency: 'EUR',
        columns: {
          date: 'Date',
          debit: 'Debit',
          credit: 'Credit',
          remittance: 'Description',
          balance: 'Balance',
        },
      },
    });
    if (!made.ok) return;
    const imported = importStatement(Buffer.from(STATEMENT), { format: 'csv', profile: made.profile });
    expect(imported.lines.map((l) => l.amount)).toEqual(['-2500.00', '120.50', '-3.00']);
  });

  it('refuses a title the file does not have, naming it and the titles the file has', () => {
    const made = profileFromNamedTitles(STATEMENT, { date: 'Date', amount: 'Betrag' }, { currency: 'EUR' });
    expect(made).toEqual({
      ok: false,
      reason:
        'The file has no column titled "Betrag". Its titles (line 1) are "Date", "Description", "Reference", "Debit", "Credit", "Balance".',
    });
  });

  it('names the first row that does not read, with its line', () => {
    const bad = `${STATEMENT}15/10/2026;Both;;1,00;2,00;7.618,50\r\n16/10/2026;x;;1,00;;7.617,50\r\n`;
    const made = profileFromNamedTitles(
      bad,
      { date: 'Date', debit: 'Debit', credit: 'Credit' },
      { currency: 'EUR' },
    );
    expect(made).toEqual({
      ok: false,
      reason:
        'Line 5 does not read with these columns (credit): Both the debit and the credit column have an amount.',
    });
    const badDate = profileFromNamedTitles(
      `${STATEMENT}31/02/2026;x;;1,00;;1,00\r\n`,
      { date: 'Date', debit: 'Debit', credit: 'Credit' },
      { currency: 'EUR', dateFormat: 'DD/MM/YYYY' },
    );
    expect(badDate).toMatchObject({
      ok: false,
      line: 5,
      reason: expect.stringMatching(/^Line 5: "31\/02\/2026" is not a real calendar date/),
    });
  });

  it('asks for what the rows cannot decide, and takes it when given', () => {
    const text = csv('Date,Amount,Text', '03/04/2026,"1,234",a', '05/04/2026,-2.00,b');
    const named = { date: 'Date', amount: 'Amount' };
    expect(profileFromNamedTitles(text, named, {})).toMatchObject({ ok: false, setting: 'currency' });
    expect(profileFromNamedTitles(text, named, { currency: 'USD' })).toMatchObject({
      ok: false,
      setting: 'dateFormat',
    });
    const given = profileFromNamedTitles(text, named, {
      currency: 'USD',
      dateFormat: 'MM/DD/YYYY',
      decimalSeparator: '.',
    });
    expect(given).toMatchObject({
      ok: true,
      profile: { dateFormat: 'MM/DD/YYYY', decimalSeparator: '.', thousandsSeparator: ',' },
    });
  });

  it('uses a currency column the titles name, and refuses a direction column', () => {
    const text = csv('Buchungstag;Betrag;Währung', '01.10.2026;-1,00;EUR');
    expect(profileFromNamedTitles(text, { date: 'Buchungstag', amount: 'Betrag' }, {})).toMatchObject({
      ok: true,
      profile: { columns: { currency: 'Währung' } },
    });
    const ing = csv('Datum;Af Bij;Bedrag (EUR)', '20261001;Af;2500,00');
    expect(profileFromNamedTitles(ing, { date: 'Datum', amount: 'Bedrag (EUR)' }, {})).toEqual({
      ok: false,
      reason: expect.stringContaining('The column "Af Bij" says whether each amount went out or came in'),
    });
    expect(profileFromNamedTitles(text, { date: 'Buchungstag', amount: 'Buchungstag' }, {})).toEqual({
      ok: false,
      reason: 'The column "Buchungstag" is named for two parts.',
    });
  });
});
