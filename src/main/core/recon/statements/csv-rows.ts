/**
 * One CSV row read through a column mapping profile: the profile's columns found in the header, the
 * amount style and date format settled from the data rows, and each row turned into a line or into
 * one problem per bad field (with its line).
 */
import { canonicalAmount } from '../../../../shared/domain/money';
import { isKnownCurrency } from '../../../../shared/domain/currency';
import type { StatementProblem } from '../../../../shared/domain/statements';
import { parseAmount, type AmountStyle } from './amount';
import type { CsvRecord } from './csv';
import { detectAmountStyle, detectDateFormat, normaliseTitle, type Sample } from './csv-detect';
import type { ColumnRef, CsvColumns, CsvProfile } from './csv-profile';
import { compileDateFormat, type CompiledDateFormat } from './dates';
import type { DraftLine } from './line-id';
import { quoted } from './limits';
import { negate } from './sections';
import { cleanText } from './text-lines';

type ColumnKey = keyof CsvColumns;
/** 0-based field index of each mapped column (remittance may join several). */
export type Resolved = Partial<Record<Exclude<ColumnKey, 'remittance'>, number>> & { remittance?: number[] };

/** The header's titles as a message lists them: the first 20, then how many more. */
export function titleList(titles: readonly string[]): string {
  const shown = titles.slice(0, 20).map((title) => quoted(title.trim()));
  const more = titles.length > shown.length ? ` and ${titles.length - shown.length} more` : '';
  return shown.length === 0 ? 'no titles' : `${shown.join(', ')}${more}`;
}

export function resolveColumns(columns: CsvColumns, titles: CsvRecord | null): Resolved | StatementProblem[] {
  const problems: StatementProblem[] = [];
  const positions = new Map(
    (titles?.fields ?? []).map((title, i) => [normaliseTitle(title), i] as const).reverse(),
  );
  const resolve = (key: string, ref: ColumnRef): number => {
    if (typeof ref === 'number') return ref - 1;
    const index = positions.get(normaliseTitle(ref));
    if (index === undefined) {
      problems.push({
        line: titles?.line ?? 1,
        field: `columns.${key}`,
        problem: `The header has no column ${quoted(String(ref))} (it has ${titleList(titles?.fields ?? [])}): check the column titles and header lines in the profile.`,
      });
    }
    return index ?? -1;
  };
  const resolved: Resolved = {};
  for (const [key, ref] of Object.entries(columns) as [ColumnKey, ColumnRef | ColumnRef[] | undefined][]) {
    if (ref === undefined) continue;
    if (key === 'remittance')
      resolved.remittance = (Array.isArray(ref) ? ref : [ref]).map((r) => resolve(key, r));
    else resolved[key] = resolve(key, ref as ColumnRef);
  }
  return problems.length > 0 ? problems : resolved;
}

export interface Settings {
  style: AmountStyle;
  dates: CompiledDateFormat;
}

export function settleSettings(
  profile: CsvProfile,
  columns: Resolved,
  data: CsvRecord[],
): Settings | StatementProblem {
  const at = data[0]?.line ?? 1;
  const samples = (keys: (keyof Resolved)[]): Sample[] =>
    data.flatMap((record) =>
      keys.flatMap((key) => {
        const index = columns[key];
        const text = typeof index === 'number' ? record.fields[index]?.trim() : undefined;
        return text ? [{ line: record.line, text }] : [];
      }),
    );
  const fixedDecimal = profile.decimalSeparator === 'auto' ? undefined : profile.decimalSeparator;
  const fixedThousands = profile.thousandsSeparator === 'auto' ? undefined : profile.thousandsSeparator;
  let style: AmountStyle;
  if (fixedDecimal !== undefined && fixedThousands !== undefined) {
    style = { decimalSeparator: fixedDecimal, thousandsSeparator: fixedThousands };
  } else {
    const detected = detectAmountStyle(samples(['amount', 'debit', 'credit']), {
      decimalSeparator: fixedDecimal,
      thousandsSeparator: fixedThousands,
    });
    if (!detected.ok) return { line: at, field: 'profile.decimalSeparator', problem: detected.problem };
    style = detected.value;
  }
  let dates: CompiledDateFormat;
  if (profile.dateFormat === 'auto') {
    const detected = detectDateFormat(samples(['date', 'valueDate']));
    if (!detected.ok) return { line: at, field: 'profile.dateFormat', problem: detected.problem };
    dates = detected.value;
  } else {
    const compiled = compileDateFormat(profile.dateFormat);
    if (typeof compiled === 'string') return { line: 1, field: 'profile.dateFormat', problem: compiled };
    dates = compiled;
  }
  return { style, dates };
}

type Needed = { needed: (readonly [string, number])[]; width: number };
const widths = new WeakMap<Resolved, Needed>();

