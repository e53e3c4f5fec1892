/**
 * Chosen columns + the rows → a complete CSV profile, when every row reads one way: every row has
 * the title row's width, one date format reads every date (two formats that both read every date
 * differently, DD/MM against MM/DD with no day above 12, decide nothing), one way of writing
 * amounts reads every amount, and the currency is known for every row. Rows at the end whose date
 * cell holds words and no digit ("Kontostand", "Total") are a footer and skipped; such a row
 * before a dated row is refused. Used for columns recognised
 * by their titles (csv-titles.ts) and for columns a person names (floatdesk reconcile profile save).
 * The rows are read once, so they may come from any iterable.
 */
import { isKnownCurrency } from '../../../../shared/domain/currency';
import { AMOUNT_STYLES, parseAmount, type DecimalSeparator } from './amount';
import type { CsvDelimiter, CsvRecord } from './csv';
import { detectAmountStyle, detectDateFormat, normaliseTitle, type Sample } from './csv-detect';
import { checkCsvProfile, type ColumnRef, type CsvProfile } from './csv-profile';
import { meaningOfTitle } from './csv-title-words';
import { compileDateFormat, DATE_FORMATS, type CompiledDateFormat } from './dates';
import { quoted } from './limits';

/** 0-based indexes of the columns that hold each part of a line. */
export interface ColumnChoice {
  date: number;
  valueDate?: number;
  amount?: number;
  debit?: number;
  credit?: number;
  /** Several currency columns must agree on every row (ING writes one after the amount and one after the balance). */
  currency?: number[];
  reference?: number;
  /** Joined with a space, in this order. */
  text?: number[];
  counterpartyName?: number;
  counterpartyAccount?: number;
  bankTransactionId?: number;
  balance?: number;
}

export interface SettleOptions {
  delimiter: CsvDelimiter;
  /** The line of the title row; the lines above it are skipped. */
  headerLines: number;
  /** The last line of the file with text (a footer is counted back from it). */
  lastLine: number;
  /** The account's currency, for a file that names none (and for rows whose currency cell is empty). */
  currency?: string;
  /** Settings a person chose; the others are decided from the rows. */
  dateFormat?: string;
  decimalSeparator?: DecimalSeparator;
}

/** A setting the rows could not decide, so a person must give it. */
export type UndecidedSetting = 'currency' | 'dateFormat' | 'decimalSeparator';

export type CsvMapping =
  | { ok: true; profile: CsvProfile }
  | {
      ok: false;
      line: number;
      reason: string;
      setting?: UndecidedSetting;
      /** No column profile could read the file either (its amounts' direction is in a column of its own). */
      unreadable?: boolean;
    };

const sentence = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
const COMPILED_FORMATS = DATE_FORMATS.map(compileDateFormat).filter(
  (format): format is CompiledDateFormat => typeof format !== 'string',
);

interface RowCells {
  dates: Sample[];
  amounts: Sample[];
  rowCount: number;
  /** The line of the first footer row, if any. */
  footerLine: number | undefined;
}

type Failure = CsvMapping & { ok: false };
const failure = (line: number, reason: string, setting?: UndecidedSetting): Failure =>
  setting === undefined ? { ok: false, line, reason } : { ok: false, line, reason, setting };

