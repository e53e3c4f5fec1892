/**
 * A CSV profile in words, for a person checking how a file will be read: `booking date "Datum"
 * (dates DD.MM.YYYY), amount "Betrag" (amounts written 1.234,56), currency EUR, ...`. One sentence
 * for the import's "which mapping it used", the profile list of the CLI and the UI.
 */
import { formatAmount } from './amount';
import { delimiterName } from './csv';
import type { ColumnRef, CsvProfile } from './csv-profile';

const column = (ref: ColumnRef): string => (typeof ref === 'number' ? `column ${ref}` : `"${ref}"`);

export function describeCsvProfile(profile: CsvProfile): string {
  const { columns } = profile;
  const parts: string[] = [];
  const add = (words: string, ref: ColumnRef | undefined): void => {
    if (ref !== undefined) parts.push(`${words} ${column(ref)}`);
  };
  add('booking date', columns.date);
  add('value date', columns.valueDate);
  if (columns.amount !== undefined) {
    const sign = profile.signConvention === 'positive-is-outgoing' ? 'positive' : 'negative';
    parts.push(`amount ${column(columns.amount)} (${sign} is money out)`);
  }
  add('money out', columns.debit);
  add('money in', columns.credit);
  if (columns.currency !== undefined) {
    parts.push(
      `currency from ${column(columns.currency)}${profile.currency ? ` (${profile.currency} when empty)` : ''}`,
    );
  } else if (profile.currency !== undefined) parts.push(`currency ${profile.currency}`);
  add('reference', columns.reference);
  if (columns.remittance !== undefined) {
    const refs = Array.isArray(columns.remittance) ? columns.remittance : [columns.remittance];
    parts.push(`text ${refs.map(column).join(' + ')}`);
  }
  add('counterparty', columns.counterpartyName);
  add('counterparty account', columns.counterpartyAccount);
  add('bank id', columns.bankTransactionId);
  if (columns.balance !== undefined) parts.push(`balance ${column(columns.balance)} (not stored)`);

  parts.push(profile.dateFormat === 'auto' ? 'date format found per file' : `dates ${profile.dateFormat}`);
  if (profile.decimalSeparator === 'auto' || profile.thousandsSeparator === 'auto') {
    const fixed = profile.decimalSeparator === 'auto' ? '' : ` (decimal "${profile.decimalSeparator}")`;
    parts.push(`amount separators found per file${fixed}`);
  } else {
    const style = {
      decimalSeparator: profile.decimalSeparator,
      thousandsSeparator: profile.thousandsSeparator,
    };
    parts.push(`amounts written ${formatAmount('-1234.56', style)}`);
  }
  parts.push(
    profile.delimiter === 'auto'
      ? 'delimiter found per file'
      : `delimiter ${delimiterName(profile.delimiter)}`,
  );
  if (profile.headerLines === 0) parts.push('no title line');
  else if (profile.headerLines > 1) parts.push(`titles on line ${profile.headerLines}`);
  if (profile.footerLines > 0) parts.push(`last ${profile.footerLines} line(s) skipped`);
  if (profile.account !== undefined) parts.push(`account ${profile.account}`);
  return parts.join(', ');
}
