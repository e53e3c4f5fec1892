/**
 * Auto-detection of a CSV's delimiter, amount style and date format. A setting is detected only
 * when every data row agrees: a candidate must read every value, and when several candidates do,
 * they must read every value the same way (03/04/2026 fits DD/MM/YYYY and MM/DD/YYYY with
 * different meanings, so it stays undecided unless some row has a day above 12). Otherwise the
 * person must choose the setting in the profile.
 */
import {
  AMOUNT_STYLES,
  parseAmount,
  type AmountStyle,
  type DecimalSeparator,
  type ThousandsSeparator,
} from './amount';
import { CSV_DELIMITERS, delimiterName, readCsv, type CsvDelimiter, type CsvRecord } from './csv';
import { compileDateFormat, DATE_FORMATS, type CompiledDateFormat } from './dates';
import { quoted } from './limits';

export type Detection<T> = { ok: true; value: T } | { ok: false; problem: string };

/** A value from a data row, with the row's line for messages. */
export interface Sample {
  line: number;
  text: string;
}

export interface Frame {
  /** The record holding the column titles (the last header record), if any. */
  titles: CsvRecord | null;
  data: CsvRecord[];
}

const isBlank = (record: CsvRecord): boolean => record.fields.every((field) => field.trim() === '');

/** Header lines are the first `headerLines` lines, footer lines the last `footerLines` lines with text. */
export function frameRecords(
  records: readonly CsvRecord[],
  headerLines: number,
  footerLines: number,
  lastLine: number,
): Frame {
  const kept = records.filter((record) => !isBlank(record));
  const header = kept.filter((record) => record.line <= headerLines);
  const limit = lastLine - footerLines;
  return {
    titles: header[header.length - 1] ?? null,
    data: kept.filter((record) => record.line > headerLines && record.line <= limit),
  };
}

export const normaliseTitle = (title: string): string => title.replace(/\s+/g, ' ').trim().toLowerCase();

export function detectDelimiter(
  text: string,
  options: { headerLines: number; footerLines: number; lastLine: number; titles: readonly string[] },
): Detection<CsvDelimiter> {
  const even: { delimiter: CsvDelimiter; titled: boolean }[] = [];
  for (const delimiter of CSV_DELIMITERS) {
    const { records } = readCsv(text, delimiter);
    const frame = frameRecords(records, options.headerLines, options.footerLines, options.lastLine);
    const rows = frame.titles ? [frame.titles, ...frame.data] : frame.data;
    const width = rows[0]?.fields.length ?? 0;
    if (width < 2 || rows.some((row) => row.fields.length !== width)) continue;
    const found = new Set((frame.titles?.fields ?? []).map(normaliseTitle));
    even.push({ delimiter, titled: options.titles.every((title) => found.has(normaliseTitle(title))) });
  }
  // Several delimiters split evenly: the one whose header holds the titles the profile names wins.
  const titled = even.filter((candidate) => candidate.titled);
  const fits = (even.length > 1 && titled.length > 0 ? titled : even).map((candidate) => candidate.delimiter);
  if (fits.length === 1) return { ok: true, value: fits[0]! };
  if (fits.length === 0) {
    return {
      ok: false,
      problem:
        'No delimiter (comma, semicolon, tab or |) splits every row into the same number of columns: choose the delimiter and check the header and footer lines in the profile.',
    };
  }
  return {
    ok: false,
    problem: `Both ${fits.map(delimiterName).join(' and ')} split every row evenly: choose the delimiter in the profile.`,
  };
}

/** Pick among candidates that read every sample; all readings must be identical. */
function decide<C, R>(
  candidates: readonly C[],
  samples: readonly Sample[],
  read: (candidate: C, text: string) => R | undefined,
  name: (candidate: C) => string,
  what: string,
): Detection<C> {
  const readable = samples.filter((sample) => candidates.some((c) => read(c, sample.text) !== undefined));
  const passing = candidates.filter((c) => readable.every((sample) => read(c, sample.text) !== undefined));
  const first = passing[0];
  if (first === undefined) {
    return {
      ok: false,
      problem: `The rows do not agree on one ${what}: choose the ${what} in the profile.`,
    };
  }
  for (const other of passing.slice(1)) {
    const differing = readable.find((sample) => read(first, sample.text) !== read(other, sample.text));
    if (differing) {
      return {
        ok: false,
        problem: `${quoted(differing.text)} (line ${differing.line}) reads as ${String(read(first, differing.text))} with ${name(first)} and as ${String(read(other, differing.text))} with ${name(other)}: choose the ${what} in the profile.`,
      };
    }
  }
  return { ok: true, value: first };
}

export function detectAmountStyle(
  samples: readonly Sample[],
  fixed: { decimalSeparator?: DecimalSeparator; thousandsSeparator?: ThousandsSeparator },
): Detection<AmountStyle> {
  const plain: AmountStyle[] = [
    { decimalSeparator: '.', thousandsSeparator: '' },
    { decimalSeparator: ',', thousandsSeparator: '' },
  ];
  const candidates = [...AMOUNT_STYLES, ...plain].filter(
    (style) =>
      (fixed.decimalSeparator === undefined || style.decimalSeparator === fixed.decimalSeparator) &&
      (fixed.thousandsSeparator === undefined || style.thousandsSeparator === fixed.thousandsSeparator),
  );
  const read = (style: AmountStyle, text: string): string | undefined => {
    const result = parseAmount(text, style);
    return result.ok ? result.value : undefined;
  };
  const name = (style: AmountStyle): string =>
    `decimal "${style.decimalSeparator}"${style.thousandsSeparator ? ` and thousands "${style.thousandsSeparator}"` : ''}`;
  return decide(candidates, samples, read, name, 'decimal separator');
}

export function detectDateFormat(samples: readonly Sample[]): Detection<CompiledDateFormat> {
  const candidates = DATE_FORMATS.map(compileDateFormat).filter(
    (format): format is CompiledDateFormat => typeof format !== 'string',
  );
  const read = (format: CompiledDateFormat, text: string): string | undefined => {
    const result = format.parse(text);
    return result.ok ? result.date : undefined;
  };
  return decide(candidates, samples, read, (format) => format.format, 'date format');
}