/** The mapped columns and how many a row needs, worked out once per mapping. */
function widthOf(columns: Resolved): Needed {
  let known = widths.get(columns);
  if (known === undefined) {
    const needed = Object.entries(columns).flatMap(([key, index]) =>
      (Array.isArray(index) ? index : [index as number]).map((i) => [key, i] as const),
    );
    known = { needed, width: Math.max(0, ...needed.map(([, index]) => index + 1)) };
    widths.set(columns, known);
  }
  return known;
}

/** Trimmed text of a mapped column; undefined when the profile does not map it. */
function cellOf(record: CsvRecord, index: number | undefined): string | undefined {
  return index === undefined ? undefined : (record.fields[index] ?? '').trim();
}

function dateOf(
  record: CsvRecord,
  key: 'date' | 'valueDate',
  index: number | undefined,
  settings: Settings,
  problems: StatementProblem[],
): string | null {
  const text = cellOf(record, index);
  if (!text) {
    if (key === 'date')
      problems.push({ line: record.line, field: key, problem: 'The booking date is empty.' });
    return null;
  }
  const parsed = settings.dates.parse(text);
  if (parsed.ok) return parsed.date;
  problems.push({ line: record.line, field: key, problem: `${parsed.problem}.` });
  return null;
}

function amountOf(
  record: CsvRecord,
  key: 'amount' | 'debit' | 'credit',
  text: string | undefined,
  settings: Settings,
  problems: StatementProblem[],
): string | null {
  if (!text) return null;
  const parsed = parseAmount(text, settings.style);
  if (parsed.ok) return parsed.value;
  problems.push({ line: record.line, field: key, problem: `${parsed.problem}.` });
  return null;
}

const isSet = (value: string | null): value is string => value !== null && value !== '0';

/**
 * One row as a line, or null with one problem per bad field pushed onto `problems` (the caller's,
 * reused from row to row: a good row makes no object but its line).
 */
export function readRow(
  record: CsvRecord,
  columns: Resolved,
  profile: CsvProfile,
  settings: Settings,
  problems: StatementProblem[],
): DraftLine | null {
  const before = problems.length;
  const { needed, width } = widthOf(columns);
  const missing =
    record.fields.length < width ? needed.find(([, index]) => index >= record.fields.length) : undefined;
  if (missing) {
    problems.push({
      line: record.line,
      field: missing[0],
      problem: `The row has ${record.fields.length} column(s); the profile reads "${missing[0]}" from column ${missing[1] + 1} and needs ${width}.`,
    });
    return null;
  }
  const bookingDate = dateOf(record, 'date', columns.date, settings, problems);
  const valueDate = dateOf(record, 'valueDate', columns.valueDate, settings, problems);
  let amount: string | null = null;
  if (columns.amount !== undefined) {
    const text = cellOf(record, columns.amount);
    const value = amountOf(record, 'amount', text, settings, problems);
    if (text === '') problems.push({ line: record.line, field: 'amount', problem: 'The amount is empty.' });
    if (value !== null) amount = profile.signConvention === 'positive-is-outgoing' ? negate(value) : value;
  } else {
    const debitText = cellOf(record, columns.debit);
    const creditText = cellOf(record, columns.credit);
    const debit = amountOf(record, 'debit', debitText, settings, problems);
    const credit = amountOf(record, 'credit', creditText, settings, problems);
    if (isSet(debit) && isSet(credit))
      problems.push({
        line: record.line,
        field: 'credit',
        problem: 'Both the debit and the credit column have an amount.',
      });
    else if (isSet(debit)) amount = negate(abs(debit));
    else if (isSet(credit)) amount = abs(credit);
    else if (!debitText && !creditText)
      problems.push({
        line: record.line,
        field: 'debit',
        problem: 'Neither the debit nor the credit column has an amount.',
      });
    else if (debit !== null || credit !== null) amount = '0';
  }
  const currency = (cellOf(record, columns.currency) || profile.currency || '').toUpperCase();
  if (!isKnownCurrency(currency)) {
    problems.push({
      line: record.line,
      field: 'currency',
      problem: currency ? `${quoted(currency)} is not an ISO 4217 currency code.` : 'The currency is empty.',
    });
  }
  let remittance = '';
  for (const index of columns.remittance ?? []) {
    const text = record.fields[index]?.trim() ?? '';
    if (text !== '') remittance = remittance === '' ? text : `${remittance} ${text}`;
  }
  if (problems.length > before || bookingDate === null || amount === null) return null;
  return {
    bankTransactionId: cleanText(cellOf(record, columns.bankTransactionId)),
    bookingDate,
    valueDate,
    amount: canonicalAmount(amount, currency),
    currency,
    reference: cleanText(cellOf(record, columns.reference)),
    remittance: cleanText(remittance),
    counterpartyName: cleanText(cellOf(record, columns.counterpartyName)),
    counterpartyAccount: cleanText(cellOf(record, columns.counterpartyAccount)),
    sourceLine: record.line,
  };
}

const abs = (value: string): string => (value.startsWith('-') ? value.slice(1) : value);
