/**
 * Sage Accounting (Sage Business Cloud Accounting, Canada) journal import: Adjustments → Journals →
 * Import Journals. Sage's article "How to import journal entries"
 * (https://help.sbc.sage.com/en-ca/accounting/importing/import-journals.html, also
 * https://ca-kb.sage.com/portal/app/portlets/results/viewsolution.jsp?solutionid=240304191549557)
 * names the columns A Reference (text, compulsory, ≤ 75 characters), B Date (compulsory, month/day/
 * year, e.g. 01/01/2022), C Description (≤ 200), D Ledger Account Number (compulsory, the number
 * only, not the name), E Details (≤ 200), F-I analysis types and tax, J Debit, K Credit. Headings
 * must read exactly as the template's; columns may be reordered and unused ones left out at the end,
 * so only the columns FloatDesk fills are written. A new journal starts where Reference changes
 * from the row before; Reference, Date and Description are filled once, on a journal's first row;
 * each journal's debits and credits balance. Amounts positive, "." decimals, no thousands
 * separator. No BOM (the first heading must read "Reference"); CRLF, RFC 4180, formula guard.
 */
import { textField } from '../../export/csv-cells';
import { EOL } from '../../export/csv-dialect';
import { isDebit, linesOf } from '../journal-amounts';
import { describedWithReference } from './line-text';
import type { Journal } from '../types';
import { amountCell } from './generic-csv';
import { monthDayYear } from './us-date';

export const SAGE_COLUMNS = [
  'Reference',
  'Date',
  'Description',
  'Ledger Account Number',
  'Details',
  'Debit',
  'Credit',
] as const;

const SEPARATOR = ',';

export function sageCsv(journals: readonly Journal[]): string {
  const text = (value: string): string => textField(value, SEPARATOR);
  let out = SAGE_COLUMNS.join(SEPARATOR) + EOL;
  for (const journal of journals) {
    linesOf(journal).forEach((line, index) => {
      const first = index === 0;
      const amount = amountCell(line.amount, journal.currency);
      const debit = isDebit(line);
      const details = describedWithReference(line);
      out +=
        [
          text(journal.id),
          first ? monthDayYear(journal.date) : '',
          first ? text(journal.narration) : '',
          text(line.account),
          text(details),
          debit ? amount : '',
          debit ? '' : amount,
        ].join(SEPARATOR) + EOL;
    });
  }
  return out;
}
