/**
 * Calendar dates as statements write them → "YYYY-MM-DD". A date format is a pattern of the tokens
 * YYYY, YY, MM (two digits), M (one or two), DD, D, MMM (English month abbreviation) and literal
 * characters, e.g. "DD.MM.YYYY". A time after the date ("2026-03-04 10:15", "04.03.2026T10:15:00")
 * is allowed and ignored.
 */
import { quoted } from './limits';

export type DateResult = { ok: true; date: string } | { ok: false; problem: string };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Formats auto-detection tries, most common first. */
export const DATE_FORMATS: readonly string[] = [
  'YYYY-MM-DD',
  'DD.MM.YYYY',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'DD-MM-YYYY',
  'MM-DD-YYYY',
  'YYYY/MM/DD',
  'YYYY.MM.DD',
  'YYYYMMDD',
  'DD.MM.YY',
  'DD/MM/YY',
  'MM/DD/YY',
  'D.M.YYYY',
  'D/M/YYYY',
  'M/D/YYYY',
  'DD MMM YYYY',
  'DD-MMM-YYYY',
  'DD-MMM-YY',
  'D MMM YYYY',
];

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Two-digit years: 00–79 are 2000–2079, 80–99 are 1980–1999 (the SWIFT convention). */
export function fullYear(twoDigits: number): number {
  return twoDigits < 80 ? 2000 + twoDigits : 1900 + twoDigits;
}

/** "YYYY-MM-DD" when year, month and day make a real date. */
export function calendarDate(year: number, month: number, day: number): string | undefined {
  if (!Number.isInteger(year) || year < 1 || year > 9999) return undefined;
  if (!Number.isInteger(month) || month < 1 || month > 12) return undefined;
  if (!Number.isInteger(day) || day < 1 || day > daysInMonth(year, month)) return undefined;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

type Part = 'year4' | 'year2' | 'month' | 'monthName' | 'day';

export interface CompiledDateFormat {
  format: string;
  parse(text: string): DateResult;
}

const TOKENS: Record<string, [Part, string]> = {
  YYYY: ['year4', '(\\d{4})'],
  YY: ['year2', '(\\d{2})'],
  MMM: ['monthName', '([A-Za-z]{3})'],
  MM: ['month', '(\\d{2})'],
  M: ['month', '(\\d{1,2})'],
  DD: ['day', '(\\d{2})'],
  D: ['day', '(\\d{1,2})'],
};

/** Compile a date format; a string result is the reason the format itself is unusable. */
export function compileDateFormat(format: string): CompiledDateFormat | string {
  const parts: Part[] = [];
  let pattern = '';
  for (const token of format.match(/YYYY|YY|MMM|MM|M|DD|D|[\s\S]/g) ?? []) {
    const known = TOKENS[token];
    if (known) {
      parts.push(known[0]);
      pattern += known[1];
    } else if (/[A-Za-z0-9]/.test(token)) {
      return `the date format "${format}" contains "${token}"; use YYYY, YY, MM, M, MMM, DD, D and separators`;
    } else {
      pattern += token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  const has = (...wanted: Part[]): number => parts.filter((p) => wanted.includes(p)).length;
  if (has('year4', 'year2') !== 1 || has('month', 'monthName') !== 1 || has('day') !== 1) {
    return `the date format "${format}" must contain one year (YYYY or YY), one month (MM, M or MMM) and one day (DD or D)`;
  }
  // eslint-disable-next-line security/detect-non-literal-regexp -- built from fixed TOKENS; every separator from the format is escaped above
  const regex = new RegExp(`^${pattern}(?:[ T]\\d{1,2}:\\d{2}(?::\\d{2}(?:[.,]\\d+)?)?)?$`);
  // A statement's lines come in date order, many a day: the last date read is the next one's, mostly.
  let lastInput: string | undefined;
  let lastResult: DateResult | undefined;
  const read = (input: string): DateResult => {
    if (input === lastInput) return lastResult!;
    lastResult = parse(input);
    lastInput = input;
    return lastResult;
  };
  const parse = (input: string): DateResult => {
    {
      const text = input.trim();
      if (text === '') return { ok: false, problem: 'the date is empty' };
      const match = regex.exec(text);
      if (!match) return { ok: false, problem: `${quoted(text)} is not a date in the format ${format}` };
      let [year, month, day] = [0, 0, 0];
      parts.forEach((part, i) => {
        const value = match[i + 1] ?? '';
        if (part === 'year4') year = Number(value);
        else if (part === 'year2') year = fullYear(Number(value));
        else if (part === 'month') month = Number(value);
        else if (part === 'monthName') month = MONTHS.indexOf(value.toLowerCase()) + 1;
        else day = Number(value);
      });
      const date = calendarDate(year, month, day);
      return date
        ? { ok: true, date }
        : { ok: false, problem: `${quoted(text)} is not a real calendar date (format ${format})` };
    }
  };
  return { format, parse: read };
}

/** ISO date or date-time as XML writes it ("2026-03-04", "2026-03-04T10:15:00+01:00"): its date part. */
export function parseIsoDate(input: string): DateResult {
  const text = input.trim();
  const match =
    /^(\d{4})-(\d{2})-(\d{2})(?:$|T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?$|[+-]\d{2}:\d{2}$|Z$)/.exec(
      text,
    );
  if (!match) return { ok: false, problem: `${quoted(text)} is not an ISO date (YYYY-MM-DD)` };
  const date = calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
  return date ? { ok: true, date } : { ok: false, problem: `${quoted(text)} is not a real calendar date` };
}

/** SWIFT YYMMDD. */
export function parseYymmdd(text: string): DateResult {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!match) return { ok: false, problem: `${quoted(text)} is not a date in the form YYMMDD` };
  const date = calendarDate(fullYear(Number(match[1])), Number(match[2]), Number(match[3]));
  return date
    ? { ok: true, date }
    : { ok: false, problem: `${quoted(text)} is not a real calendar date (YYMMDD)` };
}
