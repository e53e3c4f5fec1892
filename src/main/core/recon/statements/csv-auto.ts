/**
 * A CSV statement imported without a profile: the title row is found among the first records (banks
 * often write the account and the period above it), its titles are recognised (csv-titles.ts), and
 * the profile they make is read by the same streaming reader as a saved profile. The import says
 * which mapping was used, or, when there is none, why and how to save a profile.
 */
import type { StatementProblem } from '../../../../shared/domain/statements';
import { CSV_DELIMITERS, readCsv, type CsvDelimiter, type CsvRecord } from './csv';
import type { CsvProfile } from './csv-profile';
import { meaningOfTitle } from './csv-title-words';
import type { SettleOptions } from './csv-settle';
import { describeMapping, detectCsvMapping } from './csv-titles';

/** How far down the title row may be: the first 30 records within the first 64 KiB. */
const HEAD_CHARS = 65_536;
const HEAD_RECORDS = 30;

export interface TitleRow {
  delimiter: CsvDelimiter;
  titles: CsvRecord;
}

export type TitleSearch =
  | { found: true; row: TitleRow }
  /** `row`: the first record, split by the delimiter that gives it the most cells (to name its titles). */
  | { found: false; row: TitleRow | null };

/** The first record (among the first 30) that `isTitleRow` accepts, with the delimiter that splits it so. */
export function findTitleRow(text: string, isTitleRow: (cells: readonly string[]) => boolean): TitleSearch {
  const head = text.slice(0, HEAD_CHARS);
  let best: TitleRow | null = null;
  let first: TitleRow | null = null;
  for (const delimiter of CSV_DELIMITERS) {
    const records = readCsv(head, delimiter).records.slice(0, HEAD_RECORDS);
    const hit = records.find((record) => isTitleRow(record.fields));
    if (
      hit !== undefined &&
      (best === null ||
        hit.line < best.titles.line ||
        (hit.line === best.titles.line && hit.fields.length > best.titles.fields.length))
    ) {
      best = { delimiter, titles: hit };
    }
    const top = records[0];
    if (top !== undefined && (first === null || top.fields.length > first.titles.fields.length)) {
      first = { delimiter, titles: top };
    }
  }
  return best === null ? { found: false, row: first } : { found: true, row: best };
}

function howToGoOn(failure: { setting?: string; unreadable?: boolean }): string {
  if (failure.unreadable === true) return '';
  const currency =
    failure.setting === 'currency' ? "Give the account's currency (--currency EUR, say), or save" : 'Save';
  return ` ${currency} a column profile for this bank (floatdesk reconcile profile save, or New CSV profile in the app) and import with it.`;
}

export type TitleMapping =
  | { ok: true; profile: CsvProfile; description: string; dateIndex: number }
  | { ok: false; problems: StatementProblem[] };

/**
 * The profile a CSV's titles make, from its title row and its first data rows (`whole` when they are
 * all the file's rows). Every row given must read one way; the rows after them are read with the
 * profile by the streaming reader. A footer is known only at the end of the file, so the profile has
 * no footer lines: the reader leaves out the undated rows ("Total") that end the file instead.
 */
export function mappingFromTitles(
  titles: CsvRecord | null,
  rows: readonly CsvRecord[],
  whole: boolean,
  options: SettleOptions,
): TitleMapping {
  if (titles === null)
    return {
      ok: false,
      problems: [
        {
          line: 1,
          field: null,
          problem:
            'No row of column titles could be read at the start of the file: it is empty or its first lines are damaged. Export the statement again.',
        },
      ],
    };
  const dateIndex = titles.fields.findIndex((title) => meaningOfTitle(title)?.role === 'date');
  let end = rows.length;
  if (!whole) while (end > 0 && isUndated(rows[end - 1]!.fields[dateIndex])) end -= 1;
  const detected = detectCsvMapping(titles, end === rows.length ? rows : rows.slice(0, end), options);
  if (!detected.ok) {
    return {
      ok: false,
      problems: [
        {
          line: detected.line,
          field: 'profile',
          problem: `The columns cannot be read by their titles alone. ${detected.reason}${howToGoOn(detected)}`,
        },
      ],
    };
  }
  // The reader says how many closing lines it left out, once it has read to the end.
  const profile = { ...detected.profile, footerLines: 0 };
  return { ok: true, profile, description: describeMapping(profile, detected.unread), dateIndex };
}

/** A date cell with words and no digit ("Total", "Kontostand"): a footer line when the file ends with it. */
export function isUndated(cell: string | undefined): boolean {
  const text = (cell ?? '').trim();
  return text !== '' && !/\d/.test(text);
}
