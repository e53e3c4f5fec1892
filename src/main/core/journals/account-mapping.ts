/**
 * The account mapping: for each float and currency, the accounts its journal lines go to. Read from
 * the mapping CSV (what Settings imports and exports and `--accounts` names): the titles
 * `float,currency,float_account,bank_account,cost_account,variance_account,refunds_account`, one row
 * per float and currency, optional `tax_code`, `tracking` ("Name=Option", two at most, `;` apart),
 * `rounding_account` (where a conversion into the books' currency posts its rounding difference) and
 * `tax_codes` (a tax code per kind of line where the product needs another than `tax_code`:
 * "cost=20% (VAT on Expenses);bank=No VAT", `;` apart, kinds as TAX_LINE_KINDS).
 */
import { isKnownCurrency } from '../../../shared/domain/currency';
import { AppError } from '../../../shared/ipc/errors';
import { readCsv, type CsvRecord } from '../recon/statements/csv';
import type { StoredAccountMapping } from '../ledger/repositories/account-mappings';
import type { TrackingValue } from './types';

export const REQUIRED_TITLES = [
  'float',
  'currency',
  'float_account',
  'bank_account',
  'cost_account',
  'variance_account',
  'refunds_account',
] as const;
export const OPTIONAL_TITLES = ['tax_code', 'tracking', 'rounding_account', 'tax_codes'] as const;

/** The kinds of journal line, by the account each goes to: what `tax_codes` names. */
export const TAX_LINE_KINDS = ['float', 'bank', 'cost', 'variance', 'refunds', 'rounding'] as const;
export type TaxLineKind = (typeof TAX_LINE_KINDS)[number];
export type TaxCodes = Partial<Record<TaxLineKind, string>>;
type Title = (typeof REQUIRED_TITLES)[number] | (typeof OPTIONAL_TITLES)[number];

/** Tracking categories an accounting product takes per line (Xero: two). */
export const MAX_TRACKING = 2;

/** A row of the mapping: the stored row (account-mappings.ts) with its tracking and tax codes read. */
export type AccountMappingRow = Omit<StoredAccountMapping, 'tracking' | 'taxCodes'> & {
  tracking: TrackingValue[];
  /** A tax code per kind of line, where it is not `taxCode`. */
  taxCodes: TaxCodes;
};

/** The tax code a line of this kind carries: its own from `tax_codes`, else the row's. */
export function taxCodeFor(
  row: Pick<AccountMappingRow, 'taxCode' | 'taxCodes'>,
  kind: TaxLineKind,
): string | null {
  return row.taxCodes[kind] ?? row.taxCode;
}

/** The rows, found by float and currency. */
export interface AccountMapping {
  rows: readonly AccountMappingRow[];
}

export function mappingKey(float: string, currency: string): string {
  return `${currency}\u0000${float}`;
}

export function findMapping(
  mapping: AccountMapping,
  float: string,
  currency: string,
): AccountMappingRow | undefined {
  return mapping.rows.find((row) => row.float === float && row.currency === currency);
}

export interface MappingProblem {
  line: number;
  column: string | null;
  problem: string;
}

