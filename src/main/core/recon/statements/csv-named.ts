/**
 * A CSV profile from the column titles a person names (`floatdesk reconcile profile save`): the
 * title row is the first record holding every named title, the rows must read one way with the
 * profile (csv-settle.ts), and then every row must import with it: the first that does not is
 * named with its line. A currency column the titles name is used; the person gives the rest. A
 * file whose amounts' direction is in a column of its own ("Af Bij") is refused: a profile would
 * read every amount as money in.
 */
import type { DecimalSeparator } from './amount';
import { readCsv } from './csv';
import { findTitleRow } from './csv-auto';
import { frameRecords, normaliseTitle } from './csv-detect';
import { importCsv } from './csv-import';
import type { CsvProfile } from './csv-profile';
import { describeCsvProfile } from './csv-profile-words';
import { settleCsvProfile, type ColumnChoice, type UndecidedSetting } from './csv-settle';
import { meaningOfTitle, titleKey } from './csv-title-words';
import { listTitles, looksLikeTitles, quoteTitle } from './csv-titles';
import { lastLineNumber } from './text-lines';

export interface NamedColumns {
  date: string;
  amount?: string;
  debit?: string;
  credit?: string;
  reference?: string;
  /** Joined with a space, in this order. */
  text?: string[];
  balance?: string;
}

export interface NamedOptions {
  currency?: string;
  dateFormat?: string;
  decimalSeparator?: DecimalSeparator;
}

export type NamedProfile =
  | { ok: true; profile: CsvProfile; description: string }
  | { ok: false; reason: string; setting?: UndecidedSetting };

/** The cell a named title means: the same title (case and spacing aside), else the one with its key. */
function findTitle(cells: readonly string[], title: string): number | undefined {
  const exact = cells.findIndex((cell) => normaliseTitle(cell) === normaliseTitle(title));
  if (exact >= 0) return exact;
  const key = titleKey(title);
  const loose = cells.flatMap((cell, index) => (key !== '' && titleKey(cell) === key ? [index] : []));
  return loose.length === 1 ? loose[0] : undefined;
}

export function profileFromNamedTitles(
  text: string,
  named: NamedColumns,
  options: NamedOptions,
): NamedProfile {
  const wanted = [
    named.date,
    named.amount,
    named.debit,
    named.credit,
    named.reference,
    ...(named.text ?? []),
    named.balance,
  ].filter((title): title is string => title !== undefined);
  const search = findTitleRow(text, (cells) =>
    wanted.every((title) => findTitle(cells, title) !== undefined),
  );
  if (!search.found) {
    const shown = findTitleRow(text, looksLikeTitles).row ?? search.row;
    if (shown === null) return { ok: false, reason: 'The file is empty.' };
    const missing = wanted.filter((title) => findTitle(shown.titles.fields, title) === undefined);
    return {
      ok: false,
      reason: `The file has no column titled ${listTitles(missing)}. Its titles (line ${shown.titles.line}) are ${listTitles(shown.titles.fields.filter((t) => t.trim() !== ''))}.`,
    };
  }
  const { delimiter } = search.row;
  const headerLines = search.row.titles.line;
  const { records } = readCsv(text, delimiter);
  const lastLine = lastLineNumber(text);
  const frame = frameRecords(records, headerLines, 0, lastLine);
  const titles = frame.titles ?? search.row.titles;
  const at = (title: string | undefined): number | undefined =>
    title === undefined ? undefined : findTitle(titles.fields, title);
  const columns: ColumnChoice = {
    date: at(named.date)!,
    amount: at(named.amount),
    debit: at(named.debit),
    credit: at(named.credit),
    reference: at(named.reference),
    text: named.text?.map((title) => at(title)!),
    balance: at(named.balance),
  };
  const used = [
    columns.date,
    columns.amount,
    columns.debit,
    columns.credit,
    columns.reference,
    columns.balance,
  ]
    .concat(columns.text ?? [])
    .filter((index): index is number => index !== undefined);
  const twice = used.find((index, position) => used.indexOf(index) !== position);
  if (twice !== undefined) {
    return {
      ok: false,
      reason: `The column ${quoteTitle(titles.fields[twice] ?? '')} is named for two parts.`,
    };
  }
  const direction = titles.fields.find((title) => meaningOfTitle(title)?.role === 'direction');
  if (direction !== undefined) {
    return {
      ok: false,
      reason: `The column ${quoteTitle(direction)} says whether each amount went out or came in, which a column profile cannot read: export the statement as camt.053 or MT940 instead.`,
    };
  }
  const currencyColumns = titles.fields.flatMap((title, index) =>
    meaningOfTitle(title)?.role === 'currency' && !used.includes(index) ? [index] : [],
  );
  if (currencyColumns.length > 0) columns.currency = currencyColumns;
  const settled = settleCsvProfile(titles, frame.data, columns, {
    delimiter,
    headerLines,
    lastLine,
    ...options,
  });
  if (!settled.ok) return settled;
  const check = importCsv(text, settled.profile);
  const first = check.errors[0];
  if (first !== undefined) {
    return {
      ok: false,
      reason: `Line ${first.line} does not read with these columns${first.field ? ` (${first.field})` : ''}: ${first.problem}`,
    };
  }
  return { ok: true, profile: settled.profile, description: describeCsvProfile(settled.profile) };
}
