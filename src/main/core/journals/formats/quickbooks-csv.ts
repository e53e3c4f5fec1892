/**
 * QuickBooks Online journal entries import (Settings → Import data → Journal entries). Intuit's help
 * article "Import journal entries" (read in its en-AU edition: https://quickbooks.intuit.com/
 * learn-support/en-au/help-article/import-export-files/import-journal-entries-quickbooks-online/
 * L4tQBwbs7_AU_en_AU) asks for the columns Journal No., Journal Date, Account Name, Description,
 * Debits, Credits, plus Name (a customer or supplier, needed only on A/R and A/P lines); account
 * names as in the chart of accounts (account numbers turned off), "Parent:Sub" for a sub-account.
 * The import maps columns by title. Date MM/DD/YYYY, as the US sample template and the US company
 * date format have it (a company set to another date format maps it on import). Debits and Credits
 * positive, "." decimals, no thousands separator, one of the two filled per line. Rows sharing a
 * Journal No. are one journal entry and must balance: one Journal No. per FloatDesk journal (every
 * journal balances, entry by entry). QBO keeps at most 21 characters of a journal number
 * (DocNumber), so the number is a short form of the journal's id, stable for a sign-off, and the full
 * id is added to each line's description. No BOM (the first title must read "Journal No." exactly);
 * CRLF, RFC 4180 quoting, formula guard, as every FloatDesk CSV.
 */
import { textField } from '../../export/csv-cells';
import { EOL } from '../../export/csv-dialect';
import { isDebit, linesOf } from '../journal-amounts';
import { describedWithReference } from './line-text';
import type { Journal, JournalKind } from '../types';
import { amountCell } from './generic-csv';
import { monthDayYear } from './us-date';

export const QUICKBOOKS_COLUMNS = [
  'Journal No.',
  'Journal Date',
  'Account Name',
  'Debits',
  'Credits',
  'Description',
  'Name',
] as const;

/** QBO's DocNumber length. */
export const QUICKBOOKS_MAX_JOURNAL_NO = 21;

const KIND_CODE: Readonly<Record<JournalKind, string>> = {
  top_ups: 'TU',
  refunds: 'RF',
  derived_spend: 'SP',
  resolutions: 'RS',
};

const SEPARATOR = ',';

/** "S12-261130-TU-GBP" (sign-off 12, as of 2026-11-30, top-ups in GBP); "DRAFT-…" before a sign-off. */
export function quickbooksJournalNo(journal: Journal): string {
  const origin = journal.signOffId === null ? 'DRAFT' : `S${journal.signOffId}`;
  const compactDate = journal.date.slice(2).replaceAll('-', '');
  const number = `${origin}-${compactDate}-${KIND_CODE[journal.kind]}-${journal.currency}`;
  if (number.length > QUICKBOOKS_MAX_JOURNAL_NO)
    throw new Error(
      `QuickBooks journal number ${number} is longer than ${QUICKBOOKS_MAX_JOURNAL_NO} characters.`,
    );
  return number;
}

export function quickbooksCsv(journals: readonly Journal[]): string {
  const text = (value: string): string => textField(value, SEPARATOR);
  let out = QUICKBOOKS_COLUMNS.join(SEPARATOR) + EOL;
  for (const journal of journals) {
    const number = quickbooksJournalNo(journal);
    for (const line of linesOf(journal)) {
      const amount = amountCell(line.amount, journal.currency);
      const debit = isDebit(line);
      const description = describedWithReference(line);
      out +=
        [
          text(number),
          monthDayYear(journal.date),
          text(line.account),
          debit ? amount : '',
          debit ? '' : amount,
          text(`${description} [${journal.id}]`),
          '',
        ].join(SEPARATOR) + EOL;
    }
  }
  return out;
}
