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
 * Sage takes files of at most 0.5 MB: a larger export is split into numbered files between whole
 * entries, and a journal cut in pieces gets one Reference per piece ("…-TOP-UPS-GBP-2").
 */
import { AppError } from '../../../../shared/ipc/errors';
import { textField } from '../../export/csv-cells';
import { EOL } from '../../export/csv-dialect';
import { isDebit } from '../journal-amounts';
import { describedWithReference } from './line-text';
import type { Journal, JournalEntry, JournalLine } from '../types';
import { lineCount, splitJournals, type JournalPiece } from './journal-split';
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

/** Sage's largest import file (0.5 MB). */
export const SAGE_MAX_BYTES = 500_000;
/** Room kept on every row for a piece's "-N" after its Reference. */
const ROW_MARGIN = 8;

export interface SageFile {
  number: number;
  of: number;
  lines: number;
  text: string;
}

function row(reference: string, line: JournalLine, journal: Journal, head: string | null): string {
  const text = (value: string): string => textField(value, SEPARATOR);
  const amount = amountCell(line.amount, journal.currency);
  const debit = isDebit(line);
  return (
    [
      text(reference),
      head === null ? '' : monthDayYear(journal.date),
      head === null ? '' : text(head),
      text(line.account),
      text(describedWithReference(line)),
      debit ? amount : '',
      debit ? '' : amount,
    ].join(SEPARATOR) + EOL
  );
}

const HEADER = SAGE_COLUMNS.join(SEPARATOR) + EOL;

function pieceRows(piece: JournalPiece): string {
  const { journal } = piece;
  const reference = piece.parts === 1 ? journal.id : `${journal.id}-${piece.part}`;
  let out = '';
  piece.entries.forEach((entry, entryIndex) =>
    entry.lines.forEach((line, index) => {
      const first = entryIndex === 0 && index === 0;
      out += row(reference, line, journal, first ? journal.narration : null);
    }),
  );
  return out;
}

/**
 * The most bytes an entry's rows take wherever it lands: its rows, a piece's "-N" on each, and the
 * date and description a piece's first row carries (counted once per entry: a piece starts with one).
 */
function entryBytes(entry: JournalEntry, journal: Journal): number {
  const head = Buffer.byteLength(monthDayYear(journal.date) + textField(journal.narration, SEPARATOR));
  return entry.lines.reduce(
    (n, line) => n + Buffer.byteLength(row(journal.id, line, journal, null)) + ROW_MARGIN,
    head,
  );
}

/** The journals as Sage import files, each balanced and at most `maxBytes` bytes. */
export function sageCsvFiles(journals: readonly Journal[], maxBytes = SAGE_MAX_BYTES): SageFile[] {
  const files = splitJournals(journals, {
    limit: maxBytes - Buffer.byteLength(HEADER),
    cost: entryBytes,
    tooLarge: (journal, bytes) =>
      new AppError(
        'invalid_input',
        `One entry of journal ${journal.id} takes ${bytes} bytes, more than the ${maxBytes} a Sage import file holds, so it cannot be split and still balance. Export this period as the generic CSV instead.`,
        { reason: 'sage_entry_too_large', journal: journal.id, bytes },
      ),
  });
  return files.map((pieces, index) => ({
    number: index + 1,
    of: files.length,
    lines: pieces.reduce((n, piece) => n + lineCount(piece.entries), 0),
    text: HEADER + pieces.map(pieceRows).join(''),
  }));
}
