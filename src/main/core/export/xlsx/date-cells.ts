/**
 * Dates and timestamps as XLSX date cells. Excel has no time zones and its serial numbers count
 * days from 1900 (with the 1900 leap-year bug before March 1900), so:
 * - a date "YYYY-MM-DD" is a date cell (yyyy-mm-dd) at that day's midnight;
 * - a timestamp is a date-time cell in UTC (yyyy-mm-dd hh:mm:ss, .000 when it has milliseconds),
 *   and the sheet keeps the text as recorded next to it (sheet-columns.ts), so the original offset
 *   and any sub-millisecond digits are not lost;
 * - what Excel cannot show as a date (before 1900-03-01, after 9999, not a valid date) is text.
 */

export const DATE_FORMAT = 'yyyy-mm-dd';
export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
export const DATE_TIME_MS_FORMAT = 'yyyy-mm-dd hh:mm:ss.000';

/** Before this, Excel's serial numbers are off by a day (the 1900 leap-year bug) or undefined. */
const FIRST_SAFE_MS = Date.UTC(1900, 2, 1);
const LAST_SAFE_MS = Date.UTC(10_000, 0, 1);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** ISO 8601 with an explicit offset (Z or ±hh:mm), as the ledger stores times. */
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export type DateCellContent = { kind: 'date'; value: Date; format: string } | { kind: 'text'; note: string };

const inRange = (ms: number): boolean => ms >= FIRST_SAFE_MS && ms < LAST_SAFE_MS;

export function dateCellContent(text: string, header: string): DateCellContent {
  const parts = ISO_DATE.exec(text);
  if (parts !== null) {
    const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
    const ms = Date.UTC(year, month - 1, day);
    const value = new Date(ms);
    // Date.UTC rolls 2026-02-30 over to March: a real date reads back as the same parts.
    if (value.getUTCFullYear() === year && value.getUTCMonth() === month - 1 && inRange(ms))
      return { kind: 'date', value, format: DATE_FORMAT };
  }
  return { kind: 'text', note: `${header}: "${text}" is not a date Excel can show; written as text.` };
}

/** The UTC date-time of an ISO timestamp with its offset (the exact text stays in its own column). */
export function timestampCellContent(text: string, header: string): DateCellContent {
  const ms = ISO_TIMESTAMP.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isFinite(ms) && inRange(ms))
    return {
      kind: 'date',
      value: new Date(ms),
      format: ms % 1000 === 0 ? DATE_TIME_FORMAT : DATE_TIME_MS_FORMAT,
    };
  return { kind: 'text', note: `${header}: "${text}" is not a time Excel can show; written as text.` };
}
