/**
 * The parameterised SQL of one window of the transfer table: the platform's filters plus free text,
 * combined with AND, sorted on any column with the row id as the tie-break (same direction, so the
 * sort indexes serve both directions). Values SQL cannot compute exactly (amount keys, the amounts'
 * text, the compact reference) are read from the list_* columns the core keeps fresh (list-values.ts).
 */
import { compactReference } from '../../../shared/domain/creditor-reference';
import type { TransferFilters, TransferSort } from '../../../shared/ipc/contract-transfers';
import { ORIGIN_SUBMITTED } from '../ledger/repositories/transfer-list';

export type SqlValue = string | number | bigint | null;

export interface WindowQuery {
  /** count(*) of every match */
  countSql: string;
  /** The ids of the window, in order; takes `params` plus limit and offset. See windowPlan. */
  idsSql: (plan: WindowPlan) => string;
  /** parameters of countSql */
  params: SqlValue[];
  /** Whether any filter narrows the rows (beyond the workspace). */
  filtered: boolean;
  /**
   * Every match in order (the export): `SELECT columns FROM transfer_requests r <join> WHERE ...
   * ORDER BY ...`, `thenBy` appended to the order; takes `params` (after the join's own, if any).
   */
  rowsSql: (plan: WindowPlan, columns: string, join?: string, thenBy?: string) => string;
}

/**
 * How to find a window. 'walk': read the sort column's index in order and stop after the window (best
 * when matches are plenty). 'sort-matches': find every match through the filters, then sort just those
 * (best when they are few: walking the index would visit most rows to find them). The ledger keeps no
 * planner statistics, and one workspace holds every row, so SQLite cannot tell the two apart itself.
 */
export type WindowPlan = 'walk' | 'sort-matches';

/** Few enough matches to sort them all, or a window too deep in them to walk to cheaply. */
export function windowPlan(query: WindowQuery, total: number, offset: number, limit: number): WindowPlan {
  if (!query.filtered) return 'walk';
  return total <= SORT_MATCHES_UP_TO || (offset + limit) * 4 > total ? 'sort-matches' : 'walk';
}

const SORT_MATCHES_UP_TO = 5_000;

const SORT_EXPRESSIONS: Readonly<Record<TransferSort['column'], string>> = {
  createdAt: 'r.created_utc',
  paymentReference: 'r.payment_reference',
  float: 'r.float_name',
  currency: 'r.currency',
  requested: 'r.requested_key',
  approved: 'r.approved_key',
  difference: 'r.difference_key',
  status: 'r.status',
  origin: ORIGIN_SUBMITTED,
  lastChangedAt: 'r.last_changed_at',
};

/** Newest first, as the platform lists them. */
export const DEFAULT_SORT: TransferSort = { column: 'createdAt', direction: 'desc' };

/** The separator between the fields of list_text; a needle cannot contain it, so no match spans two. */
export const TEXT_SEPARATOR = '\u001f';

/** Free text as matched: lower case (list_text is stored lower case), the field separator removed. */
export function textNeedle(text: string): string {
  return text.split(TEXT_SEPARATOR).join('').trim().toLowerCase();
}

function shiftDay(date: string, days: number): string | undefined {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms)) return undefined;
  return new Date(ms + days * 86_400_000).toISOString().slice(0, 10);
}

export function buildWindowQuery(
  workspaceId: number,
  filters: TransferFilters = {},
  sort = DEFAULT_SORT,
): WindowQuery {
  const where = ['r.workspace_id = ?'];
  const params: SqlValue[] = [workspaceId];
  const add = (clause: string, ...values: SqlValue[]): void => {
    where.push(clause);
    params.push(...values);
  };
  if (filters.float !== undefined) add('r.float_name = ?', filters.float);
  if (filters.currency !== undefined) add('r.currency = ?', filters.currency);
  if (filters.paymentReference !== undefined)
    add('r.list_reference = ?', compactReference(filters.paymentReference));
  // The date is created_at's own (the platform's local day). That day lies within 14 hours of the
  // UTC one, so a day's margin on created_utc lets the index narrow the scan first.
  if (filters.from !== undefined) {
    const low = shiftDay(filters.from, -1);
    if (low !== undefined) add('r.created_utc >= ?', low);
    add('substr(r.created_at, 1, 10) >= ?', filters.from);
  }
  if (filters.to !== undefined) {
    const high = shiftDay(filters.to, 2);
    if (high !== undefined) add('r.created_utc < ?', high);
    add('substr(r.created_at, 1, 10) <= ?', filters.to);
  }
  // An empty list means no status was picked: no filter, like every other absent filter.
  if (filters.statuses !== undefined && filters.statuses.length > 0)
    add(`r.status IN (${filters.statuses.map(() => '?').join(', ')})`, ...filters.statuses);
  const hasIndexedFilter = where.length > 1;
  const needle = filters.text === undefined ? '' : textNeedle(filters.text);
  if (needle !== '') add('instr(r.list_text, ?) > 0', needle);

  const direction = sort.direction === 'asc' ? 'ASC' : 'DESC';
  const expression = SORT_EXPRESSIONS[sort.column];
  const whereSql = `WHERE ${where.join(' AND ')}`;
  // Free text alone reads every row: in table order, not through an index and a lookup per row.
  const table =
    where.length > 1 && !hasIndexedFilter ? 'transfer_requests r NOT INDEXED' : 'transfer_requests r';
  const orderSql = (plan: WindowPlan): string =>
    `ORDER BY ${plan === 'walk' ? '' : '+'}${expression} ${direction}, r.id ${direction}`;
  return {
    countSql: `SELECT count(*) FROM ${table} ${whereSql}`,
    rowsSql: (plan, columns, join = '', thenBy = '') =>
      `SELECT ${columns} FROM ${plan === 'walk' ? 'transfer_requests r' : table} ${join} ${whereSql}
        ${orderSql(plan)}${thenBy === '' ? '' : `, ${thenBy}`}`,
    // A unary + keeps SQLite from walking the sort index, so it finds the matches through the filters.
    idsSql: (plan) =>
      `SELECT r.id FROM ${plan === 'walk' ? 'transfer_requests r' : table} ${whereSql}
        ORDER BY ${plan === 'walk' ? '' : '+'}${expression} ${direction}, r.id ${direction} LIMIT ? OFFSET ?`,
    params,
    filtered: where.length > 1,
  };
}