/** One pass over the rows: widths and currencies checked, date and amount cells collected. */
function readRows(
  titles: CsvRecord,
  rows: Iterable<CsvRecord>,
  columns: ColumnChoice,
  currency: { fallback: string | undefined; titled: string | undefined },
): RowCells | Failure {
  const width = titles.fields.length;
  let needed = 0;
  titles.fields.forEach((title, index) => {
    if (title.trim() !== '') needed = index + 1;
  });
  const cell = (row: CsvRecord, index: number | undefined): string =>
    index === undefined ? '' : (row.fields[index] ?? '').trim();
  const result: RowCells = { dates: [], amounts: [], rowCount: 0, footerLine: undefined };
  let footer: Sample | undefined;
  for (const row of rows) {
    const date = cell(row, columns.date);
    if (date !== '' && !/\d/.test(date)) {
      footer ??= { line: row.line, text: date };
      continue;
    }
    if (footer !== undefined) {
      return failure(footer.line, `Line ${footer.line}: ${quoted(footer.text)} is not a date.`);
    }
    result.rowCount += 1;
    if (row.fields.length < needed || row.fields.slice(width).some((extra) => extra.trim() !== '')) {
      return failure(
        row.line,
        `Line ${row.line} has ${row.fields.length} cells where the titles on line ${titles.line} have ${width}: a value that holds the delimiter must be in quotes.`,
      );
    }
    for (const index of [columns.date, columns.valueDate]) {
      const text = cell(row, index);
      if (text !== '') result.dates.push({ line: row.line, text });
    }
    for (const index of [columns.amount, columns.debit, columns.credit]) {
      const text = cell(row, index);
      if (text !== '') result.amounts.push({ line: row.line, text });
    }
    const currencies = [...new Set((columns.currency ?? []).map((i) => cell(row, i).toUpperCase()))];
    const given = currencies.filter((code) => code !== '');
    if (given.length > 1) {
      return failure(row.line, `Line ${row.line} names two currencies, ${given.join(' and ')}.`);
    }
    const code = given[0] ?? currency.fallback;
    if (columns.currency !== undefined && code === undefined)
      return failure(row.line, `Line ${row.line} has no currency.`);
    if (code !== undefined && !isKnownCurrency(code))
      return failure(row.line, `Line ${row.line}: ${quoted(code)} is not an ISO 4217 currency code.`);
    if (currency.titled !== undefined && code !== currency.titled) {
      return failure(
        row.line,
        `Line ${row.line} is in ${code}, but the titles say the amounts are in ${currency.titled}.`,
      );
    }
  }
  result.footerLine = footer?.line;
  return result.rowCount === 0
    ? failure(titles.line, `There are no rows under the titles on line ${titles.line}.`)
    : result;
}

function settleDates(dates: readonly Sample[], chosen: string | undefined): CompiledDateFormat | Failure {
  let format: CompiledDateFormat;
  if (chosen !== undefined) {
    const compiled = compileDateFormat(chosen);
    if (typeof compiled === 'string') return failure(1, `${sentence(compiled)}.`);
    format = compiled;
  } else {
    const strange = dates.find((sample) => COMPILED_FORMATS.every((f) => !f.parse(sample.text).ok));
    if (strange) {
      return failure(
        strange.line,
        `Line ${strange.line}: ${quoted(strange.text)} is not a date in any format FloatDesk knows.`,
      );
    }
    const detected = detectDateFormat(dates);
    if (!detected.ok) return failure(dates[0]?.line ?? 1, detected.problem, 'dateFormat');
    format = detected.value;
  }
  for (const sample of dates) {
    const parsed = format.parse(sample.text);
    if (!parsed.ok) return failure(sample.line, `Line ${sample.line}: ${parsed.problem}.`);
  }
  return format;
}

function settleAmounts(amounts: readonly Sample[], decimal: DecimalSeparator | undefined) {
  const styles = AMOUNT_STYLES.filter((s) => decimal === undefined || s.decimalSeparator === decimal);
  const strange = amounts.find((sample) => styles.every((style) => !parseAmount(sample.text, style).ok));
  if (strange) {
    const why = parseAmount(strange.text, styles[0]!);
    return failure(strange.line, `Line ${strange.line}: ${why.ok ? quoted(strange.text) : why.problem}.`);
  }
  const detected = detectAmountStyle(amounts, { decimalSeparator: decimal });
  if (!detected.ok) return failure(amounts[0]?.line ?? 1, detected.problem, 'decimalSeparator');
  const bad = amounts.find((sample) => !parseAmount(sample.text, detected.value).ok);
  if (bad) {
    const parsed = parseAmount(bad.text, detected.value);
    return failure(bad.line, `Line ${bad.line}: ${parsed.ok ? quoted(bad.text) : parsed.problem}.`);
  }
  return detected.value;
}

