import type { FormatPreferences } from './formats';

/**
 * Dates as people type them, in the format they chose (Settings → Format): "22/11/2026" (en-GB),
 * "22.11.2026" (de-DE), "11/22/2026" (en-US), and ISO "2026-11-22" always. The result is the
 * `YYYY-MM-DD` the stores and the contract carry. A date that does not exist is refused saying
 * why; so is one that could be read two ways (a slashed date when ISO dates were chosen, with day
 * and month both 12 or less) and a two-digit year.
 */

export type TypedDate = { ok: true; date: string } | { ok: false; problem: string };

type Field = 'day' | 'month' | 'year';

interface DateShape {
  /** The order the locale writes day, month and year in its numeric dates. */
  order: readonly Field[];
  /** The numeric pattern of an example date, e.g. "DD/MM/YYYY", "DD.MM.YYYY". */
  pattern: string;
  format: Intl.DateTimeFormat;
}

const shapes = new Map<string, DateShape>();
const EXAMPLE = Date.UTC(2026, 10, 22);
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function shapeOf(locale: string | undefined): DateShape {
  const cached = shapes.get(locale ?? '');
  if (cached) return cached;
  const format = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
    numberingSystem: 'latn',
  });
  const parts = format.formatToParts(EXAMPLE);
  const order = parts.flatMap((part) =>
    part.type === 'day' || part.type === 'month' || part.type === 'year' ? [part.type] : [],
  );
  const names: Record<Field, string> = { day: 'DD', month: 'MM', year: 'YYYY' };
  const pattern = parts
    .map((part) =>
      part.type === 'day' || part.type === 'month' || part.type === 'year' ? names[part.type] : part.value,
    )
    .join('')
    .trim();
  const shape = { order: order.length === 3 ? order : (['day', 'month', 'year'] as const), pattern, format };
  shapes.set(locale ?? '', shape);
  return shape;
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
const isoOf = (year: number, month: number, day: number): string =>
  `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
const daysIn = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** "DD/MM/YYYY" in the locale style, "YYYY-MM-DD" in ISO style: for placeholders and hints. */
export function typedDatePattern(format: FormatPreferences): string {
  return format.dateStyle === 'iso' ? 'YYYY-MM-DD' : shapeOf(format.locale).pattern;
}

/** A `YYYY-MM-DD` date as the field shows it: as it is in ISO style, "22/11/2026" (en-GB) in the locale style. */
export function writeTypedDate(isoDate: string, format: FormatPreferences): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match || format.dateStyle === 'iso') return isoDate;
  return shapeOf(format.locale).format.format(
    Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])),
  );
}

function checked(text: string, year: number, month: number, day: number): TypedDate {
  if (month < 1 || month > 12)
    return { ok: false, problem: `"${text}" is not a date: there is no month ${month}.` };
  const last = daysIn(year, month);
  if (day < 1 || day > last) {
    return {
      ok: false,
      problem: `"${text}" is not a date: ${MONTHS[month - 1]} ${year} has ${last} days.`,
    };
  }
  return { ok: true, date: isoOf(year, month, day) };
}

/** The typed text as `YYYY-MM-DD` ('' when empty), or the problem in words with how to write it. */
export function parseTypedDate(typed: string, format: FormatPreferences): TypedDate {
  const text = typed.trim();
  if (text === '') return { ok: true, date: '' };
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (iso) return checked(text, Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const shape = shapeOf(format.locale);
  const example = writeTypedDate('2026-11-22', { ...format, dateStyle: 'locale' });
  const how =
    format.dateStyle === 'iso'
      ? 'write it as YYYY-MM-DD, e.g. 2026-11-22'
      : `write it as ${shape.pattern}, e.g. ${example} (or 2026-11-22)`;
  const numbers = /^\d{1,4}(?:\s*[./-]\s*|\s+)\d{1,4}(?:\s*[./-]\s*|\s+)\d{1,4}\.?$/.test(text)
    ? text.split(/[^\d]+/).filter((part) => part !== '')
    : [];
  if (numbers.length !== 3) return { ok: false, problem: `"${text}" is not a date: ${how}.` };
  const read: Partial<Record<Field, string>> = {};
  shape.order.forEach((field, index) => (read[field] = numbers[index]));
  const [day, month, year] = [Number(read.day), Number(read.month), read.year ?? ''];
  if (year.length !== 4) {
    return { ok: false, problem: `"${text}": write the year in full (four digits); ${how}.` };
  }
  if (format.dateStyle === 'iso' && day !== month && day <= 12 && month <= 12) {
    const other = isoOf(Number(year), day, month);
    return {
      ok: false,
      problem: `"${text}" could be ${isoOf(Number(year), month, day)} or ${other}: write it as YYYY-MM-DD.`,
    };
  }
  return checked(text, Number(year), month, day);
}
