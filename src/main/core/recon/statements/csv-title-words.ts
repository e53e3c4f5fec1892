/**
 * What the column titles of bank CSV exports mean, in English, German, French, Dutch and Spanish
 * (titles seen in real exports: Sparkasse, Deutsche Bank, Commerzbank, DKB, ING, Postbank, N26,
 * Société Générale, Crédit Agricole, Crédit Mutuel, Boursorama, Rabobank, ING NL, bunq,
 * Santander, BBVA, CaixaBank, Sabadell, Lloyds, Nationwide, Starling, Monzo, Revolut, Wise,
 * Chase, Capital One). Titles are compared by their key: case, accents, punctuation and spacing
 * do not matter ("Date d'opération" and "DATE D OPERATION" are one title). A title is known only
 * as a whole: "Mandatsreferenz" is not a reference and "Lastschrift Ursprungsbetrag" is no amount.
 */
import { isKnownCurrency } from '../../../../shared/domain/currency';

export type TitleRole =
  | 'date'
  | 'valueDate'
  | 'amount'
  | 'debit'
  | 'credit'
  | 'currency'
  | 'reference'
  | 'text'
  | 'counterpartyName'
  | 'counterpartyAccount'
  | 'bankTransactionId'
  | 'balance'
  /** A column that says whether the (unsigned) amount went out or came in: "Af Bij", "Soll/Haben". */
  | 'direction';

// One language per line, in the order English, German, French, Dutch, Spanish.
// prettier-ignore
const WORDS: Readonly<Record<TitleRole, readonly string[]>> = {
  date: [
    'Date', 'Booking date', 'Posting date', 'Posted date', 'Post date', 'Date posted', 'Transaction date',
    'Trans. date', 'Entry date', 'Book date', 'Completed date',
    'Buchungstag', 'Buchungsdatum', 'Buchung', 'Datum',
    'Date opération', "Date d'opération", "Date de l'opération", 'Date comptable', 'Date op', 'dateOp',
    'Boekdatum', 'Boekingsdatum', 'Transactiedatum',
    'Fecha', 'Fecha operación', 'Fecha de operación', 'Fecha de la operación', 'Fecha contable',
    'F. operación', 'F. operativa', 'Fecha movimiento',
  ],
  valueDate: [
    'Value date', 'Val. date', 'Interest date',
    'Valuta', 'Valutadatum', 'Wert', 'Wertstellung', 'Wertstellungsdatum',
    'Date de valeur', 'Date valeur', 'dateVal',
    'Rentedatum',
    'Fecha valor', 'Fecha de valor', 'F. valor',
  ],
  amount: [
    'Amount', 'Transaction amount',
    'Betrag', 'Umsatz',
    'Montant', 'Montant opération', "Montant de l'opération",
    'Bedrag', 'Transactiebedrag',
    'Importe',
  ],
  debit: [
    'Debit', 'Debits', 'Debit amount', 'Paid out', 'Money out', 'Withdrawal', 'Withdrawals', 'Withdrawal amount',
    'Soll', 'Belastung',
    'Montant débit',
    'Af', 'Debet',
    'Cargo', 'Cargos', 'Debe', 'Gasto', 'Gastos',
  ],
  credit: [
    'Credit', 'Credits', 'Credit amount', 'Paid in', 'Money in', 'Deposit', 'Deposits', 'Deposit amount',
    'Haben', 'Gutschrift',
    'Montant crédit',
    'Bij',
    'Abono', 'Abonos', 'Haber', 'Ingreso', 'Ingresos',
  ],
  currency: [
    'Currency', 'Ccy', 'Currency code', 'Währung', 'Waehrung', 'Whg', 'Devise', 'Munt', 'Muntsoort', 'Divisa',
    'Moneda',
  ],
  reference: [
    'Reference', 'Ref', 'Payment reference', 'Customer reference', 'End-to-end reference', 'End-to-end ID',
    'Kundenreferenz', 'Kundenreferenz (End-to-End)', 'Referenz',
    'Référence', 'Référence de paiement',
    'Referentie', 'Betalingskenmerk', 'Kenmerk',
    'Referencia',
  ],
  text: [
    'Description', 'Transaction description', 'Details', 'Transaction details', 'Narrative', 'Memo',
    'Particulars', 'Remittance information', 'Payment details', 'Purpose', 'Payer name', 'Payee name',
    'Verwendungszweck', 'Buchungstext', 'Buchungsdetails', 'Beschreibung', 'Auftraggeber', 'Empfänger',
    'Zahlungspflichtige*r', 'Zahlungsempfänger*in',
    'Libellé', 'Libellé opération', "Libellé de l'opération", "Détail de l'écriture", 'Détail', 'label',
    'Omschrijving', 'Omschrijving-1', 'Omschrijving-2', 'Omschrijving-3', 'Mededelingen', 'Naam / Omschrijving',
    'Concepto', 'Concepto común', 'Concepto propio', 'Descripción', 'Observaciones', 'Movimiento', 'Más datos',
    'Detalle', 'Ordenante', 'Beneficiario',
  ],
  counterpartyName: [
    'Counterparty', 'Counter party', 'Counterparty name', 'Partner name', 'Payee',
    'Auftraggeber/Empfänger', 'Begünstigter/Auftraggeber', 'Begünstigter/Zahlungspflichtiger',
    'Beguenstigter/Zahlungspflichtiger', 'Name Zahlungsbeteiligter',
    'Tiers',
    'Naam tegenpartij', 'Tegenpartij',
    'Beneficiario/Ordenante',
  ],
  counterpartyAccount: [
    'Counterparty account', 'Counterparty IBAN', 'Partner IBAN',
    'Kontonummer/IBAN', 'Gegenkonto',
    'Tegenrekening', 'Tegenrekening IBAN/BBAN',
  ],
  bankTransactionId: ['Transaction ID', 'TransferWise ID'],
  balance: [
    'Balance', 'Running balance', 'Running bal.', 'Balance after', 'Account balance', 'accountbalance',
    'Saldo', 'Kontostand',
    'Solde',
    'Saldo na mutatie', 'Saldo na trn',
    'Saldo disponible', 'Disponible',
  ],
  direction: [
    'Af Bij', 'Debit/Credit', 'Credit/Debit', 'DR/CR', 'CR/DR', 'Credit debit indicator',
    'Soll/Haben', 'S/H',
    'Sens',
    'Debet/Credit',
    'Cargo/Abono',
  ],
};

