/**
 * Exact time conversions for transfer request rows: the UTC instant of a platform timestamp (identity
 * and ordering) and the platform-local day. Amounts are stored through stored-amounts.ts.
 */
import { AppError } from '../../../../shared/ipc/errors';

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(?:(Z)|([+-])(\d{2})(?::?(\d{2}))?)$/;

function malformed(text: string, why: string): AppError {
  return new AppError(
    'malformed_response',
    `The platform sent a transfer request time that is not a valid date and time (${why}). Try the sync again later.`,
    { endpoint: 'float/transfer-requests', field: 'created_at', value: text },
  );
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The calendar date `shift` days (-1, 0 or 1) from year-month-day, as "YYYY-MM-DD". */
function shiftDate(year: number, month: number, day: number, shift: number): string {
  let [y, m, d] = [year, month, day + shift];
  if (d < 1) {
    m -= 1;
    if (m < 1) [y, m] = [y - 1, 12];
    d = daysInMonth(y, m);
  } else if (d > daysInMonth(y, m)) {
    [m, d] = [m + 1, 1];
    if (m > 12) [y, m] = [y + 1, 1];
  }
  if (y < 0 || y > 9999) throw new RangeError('year');
  return `${String(y).padStart(4, '0')}-${pad2(m)}-${pad2(d)}`;
}

const digit = (text: string, at: number): number => {
  const code = text.charCodeAt(at) - 48;
  return code >= 0 && code <= 9 ? code : Number.NaN;
};
const two = (text: string, at: number): number => digit(text, at) * 10 + digit(text, at + 1);

/**
 * The form the platform writes, "YYYY-MM-DDTHH:MM:SS±HH:MM", read by position; undefined for any
 * other form (the general parser takes it) or a field out of range (so is the error message).
 */
function commonForm(text: string): string | undefined {
  if (text.length !== 25 || text[4] !== '-' || text[7] !== '-' || text[10] !== 'T' || text[13] !== ':')
    return undefined;
  if (text[16] !== ':' || text[22] !== ':' || (text[19] !== '+' && text[19] !== '-')) return undefined;
  const year = two(text, 0) * 100 + two(text, 2);
  const [month, day, hour, minute, second] = [
    two(text, 5),
    two(text, 8),
    two(text, 11),
    two(text, 14),
    two(text, 17),
  ];
  const offset = (text[19] === '-' ? -1 : 1) * (two(text, 20) * 60 + two(text, 23));
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month))) return undefined;
  if (!(hour <= 23 && minute <= 59 && second <= 59 && Math.abs(offset) < 1440) || two(text, 23) > 59)
    return undefined;
  const minutes = hour * 60 + minute - offset;
  if (minutes < 0 || minutes >= 1440) return undefined;
  return `${text.slice(0, 11)}${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}${text.slice(16, 19)}Z`;
}

/**
 * "2026-07-01T00:30:00+01:00" → "2026-06-30T23:30:00Z": the same instant in UTC, computed on whole
 * fields (integer arithmetic, no Date, no floating point); a fraction of a second is kept digit for
 * digit (trailing zeros dropped), so two spellings of one instant give one text.
 */
export function utcInstant(text: string): string {
  const fast = commonForm(text);
  if (fast !== undefined) return fast;
  const m = ISO.exec(text);
  if (m === null) throw malformed(text, 'unrecognised format');
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const second = m[6] ?? '00';
  const [offsetHours, offsetMinutes] = [Number(m[10] ?? '0'), Number(m[11] ?? '0')];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    throw malformed(text, 'no such date');
  if (hour > 23 || minute > 59 || Number(second) > 59) throw malformed(text, 'a time field is out of range');
  if (offsetHours > 23 || offsetMinutes > 59) throw malformed(text, 'invalid UTC offset');
  const offset = (m[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  const minutes = hour * 60 + minute - offset;
  const shift = Math.floor(minutes / 1440);
  const inDay = minutes - shift * 1440;
  const fraction = (m[7] ?? '').replace(/0+$/, '');
  let date: string;
  try {
    date = shift === 0 ? text.slice(0, 10) : shiftDate(year, month, day, shift);
  } catch {
    throw malformed(text, 'year out of range');
  }
  const time = `${pad2(Math.floor(inDay / 60))}:${pad2(inDay % 60)}:${second}`;
  return `${date}T${time}${fraction === '' ? '' : `.${fraction}`}Z`;
}

/** The platform-local calendar day of a timestamp: the date it shows (the platform writes its own zone). */
export function localDay(createdAt: string): string {
  return createdAt.slice(0, 10);
}
