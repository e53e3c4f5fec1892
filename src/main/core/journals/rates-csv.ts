/**
 * A rates CSV (journals:rates.read, `--rates`): the titles `date,currency,rate`, or `date,rate` for
 * one currency named beside the file; an empty date is the period's rate. Rates stay exact text.
 * Every problem names its line and column; nothing is kept from a file with one.
 */
import { isKnownCurrency } from '../../../shared/domain/currency';
import type { ExchangeRate } from '../../../shared/ipc/contract-journals';
import { AppError } from '../../../shared/ipc/errors';
import { readCsv, type CsvRecord } from '../recon/statements/csv';
import { canonicalRate, rateProblem } from './exchange-rates';

const TITLES = ['date', 'currency', 'rate'] as const;
type Title = (typeof TITLES)[number];

export interface RatesProblem {
  line: number;
  column: Title | null;
  problem: string;
}

function refuse(problems: RatesProblem[]): AppError {
  const first = problems[0]!;
  const where = `line ${first.line}${first.column === null ? '' : `, column ${first.column}`}`;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem(s))` : '';
  return new AppError(
    'invalid_input',
    `The rates file cannot be used: ${where}: ${first.problem}${more}. Fix the file and import it again.`,
    { reason: 'exchange_rates', problems },
  );
}

/** A calendar date written YYYY-MM-DD that exists. */
function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

function readTitles(
  header: CsvRecord | undefined,
  currency: string | undefined,
  problems: RatesProblem[],
): Map<Title, number> {
  const positions = new Map<Title, number>();
  if (header === undefined) {
    problems.push({
      line: 1,
      column: null,
      problem: 'the file is empty; its first line must be date,currency,rate',
    });
    return positions;
  }
  header.fields.forEach((raw, index) => {
    const title = (index === 0 ? raw.replace(/^\uFEFF/, '') : raw).trim().toLowerCase();
    if (!(TITLES as readonly string[]).includes(title))
      problems.push({
        line: header.line,
        column: null,
        problem: `"${title}" is not a column of a rates file (the titles are date,currency,rate)`,
      });
    else if (positions.has(title as Title))
      problems.push({
        line: header.line,
        column: title as Title,
        problem: `the column "${title}" is there twice`,
      });
    else positions.set(title as Title, index);
  });
  for (const title of TITLES) {
    if (positions.has(title) || (title === 'currency' && currency !== undefined)) continue;
    problems.push({
      line: header.line,
      column: title,
      problem:
        title === 'currency'
          ? 'the column "currency" is missing (or say which currency the file is for)'
          : `the column "${title}" is missing`,
    });
  }
  return positions;
}

function readRate(
  record: CsvRecord,
  positions: Map<Title, number>,
  currency: string | undefined,
  problems: RatesProblem[],
): ExchangeRate | undefined {
  const before = problems.length;
  const cell = (title: Title): string | undefined => {
    const index = positions.get(title);
    return index === undefined ? undefined : (record.fields[index] ?? '').trim();
  };
  const date = cell('date') ?? '';
  if (date !== '' && !isCalendarDate(date))
    problems.push({
      line: record.line,
      column: 'date',
      problem: `"${date}" is not a date: write YYYY-MM-DD, e.g. 2026-10-31 (empty: the period's rate)`,
    });
  const code = (cell('currency') ?? currency ?? '').toUpperCase();
  if (code === '')
    problems.push({ line: record.line, column: 'currency', problem: 'this cell is empty; it is required' });
  else if (!isKnownCurrency(code))
    problems.push({
      line: record.line,
      column: 'currency',
      problem: `"${code}" is not an ISO 4217 currency code (write e.g. EUR)`,
    });
  const rate = cell('rate') ?? '';
  const wrong = rateProblem(rate);
  if (wrong !== null) problems.push({ line: record.line, column: 'rate', problem: `the rate ${wrong}` });
  if (problems.length > before) return undefined;
  return { currency: code, date: date === '' ? null : date, rate: canonicalRate(rate) };
}

/** The rates in a CSV text, or an `invalid_input` AppError naming each bad line and column. */
export function readRatesCsv(text: string, currency?: string): ExchangeRate[] {
  const read = readCsv(text, ',');
  const problems: RatesProblem[] = read.problems.map((p) => ({
    line: p.line,
    column: null,
    problem: p.problem,
  }));
  const [header, ...data] = read.records;
  const positions = readTitles(header, currency, problems);
  if (problems.length > 0) throw refuse(problems);
  const rates: ExchangeRate[] = [];
  const seen = new Map<string, number>();
  for (const record of data) {
    if (record.fields.every((field) => field.trim() === '')) continue;
    if (record.fields.length !== header!.fields.length) {
      problems.push({
        line: record.line,
        column: null,
        problem: `${record.fields.length} field(s) where the titles name ${header!.fields.length}`,
      });
      continue;
    }
    const rate = readRate(record, positions, currency, problems);
    if (rate === undefined) continue;
    const key = `${rate.currency}\u0000${rate.date ?? ''}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      const which =
        rate.date === null
          ? `the period's ${rate.currency} rate`
          : `the ${rate.currency} rate for ${rate.date}`;
      problems.push({ line: record.line, column: 'date', problem: `${which} is already on line ${earlier}` });
      continue;
    }
    seen.set(key, record.line);
    rates.push(rate);
  }
  if (problems.length > 0) throw refuse(problems.sort((a, b) => a.line - b.line));
  if (rates.length === 0)
    throw refuse([{ line: header!.line, column: null, problem: 'the file has titles but no rate' }]);
  return rates;
}