/** A title's key: lower case, accents and punctuation gone, words separated by one space. */
export function titleKey(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const ROLE_BY_KEY = new Map<string, TitleRole>();
for (const [role, titles] of Object.entries(WORDS) as [TitleRole, readonly string[]][]) {
  for (const title of titles) {
    const key = titleKey(title);
    const known = ROLE_BY_KEY.get(key);
    if (known !== undefined && known !== role)
      throw new Error(`The CSV title "${title}" is listed as ${known} and as ${role}.`);
    ROLE_BY_KEY.set(key, role);
  }
}

const MONEY_ROLES: ReadonlySet<TitleRole> = new Set(['amount', 'debit', 'credit', 'balance']);
const CURRENCY_SIGNS: Readonly<Record<string, string>> = { '€': ' EUR ', '£': ' GBP ' };

export interface TitleMeaning {
  role: TitleRole;
  /** The currency a money title names: "Betrag (€)", "Amount (GBP)", "Débit euros". */
  currency?: string;
}

/** What a title means, or undefined when it is not a title FloatDesk knows. */
export function meaningOfTitle(title: string): TitleMeaning | undefined {
  const key = titleKey(title.replace(/[€£]/g, (sign) => CURRENCY_SIGNS[sign] ?? sign));
  const role = ROLE_BY_KEY.get(key);
  if (role !== undefined) return { role };
  // A money title followed by its currency, perhaps after "in"/"en": "amount gbp", "montant en euros".
  const words = key.split(' ');
  const last = words.pop() ?? '';
  const currency = /^euros?$/.test(last) ? 'EUR' : last.length === 3 ? last.toUpperCase() : '';
  if (currency === '' || !isKnownCurrency(currency)) return undefined;
  if (words[words.length - 1] === 'in' || words[words.length - 1] === 'en') words.pop();
  const moneyRole = ROLE_BY_KEY.get(words.join(' '));
  return moneyRole !== undefined && MONEY_ROLES.has(moneyRole) ? { role: moneyRole, currency } : undefined;
}