const refuse = (problems: MappingProblem[]): AppError => {
  const first = problems[0]!;
  const where = `line ${first.line}${first.column === null ? '' : `, column ${first.column}`}`;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem(s))` : '';
  return new AppError(
    'invalid_input',
    `The account mapping file cannot be used: ${where}: ${first.problem}${more}. Fix the file and import it again.`,
    { reason: 'account_mapping', problems },
  );
};

function readTitles(record: CsvRecord | undefined, problems: MappingProblem[]): Map<Title, number> {
  const positions = new Map<Title, number>();
  if (record === undefined) {
    problems.push({
      line: 1,
      column: null,
      problem: `the file is empty; its first line must be the titles ${REQUIRED_TITLES.join(',')}`,
    });
    return positions;
  }
  const known: readonly string[] = [...REQUIRED_TITLES, ...OPTIONAL_TITLES];
  record.fields.forEach((raw, index) => {
    const title = (index === 0 ? raw.replace(/^\uFEFF/, '') : raw).trim();
    if (!known.includes(title)) {
      problems.push({
        line: record.line,
        column: title,
        problem: `"${title}" is not a column of the mapping (the titles are ${[...REQUIRED_TITLES, ...OPTIONAL_TITLES].join(', ')})`,
      });
    } else if (positions.has(title as Title)) {
      problems.push({ line: record.line, column: title, problem: `the column "${title}" is there twice` });
    } else positions.set(title as Title, index);
  });
  for (const title of REQUIRED_TITLES) {
    if (!positions.has(title))
      problems.push({ line: record.line, column: title, problem: `the column "${title}" is missing` });
  }
  return positions;
}

function parseTracking(text: string, line: number, problems: MappingProblem[]): TrackingValue[] {
  if (text === '') return [];
  const parts = text.split(';').map((part) => part.trim());
  const values: TrackingValue[] = [];
  for (const part of parts) {
    const equals = part.indexOf('=');
    const name = equals < 0 ? '' : part.slice(0, equals).trim();
    const option = equals < 0 ? '' : part.slice(equals + 1).trim();
    if (name === '' || option === '') {
      problems.push({
        line,
        column: 'tracking',
        problem: `"${part}" is not a tracking value: write Name=Option, e.g. Region=North`,
      });
      return [];
    }
    values.push({ name, option });
  }
  if (values.length > MAX_TRACKING) {
    problems.push({
      line,
      column: 'tracking',
      problem: `${values.length} tracking values; at most ${MAX_TRACKING} are allowed`,
    });
    return [];
  }
  return values;
}

function parseTaxCodes(text: string, line: number, problems: MappingProblem[]): TaxCodes {
  const codes: TaxCodes = {};
  if (text === '') return codes;
  for (const part of text.split(';').map((piece) => piece.trim())) {
    const equals = part.indexOf('=');
    const kind = equals < 0 ? '' : part.slice(0, equals).trim();
    const code = equals < 0 ? '' : part.slice(equals + 1).trim();
    const problem =
      kind === '' || code === ''
        ? `"${part}" is not a tax code by line: write kind=Code, e.g. cost=20% (VAT on Expenses)`
        : !(TAX_LINE_KINDS as readonly string[]).includes(kind)
          ? `"${kind}" is not a kind of line (the kinds are ${TAX_LINE_KINDS.join(', ')})`
          : codes[kind as TaxLineKind] !== undefined
            ? `the kind "${kind}" is given twice`
            : null;
    if (problem !== null) {
      problems.push({ line, column: 'tax_codes', problem });
      return {};
    }
    codes[kind as TaxLineKind] = code;
  }
  return codes;
}

function readRow(
  record: CsvRecord,
  positions: Map<Title, number>,
  width: number,
  problems: MappingProblem[],
): AccountMappingRow | undefined {
  if (record.fields.length !== width) {
    problems.push({
      line: record.line,
      column: null,
      problem: `${record.fields.length} field(s) where the titles name ${width}`,
    });
    return undefined;
  }
  const before = problems.length;
  const cell = (title: Title): string => {
    const index = positions.get(title);
    return index === undefined ? '' : record.fields[index]!.trim();
  };
  const required = (title: Title): string => {
    const value = cell(title);
    if (value === '')
      problems.push({ line: record.line, column: title, problem: 'this cell is empty; it is required' });
    return value;
  };
  const float = required('float');
  const currency = required('currency');
  if (currency !== '' && !isKnownCurrency(currency)) {
    problems.push({
      line: record.line,
      column: 'currency',
      problem: `"${currency}" is not an ISO 4217 currency code (write e.g. GBP or EUR)`,
    });
  }
  const row: AccountMappingRow = {
    float,
    currency,
    floatAccount: required('float_account'),
    bankAccount: required('bank_account'),
    costAccount: required('cost_account'),
    varianceAccount: required('variance_account'),
    refundsAccount: required('refunds_account'),
    taxCode: cell('tax_code') === '' ? null : cell('tax_code'),
    tracking: parseTracking(cell('tracking'), record.line, problems),
    roundingAccount: cell('rounding_account') === '' ? null : cell('rounding_account'),
    taxCodes: parseTaxCodes(cell('tax_codes'), record.line, problems),
  };
  return problems.length === before ? row : undefined;
}

/** The mapping in a CSV text, or an `invalid_input` AppError naming each bad line and column. */
export function parseAccountMapping(text: string): AccountMapping {
  const read = readCsv(text, ',');
  const problems: MappingProblem[] = read.problems.map((p) => ({
    line: p.line,
    column: null,
    problem: p.problem,
  }));
  const [header, ...data] = read.records;
  const positions = readTitles(header, problems);
  if (problems.length > 0) throw refuse(problems);
  const rows: AccountMappingRow[] = [];
  const seen = new Map<string, number>();
  for (const record of data) {
    const row = readRow(record, positions, header!.fields.length, problems);
    if (row === undefined) continue;
    const key = mappingKey(row.float, row.currency);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problems.push({
        line: record.line,
        column: 'float',
        problem: `${row.float} in ${row.currency} is already mapped on line ${earlier}`,
      });
      continue;
    }
    seen.set(key, record.line);
    rows.push(row);
  }
  if (problems.length > 0) throw refuse(problems.sort((a, b) => a.line - b.line));
  if (rows.length === 0)
    throw refuse([{ line: header!.line, column: null, problem: 'the file has titles but no mapping row' }]);
  return { rows };
}
