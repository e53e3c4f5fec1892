/**
 * The generic double-entry CSV: `Journal,Date,Account,Description,Reference,Currency,Debit,Credit`,
 * one row per line, a journal's lines sharing its `Journal` value. Spelled as every FloatDesk CSV
 * (UTF-8 BOM, CRLF, RFC 4180 quoting, formula-like text neutralised); dates ISO, amounts exact with
 * the currency's decimal places and a "." mark, both columns positive.
 */
import { amountText, textField } from '../../export/csv-cells';
import { BOM, EOL } from '../../export/csv-dialect';
import { absoluteAmount, isDebit, linesOf } from '../journal-amounts';
import type { Journal } from '../types';

export const GENERIC_COLUMNS = [
  'Journal',
  'Date',
  'Account',
  'Description',
  'Reference',
  'Currency',
  'Debit',
  'Credit',
] as const;

const SEPARATOR = ',';

export function amountCell(amount: string, currency: string): string {
  return amountText(absoluteAmount(amount, currency), currency) ?? '';
}

export function genericCsv(journals: readonly Journal[]): string {
  const text = (value: string): string => textField(value, SEPARATOR);
  let out = BOM + GENERIC_COLUMNS.join(SEPARATOR) + EOL;
  for (const journal of journals) {
    for (const line of linesOf(journal)) {
      const amount = amountCell(line.amount, journal.currency);
      const debit = isDebit(line);
      out +=
        [
          text(journal.id),
          journal.date,
          text(line.account),
          text(line.description),
          text(line.reference),
          journal.currency,
          debit ? amount : '',
          debit ? '' : amount,
        ].join(SEPARATOR) + EOL;
    }
  }
  return out;
}
