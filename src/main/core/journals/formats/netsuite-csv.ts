/**
 * NetSuite journal entry CSV import (Setup → Import/Export → Import CSV Records, Transactions →
 * Journal Entry, with "multiple journal entries" grouped by External ID). Oracle's help topics
 * "Journal Entry and Intercompany Journal Entry Header Fields Table"
 * (https://docs.oracle.com/en/cloud/saas/netsuite/ns-online-help/section_1534492479.html) and
 * "... Line-Level Fields Table" (https://docs.oracle.com/en/cloud/saas/netsuite/ns-online-help/
 * section_1534492737.html): header fields External ID, Date, Currency, Memo; line fields Account
 * (the account's name, or its number when Use Account Numbers is on), Debit, Credit (a number of at
 * most 10 digits before the point and 2 after), Memo, Department, Class, Location. Every entry has at
 * least two lines and balances. Rows sharing an External ID are one journal entry: one per FloatDesk
 * journal (its id, stable for a sign-off, so a second import of the same file is refused as a
 * duplicate, not posted twice). The Import Assistant maps columns by title; the line memo is titled
 * "Line Memo" so it is told apart from the header's. Date MM/DD/YYYY (NetSuite reads the importing
 * user's date preference; MM/DD/YYYY is the US default); amounts positive, "." decimals, no thousands
 * separator. Department, Class and Location come from the mapping's tracking values of those names.
 * No BOM; CRLF, RFC 4180 quoting, formula guard.
 */
import { textField } from '../../export/csv-cells';
import { EOL } from '../../export/csv-dialect';
import { AppError } from '../../../../shared/ipc/errors';
import { isDebit, linesOf } from '../journal-amounts';
import { describedWithReference } from './line-text';
import type { Journal, JournalLine } from '../types';
import { amountCell } from './generic-csv';
import { monthDayYear } from './us-date';

export const NETSUITE_COLUMNS = [
  'External ID',
  'Date',
  'Currency',
  'Memo',
  'Account',
  'Debit',
  'Credit',
  'Line Memo',
  'Department',
  'Class',
  'Location',
] as const;

const SEGMENTS = ['Department', 'Class', 'Location'] as const;

/** At most 10 digits before the point and 2 after, as NetSuite's Debit and Credit fields take. */
const NETSUITE_AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;

const SEPARATOR = ',';

function segment(line: JournalLine, name: (typeof SEGMENTS)[number]): string {
  return line.tracking.find((value) => value.name.toLowerCase() === name.toLowerCase())?.option ?? '';
}

function netsuiteAmount(journal: Journal, line: JournalLine): string {
  const amount = amountCell(line.amount, journal.currency);
  if (!NETSUITE_AMOUNT.test(amount))
    throw new AppError(
      'invalid_input',
      `NetSuite takes amounts of at most 10 digits and 2 decimal places, and journal ${journal.id} has ${amount} ${journal.currency} on account ${line.account}: export this period as the generic CSV instead.`,
      { reason: 'netsuite_amount_unsupported', journal: journal.id, amount },
    );
  return amount;
}

export function netsuiteCsv(journals: readonly Journal[]): string {
  const text = (value: string): string => textField(value, SEPARATOR);
  let out = NETSUITE_COLUMNS.join(SEPARATOR) + EOL;
  for (const journal of journals) {
    for (const line of linesOf(journal)) {
      const amount = netsuiteAmount(journal, line);
      const debit = isDebit(line);
      const memo = describedWithReference(line);
      out +=
        [
          text(journal.id),
          monthDayYear(journal.date),
          journal.currency,
          text(journal.narration),
          text(line.account),
          debit ? amount : '',
          debit ? '' : amount,
          text(memo),
          ...SEGMENTS.map((name) => text(segment(line, name))),
        ].join(SEPARATOR) + EOL;
    }
  }
  return out;
}
