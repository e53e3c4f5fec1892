/**
 * Exact amounts for matching: every amount of one currency becomes a BigInt count of the same unit
 * (10^-scale), where scale is the currency's ISO 4217 exponent, or more when an input carries more
 * decimals (an over-precise platform value is compared exactly, never rounded). Dates become day
 * numbers. Text is read with string operations only: no binary float ever holds an amount.
 */
import { canonicalDecimal } from '../../../../shared/domain/money';
import { currencyExponent } from '../../../../shared/domain/currency';

const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;

/** The plain form of a decimal text ("1e3" → "1000", "+5.0" → "5.0"); throws on anything else. */
function plain(text: string): RegExpExecArray {
  const direct = PLAIN.exec(text);
  if (direct !== null) return direct;
  const canonical = canonicalDecimal(text);
  return PLAIN.exec(canonical) as RegExpExecArray;
}

/** Decimals the value really needs (trailing zeros do not count). */
export function significantDecimals(text: string): number {
  const fraction = plain(text)[3];
  if (fraction === undefined) return 0;
  let length = fraction.length;
  while (length > 0 && fraction.charCodeAt(length - 1) === 48) length--;
  return length;
}

/** The value in units of 10^-scale, exactly; throws when it needs more decimals than `scale`. */
export function toScaled(text: string, scale: number): bigint {
  const parts = plain(text);
  const sign = parts[1] as string;
  const whole = parts[2] as string;
  let fraction = parts[3] ?? '';
  if (fraction.length > scale) {
    const dropped = fraction.slice(scale);
    if (!/^0*$/.test(dropped)) throw new Error(`${text} needs more than ${scale} decimals`);
    fraction = fraction.slice(0, scale);
  } else if (fraction.length < scale) {
    fraction = fraction.padEnd(scale, '0');
  }
  return BigInt(`${sign}${whole}${fraction}`);
}

/**
 * Canonical text of a scaled value: exactly `exponent` decimals, more only when the value needs
 * them (as Money's canonical form). `scale` ≥ `exponent`.
 */
export function fromScaled(value: bigint, scale: number, exponent: number): string {
  const negative = value < 0n;
  let digits = (negative ? -value : value).toString();
  if (scale > 0) digits = digits.padStart(scale + 1, '0');
  let whole = scale > 0 ? digits.slice(0, digits.length - scale) : digits;
  let fraction = scale > 0 ? digits.slice(digits.length - scale) : '';
  let keep = fraction.length;
  while (keep > exponent && fraction.charCodeAt(keep - 1) === 48) keep--;
  fraction = fraction.slice(0, keep);
  if (whole === '') whole = '0';
  const text = fraction.length > 0 ? `${whole}.${fraction}` : whole;
  return negative ? `-${text}` : text;
}

/** The exponent used for a currency: ISO 4217's, or 0 for a code FloatDesk does not know. */
export function exponentOf(currency: string): number {
  return currencyExponent(currency) ?? 0;
}

const ZEROS = ['', '0', '00', '000', '0000', '00000', '000000', '0000000', '00000000'];

/**
 * toScaled for the common case, without a regular expression: plain text ("-2500.00", "12", "0.5")
 * with at most `scale` significant decimals. Returns null for anything else — more decimals than
 * `scale` (the caller raises the scale) or another notation (the caller uses toScaled) — so the
 * answer, when there is one, is always exact.
 */
export function fastScaled(text: string, scale: number): bigint | null {
  const n = text.length;
  let i = text.charCodeAt(0) === 45 ? 1 : 0;
  const digitsFrom = i;
  let point = -1;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 46 && point < 0) point = i;
    else if (c < 48 || c > 57) return null;
  }
  if (n === digitsFrom || point === digitsFrom || point === n - 1) return null;
  if (point < 0)
    return scale === 0 ? BigInt(text) : scale < ZEROS.length ? BigInt(text + (ZEROS[scale] as string)) : null;
  const decimals = n - point - 1;
  if (decimals === scale) return BigInt(text.replace('.', ''));
  let digits = text.slice(0, point) + text.slice(point + 1);
  if (decimals < scale) {
    if (scale - decimals >= ZEROS.length) return null;
    digits += ZEROS[scale - decimals] as string;
  } else if (decimals > scale) {
    for (let j = n - decimals + scale; j < n; j++) if (text.charCodeAt(j) !== 48) return null;
    digits = digits.slice(0, digits.length - (decimals - scale));
  }
  return BigInt(digits);
}

// Days from 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil), with checks.
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

let lastDate = '';
let lastDay = 0;

/**
 * The day number of the date written in the first ten characters ("2024-05-01" or
 * "2024-05-01T10:00:00+02:00": the request's date as the platform wrote it, in its own offset).
 */
export function dayNumber(text: string): number {
  // Inputs come in date order more often than not: the same date again is answered at once.
  if (lastDate.length === 10 && text.startsWith(lastDate)) return lastDay;
  const day = computeDayNumber(text);
  lastDate = text.slice(0, 10);
  lastDay = day;
  return day;
}

/** The date (YYYY-MM-DD) of a day number: the inverse of dayNumber. */
export function dateOfDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

function computeDayNumber(text: string): number {
  let year = 0;
  let month = 0;
  let day = 0;
  let bad = text.length < 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45;
  for (let i = 0; i < 10 && !bad; i++) {
    if (i === 4 || i === 7) continue;
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) bad = true;
    else if (i < 4) year = year * 10 + c;
    else if (i < 7) month = month * 10 + c;
    else day = day * 10 + c;
  }
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (
    bad ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > (DAYS_IN_MONTH[month - 1] as number) ||
    (month === 2 && day === 29 && !leap)
  ) {
    throw new Error(`"${text}" does not start with a date YYYY-MM-DD`);
  }
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/**
 * One scan of an amount text: −1 when it is not plain decimal text; otherwise
 * decimals needed × 4 + (sign + 1), where decimals needed ignores trailing zeros and sign is
 * −1, 0 or 1.
 */
export function scanAmount(text: string): number {
  const negative = text.charCodeAt(0) === 45;
  let i = negative ? 1 : 0;
  const first = i;
  let point = -1;
  let lastNonZero = -1;
  let nonZero = false;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 46 && point < 0) point = i;
    else if (c < 48 || c > 57) return -1;
    else if (c !== 48) {
      nonZero = true;
      if (point >= 0) lastNonZero = i;
    }
  }
  if (i === first || point === first || point === text.length - 1) return -1;
  const decimals = point < 0 || lastNonZero < 0 ? 0 : lastNonZero - point;
  return decimals * 4 + (nonZero ? (negative ? 0 : 2) : 1);
}
