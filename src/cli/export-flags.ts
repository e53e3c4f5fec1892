/**
 * `floatdesk export <table>` flags → an export request: each table takes only its own filters (a
 * flag meant for another table is a usage error naming it), and a value the contract refuses is
 * reported with the flag that carried it.
 */
import {
  EXPORT_FORMATS,
  EXPORT_TABLES,
  ExportRequestSchema,
  type ExportFormat,
  type ExportRequest,
} from '../shared/ipc/contract-export';
import { TRANSFER_SORT_COLUMNS } from '../shared/ipc/contract-transfers';
import { parseTypedAmount } from '../shared/domain/typed-amount';
import { UsageError, type CommandValues } from './arguments';

type TableName = (typeof EXPORT_TABLES)[number];

/** Filter flags of each table: flag → the field of `filters` (or of the request itself). */
const TABLE_FLAGS: Readonly<Record<TableName, Readonly<Record<string, string>>>> = {
  balances: { currency: 'currency', float: 'float' },
  'balance-history': { currency: 'currency', float: 'float', from: 'from', to: 'to' },
  transfers: {
    float: 'float',
    currency: 'currency',
    reference: 'paymentReference',
    from: 'from',
    to: 'to',
    status: 'statuses',
    text: 'text',
    sort: 'sort',
    'with-history': 'withHistory',
  },
  brands: { text: 'text', currency: 'currency', country: 'country', category: 'category', status: 'status' },
  'brand-changes': { brand: 'brand', from: 'from', to: 'to' },
  reconciliation: {
    'as-of': 'asOf',
    state: 'states',
    ageing: 'ageing',
    search: 'search',
    currency: 'currencies',
    float: 'floats',
    direction: 'direction',
    min: 'amountMin',
    max: 'amountMax',
    part: 'part',
    'sign-off': 'signOffId',
  },
  audit: { from: 'from', to: 'to', action: 'action' },
};

export const EXPORT_FILTER_FLAGS = [
  ...new Set(Object.values(TABLE_FLAGS).flatMap((flags) => Object.keys(flags))),
];

export const EXPORT_USAGE = `Usage: floatdesk export <${EXPORT_TABLES.join('|')}> [--workspace <dir>] --format ${EXPORT_FORMATS.join('|')} --out <file> [filters]`;

function list(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items
    .flatMap((item) => String(item).split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function sortOf(text: string): { column: string; direction: string } {
  const [column = '', direction = 'asc'] = text.split(':');
  if (!(TRANSFER_SORT_COLUMNS as readonly string[]).includes(column) || !['asc', 'desc'].includes(direction))
    throw new UsageError(
      `--sort must be <column>[:asc|desc] with a column of ${TRANSFER_SORT_COLUMNS.join(', ')}, not "${text}".`,
    );
  return { column, direction };
}

/** An amount bound as people type it ("2,500.00"), exact and unsigned. */
function amountOf(flag: string, raw: unknown): string {
  const read = parseTypedAmount(String(raw).trim());
  if (!read.ok || read.amount.startsWith('-'))
    throw new UsageError(
      `--${flag} must be an amount such as 2500.00 or 2,500.00${read.ok ? '' : ` (${read.problem})`}.`,
    );
  return read.amount;
}

function valueOf(table: TableName, flag: string, raw: unknown): unknown {
  if (flag === 'with-history') return raw === true;
  if (table === 'reconciliation') {
    if (flag === 'currency') return list(raw);
    if (flag === 'float') return [String(raw)];
    if (flag === 'min' || flag === 'max') return amountOf(flag, raw);
  }
  if (flag === 'sort') return sortOf(String(raw));
  if (flag === 'state' || (flag === 'status' && table === 'transfers')) return list(raw);
  if (Array.isArray(raw)) {
    if (raw.length > 1) throw new UsageError(`--${flag} takes one value for "export ${table}".`);
    return raw[0];
  }
  if (flag === 'sign-off') {
    if (!/^\d+$/.test(String(raw)))
      throw new UsageError(`--sign-off must be a sign-off id (a whole number), not "${String(raw)}".`);
    return Number(raw);
  }
  return raw;
}

export function parseExportTable(name: string | undefined): TableName {
  if (name === undefined) throw new UsageError(`Name the table to export. ${EXPORT_USAGE}`);
  if (!(EXPORT_TABLES as readonly string[]).includes(name))
    throw new UsageError(`Unknown table "${name}": choose one of ${EXPORT_TABLES.join(', ')}.`);
  return name as TableName;
}

export function parseExportFormat(values: CommandValues): ExportFormat {
  const format = values.format;
  if (format === undefined) throw new UsageError(`--format is required: ${EXPORT_FORMATS.join(', ')}.`);
  if (!(EXPORT_FORMATS as readonly string[]).includes(String(format)))
    throw new UsageError(`--format must be one of ${EXPORT_FORMATS.join(', ')}, not "${String(format)}".`);
  return format as ExportFormat;
}

/** Open-item filters of a reconciliation export, as recon:items takes them (item-list.ts). */
const RECON_ITEM_FILTERS = [
  'states',
  'ageing',
  'search',
  'currencies',
  'floats',
  'direction',
  'amountMin',
  'amountMax',
];

/**
 * On the command line an open-item filter is typed on purpose: the explicit choice to export only
 * those open items (the file says which filter it applied). Without one the report is complete. A
 * search that reads as an amount finds items of that size too, as on the screen.
 */
function onlyTheFiltered(filters: Record<string, unknown>): void {
  if (!RECON_ITEM_FILTERS.some((field) => filters[field] !== undefined)) return;
  if (filters.signOffId !== undefined)
    throw new UsageError(
      'A signed-off report is exported whole, as it was signed off: leave out the open-item filters with --sign-off.',
    );
  filters.onlyFiltered = true;
  if (typeof filters.search === 'string') {
    const read = parseTypedAmount(filters.search.trim().replace(/^[+-]/, ''));
    if (read.ok) filters.searchAmount = read.amount;
  }
}

/** The request the flags describe, checked against the contract. */
export function exportRequestOf(table: TableName, values: CommandValues): ExportRequest {
  const flags = TABLE_FLAGS[table];
  for (const flag of ['accounts', 'books-currency', 'rates', 'rate'])
    if (values[flag] !== undefined) throw new UsageError(`--${flag} applies only to "export journal".`);
  const filters: Record<string, unknown> = {};
  const request: Record<string, unknown> = { table };
  for (const flag of EXPORT_FILTER_FLAGS) {
    const raw = (values as Record<string, unknown>)[flag];
    if (raw === undefined || raw === false) continue;
    const field = flags[flag];
    if (field === undefined) throw new UsageError(`--${flag} does not apply to "export ${table}".`);
    const value = valueOf(table, flag, raw);
    if (field === 'sort' || field === 'withHistory') request[field] = value;
    else filters[field] = value;
  }
  // On the command line a state or age filter is typed on purpose: the explicit choice to export only
  // those open items (the file says which filter it applied). Without one the report is complete.
  if (table === 'reconciliation') onlyTheFiltered(filters);
  if (Object.keys(filters).length > 0) request.filters = filters;
  const parsed = ExportRequestSchema.safeParse(request);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.at(issue.path[0] === 'filters' ? 1 : 0);
  const flag = Object.entries(flags).find(([, name]) => name === field)?.[0] ?? String(field);
  throw new UsageError(`--${flag}: ${issue?.message ?? 'invalid value'}.`);
}