/** A column as the profile names it: by its title, or by position when the title is empty or repeated. */
function columnNamer(titles: readonly string[]): (index: number) => ColumnRef {
  const counts = new Map<string, number>();
  for (const title of titles) {
    const key = normaliseTitle(title);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return (index) => {
    const title = (titles[index] ?? '').trim();
    return title === '' || (counts.get(normaliseTitle(title)) ?? 0) > 1 ? index + 1 : title;
  };
}

export function settleCsvProfile(
  titles: CsvRecord,
  rows: Iterable<CsvRecord>,
  columns: ColumnChoice,
  options: SettleOptions,
): CsvMapping {
  const titleOf = (index: number): string => titles.fields[index] ?? '';
  const money = [columns.amount, columns.debit, columns.credit, columns.balance].filter(
    (index): index is number => index !== undefined,
  );
  const titled = money.filter((index) => meaningOfTitle(titleOf(index))?.currency !== undefined);
  const named = [...new Set(titled.map((index) => meaningOfTitle(titleOf(index))?.currency))];
  if (named.length > 1) {
    const list = titled.map((index) => quoted(titleOf(index))).join(', ');
    return failure(titles.line, `The titles ${list} name different currencies.`);
  }
  const titleCurrency = named[0];
  if (options.currency !== undefined && titleCurrency !== undefined && options.currency !== titleCurrency) {
    return failure(
      titles.line,
      `The title ${quoted(titleOf(titled[0]!))} says the amounts are in ${titleCurrency}, not ${options.currency}.`,
    );
  }
  const fallback = options.currency ?? titleCurrency;
  if (columns.currency === undefined && fallback === undefined) {
    return failure(
      titles.line,
      'The file does not say its currency: it has no currency column (such as "Currency", "Währung", "Devise", "Munt" or "Divisa") and no currency in the title of its amounts.',
      'currency',
    );
  }
  const cells = readRows(titles, rows, columns, { fallback, titled: titleCurrency });
  if ('ok' in cells) return cells;
  const dates = settleDates(cells.dates, options.dateFormat);
  if ('ok' in dates) return dates;
  const style = settleAmounts(cells.amounts, options.decimalSeparator);
  if ('ok' in style) return style;

  const columnRef = columnNamer(titles.fields);
  const ref = (index: number | undefined): ColumnRef | undefined =>
    index === undefined ? undefined : columnRef(index);
  const text = (columns.text ?? []).map(columnRef);
  const checked = checkCsvProfile({
    delimiter: options.delimiter,
    decimalSeparator: style.decimalSeparator,
    thousandsSeparator: style.thousandsSeparator,
    dateFormat: dates.format,
    headerLines: options.headerLines,
    footerLines: cells.footerLine === undefined ? 0 : options.lastLine - cells.footerLine + 1,
    columns: Object.fromEntries(
      Object.entries({
        date: ref(columns.date),
        valueDate: ref(columns.valueDate),
        amount: ref(columns.amount),
        debit: ref(columns.debit),
        credit: ref(columns.credit),
        currency: ref(columns.currency?.[0]),
        reference: ref(columns.reference),
        remittance: text.length > 1 ? text : text[0],
        counterpartyName: ref(columns.counterpartyName),
        counterpartyAccount: ref(columns.counterpartyAccount),
        bankTransactionId: ref(columns.bankTransactionId),
        balance: ref(columns.balance),
      }).filter(([, value]) => value !== undefined),
    ),
    ...(fallback === undefined ? {} : { currency: fallback }),
  });
  if (!checked.ok) {
    const first = checked.issues[0];
    return failure(titles.line, `The profile is not valid: ${first?.field}: ${first?.problem}.`);
  }
  return { ok: true, profile: checked.profile };
}
