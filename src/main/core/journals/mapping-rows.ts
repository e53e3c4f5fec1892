/**
 * Settings → Accounting's rows, checked by the mapping file's own rules: the rows a person saves are
 * written as a mapping file and read back with `parseAccountMapping`, so what is saved is exactly
 * what `--accounts` would accept, and an export reads back the same. A refusal names the float,
 * currency and field in words (the form shows it under the cell), never a line of a file no one saw.
 */
import type { AccountMappingRowInput } from '../../../shared/ipc/contract-journal-mapping';
import { AppError, type FieldIssue } from '../../../shared/ipc/errors';
import type { StoredAccountMapping } from '../ledger/repositories/account-mappings';
import { writeCsv } from '../recon/statements/csv';
import { startsLikeFormula } from '../export/csv-cells';
import { BOM } from '../export/csv-dialect';
import {
  OPTIONAL_TITLES,
  parseAccountMapping,
  REQUIRED_TITLES,
  TAX_LINE_KINDS,
  type AccountMapping,
  type AccountMappingRow,
  type MappingProblem,
} from './account-mapping';

type Field = keyof AccountMappingRowInput;

/** The mapping file's columns, in its order, with the row field and the words a person reads. */
const COLUMNS: ReadonlyArray<{ title: string; field: Field; words: string }> = [
  { title: 'float', field: 'float', words: 'float' },
  { title: 'currency', field: 'currency', words: 'currency' },
  { title: 'float_account', field: 'floatAccount', words: 'prepaid float account' },
  { title: 'bank_account', field: 'bankAccount', words: 'bank account' },
  { title: 'cost_account', field: 'costAccount', words: 'gift-card cost account' },
  { title: 'variance_account', field: 'varianceAccount', words: 'variance account' },
  { title: 'refunds_account', field: 'refundsAccount', words: 'refunds receivable account' },
  { title: 'tax_code', field: 'taxCode', words: 'tax code' },
  { title: 'tracking', field: 'tracking', words: 'tracking' },
  { title: 'rounding_account', field: 'roundingAccount', words: 'rounding account' },
  { title: 'tax_codes', field: 'taxCodes', words: 'tax codes by line' },
];
export const MAPPING_TITLES = [...REQUIRED_TITLES, ...OPTIONAL_TITLES] as const;

/** A line break, tab or other control character (U+0000–U+001F, U+007F). */
const hasControl = (text: string): boolean =>
  [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

function trimmed(row: AccountMappingRowInput): AccountMappingRowInput {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value.trim()]),
  ) as unknown as AccountMappingRowInput;
}

function fieldsOf(row: AccountMappingRowInput): string[] {
  return COLUMNS.map(({ field }) => row[field]);
}

/** Tracking as the mapping file writes it: "Name=Option;Name=Option". */
export function trackingText(row: Pick<AccountMappingRow, 'tracking'>): string {
  return row.tracking.map(({ name, option }) => `${name}=${option}`).join(';');
}

/** Tax codes by line as the mapping file writes them: "kind=Code;kind=Code", in TAX_LINE_KINDS order. */
export function taxCodesText(row: Pick<AccountMappingRow, 'taxCodes'>): string {
  return TAX_LINE_KINDS.flatMap((kind) => {
    const code = row.taxCodes[kind];
    return code === undefined ? [] : [`${kind}=${code}`];
  }).join(';');
}

/** What the file could not carry back unchanged: control characters, and formula-like starts. */
function cellProblems(row: AccountMappingRowInput, index: number): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const { field, words } of COLUMNS) {
    const value = row[field];
    if (hasControl(value))
      issues.push({
        field: `rows[${index}].${field}`,
        problem: `the ${words} holds a line break or tab; remove it`,
      });
    else if (startsLikeFormula(value))
      issues.push({
        field: `rows[${index}].${field}`,
        problem: `the ${words} starts with ${value[0]}, which a spreadsheet reads as a formula; remove it`,
      });
  }
  return issues;
}

function whose(row: AccountMappingRowInput | undefined): string {
  if (row === undefined) return 'The mapping';
  const float = row.float === '' ? 'A row with no float' : `"${row.float}"`;
  return row.currency === '' ? float : `${float} in ${row.currency}`;
}

function refuse(rows: readonly AccountMappingRowInput[], issues: FieldIssue[]): AppError {
  const first = issues[0]!;
  const index = Number(/^rows\[(\d+)\]/.exec(first.field)?.[1] ?? -1);
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem(s))` : '';
  return new AppError(
    'invalid_input',
    `The account mapping was not saved: ${whose(rows[index])}: ${first.problem}${more}. Correct it and save again.`,
    { reason: 'account_mapping', issues },
  );
}

function issueOf(problem: MappingProblem): FieldIssue {
  // Line 1 holds the titles, so row i is on line i + 2 (no cell holds a line break: checked first).
  const column = COLUMNS.find(({ title }) => title === problem.column);
  const index = problem.line - 2;
  const text = problem.problem.replace('this cell is empty; it is required', 'it is empty; it is required');
  return {
    field: column === undefined ? `rows[${index}]` : `rows[${index}].${column.field}`,
    problem: column === undefined ? text : `${column.words}: ${text}`,
  };
}

/**
 * A mapping file's text (UTF-8 BOM, CRLF, RFC 4180 quoting) from rows already checked. The
 * rounding_account and tax_codes columns only when a row fills them: a mapping without is the file
 * it always was.
 */
export function mappingCsv(rows: readonly StoredAccountMapping[]): string {
  const used = new Set<string>(MAPPING_TITLES.slice(0, REQUIRED_TITLES.length + 2));
  if (rows.some((row) => row.roundingAccount !== null)) used.add('rounding_account');
  if (rows.some((row) => row.taxCodes !== '')) used.add('tax_codes');
  const columns = COLUMNS.map((column, index) => ({ ...column, index })).filter(({ title }) =>
    used.has(title),
  );
  const records = rows.map((row) => {
    const fields = fieldsOf({
      ...row,
      taxCode: row.taxCode ?? '',
      roundingAccount: row.roundingAccount ?? '',
    });
    return columns.map(({ index }) => fields[index]!);
  });
  return BOM + writeCsv([columns.map(({ title }) => title), ...records], ',');
}

/** The rows checked, trimmed and in the stored form, or an `invalid_input` naming each problem. */
export function checkMappingRows(input: readonly AccountMappingRowInput[]): StoredAccountMapping[] {
  const rows = input.map(trimmed);
  if (rows.length === 0) return [];
  const cells = rows.flatMap(cellProblems);
  if (cells.length > 0) throw refuse(rows, cells);
  const text = writeCsv([[...MAPPING_TITLES], ...rows.map(fieldsOf)], ',');
  let mapping: AccountMapping;
  try {
    mapping = parseAccountMapping(text);
  } catch (error) {
    const problems = (error as AppError).details?.problems as MappingProblem[] | undefined;
    if (!(error instanceof AppError) || problems === undefined) throw error;
    throw refuse(rows, problems.map(issueOf));
  }
  return storedRows(mapping);
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A parsed mapping in the stored form, by currency then float. */
export function storedRows(mapping: AccountMapping): StoredAccountMapping[] {
  return mapping.rows
    .map((row) => ({ ...row, tracking: trackingText(row), taxCodes: taxCodesText(row) }))
    .sort((a, b) => compare(a.currency, b.currency) || compare(a.float, b.float));
}
