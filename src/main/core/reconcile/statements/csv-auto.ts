/**
 * A CSV statement imported without a profile: the title row is found among the first records (banks
 * often write the account and the period above it), its titles are recognised (csv-titles.ts), and
 * the profile they make is read by the same import code as a saved profile. The result says which
 * mapping was used, or, when there is none, why and how to save a profile.
 */
import type { StatementImport, StatementProblem } from '../../../../shared/domain/statements';
import { CSV_DELIMITERS, readCsv, type CsvDelimiter, type CsvRecord } from './csv';
import { frameRecords } from './csv-detect';
import { importCsv } from './csv-import';
import { detectCsvMapping, looksLikeTitles } from './csv-titles';
import { lastLineNumber } from './text-lines';

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

function refused(problems: StatementProblem[]): StatementImport {
  const errors = [...problems].sort((a, b) => a.line - b.line);
  return { format: 'csv', account: null, lines: [], errors, opening: null, closing: null };
}

/** Read a CSV statement (decoded text) by its column titles; `currency` is the account's, if given. */
export function importCsvByTitles(text: string, options: { currency?: string }): StatementImport {
  const search = findTitleRow(text, looksLikeTitles);
  if (search.row === null) {
    return refused([{ line: 1, field: null, problem: 'The file is empty: export the statement again.' }]);
  }
  const { delimiter } = search.row;
  const headerLines = search.row.titles.line;
  const { records, problems } = readCsv(text, delimiter);
  const lastLine = lastLineNumber(text);
  const frame = frameRecords(records, headerLines, 0, lastLine);
  const detected = detectCsvMapping(frame.titles ?? search.row.titles, frame.data, {
    delimiter,
    headerLines,
    lastLine,
    currency: options.currency,
  });
  if (!detected.ok) {
    return refused([
      ...problems,
      {
        line: detected.line,
        field: 'profile',
        problem: `The columns cannot be read by their titles alone. ${detected.reason}${howToGoOn(detected)}`,
      },
    ]);
  }
  return { ...importCsv(text, detected.profile), mapping: detected.description };
}
