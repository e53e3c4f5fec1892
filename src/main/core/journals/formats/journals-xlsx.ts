/**
 * The journals as an XLSX workbook, written by the app's XLSX writer (export/xlsx.ts): one sheet
 * "Journals" with the generic columns Journal, Date, Account, Description, Reference, Currency,
 * Debit, Credit (one row per line, a journal's lines sharing its Journal value). Dates are date
 * cells, Debit and Credit numbers in the currency's format with its decimal places (exactly, or as
 * text with a note in the writer's Notes column, which ends every sheet and is otherwise empty), text
 * cells never a formula (the writer neutralises them). Every ZIP entry is
 * stamped with the as-of date, so the same sign-off is the same bytes when exported again.
 */
import type { ExportColumn, ExportTable } from '../../export/columns';
import { writeXlsx } from '../../export/xlsx';
import { absoluteAmount, isDebit, linesOf } from '../journal-amounts';
import type { Journal, JournalLine } from '../types';
import { GENERIC_COLUMNS } from './generic-csv';

interface XlsxLine {
  journal: Journal;
  line: JournalLine;
}

const amountIf =
  (debit: boolean) =>
  ({ journal, line }: XlsxLine): string | null =>
    isDebit(line) === debit ? absoluteAmount(line.amount, journal.currency) : null;

const currencyOf = ({ journal }: XlsxLine): string => journal.currency;

const COLUMNS: readonly ExportColumn<XlsxLine>[] = [
  { key: 'journal', header: 'Journal', kind: 'reference', value: (row) => row.journal.id, width: 36 },
  { key: 'date', header: 'Date', kind: 'date', value: (row) => row.journal.date },
  { key: 'account', header: 'Account', kind: 'reference', value: (row) => row.line.account },
  {
    key: 'description',
    header: 'Description',
    kind: 'text',
    value: (row) => row.line.description,
    width: 60,
  },
  { key: 'reference', header: 'Reference', kind: 'reference', value: (row) => row.line.reference, width: 24 },
  { key: 'currency', header: 'Currency', kind: 'text', value: currencyOf },
  { key: 'debit', header: 'Debit', kind: 'amount', value: amountIf(true), currency: currencyOf },
  { key: 'credit', header: 'Credit', kind: 'amount', value: amountIf(false), currency: currencyOf },
];

if (COLUMNS.map((column) => column.header).join() !== GENERIC_COLUMNS.join())
  throw new Error('The journals XLSX must have the generic journal columns.');

export function journalsTable(journals: readonly Journal[]): ExportTable<XlsxLine> {
  const rows = journals.flatMap((journal) => linesOf(journal).map((line) => ({ journal, line })));
  return { title: 'Journals', columns: COLUMNS, rows, totalRows: rows.length };
}

/** Local noon of the as-of date: a ZIP time is local wall-clock time, so this reads the same in any zone. */
function stampOf(journals: readonly Journal[]): Date | undefined {
  const date = journals[0]?.date;
  if (date === undefined) return undefined;
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year!, month! - 1, day!, 12);
}

/** Writes the workbook to `path` (the caller's partial file); resolves with the rows written. */
export async function writeJournalsXlsx(journals: readonly Journal[], path: string): Promise<number> {
  const { rows } = await writeXlsx([journalsTable(journals)], path, { modifiedAt: stampOf(journals) });
  return rows;
}
