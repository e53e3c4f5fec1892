import { isKnownCurrency } from '@shared/domain/currency';
import {
  TRANSFER_SORT_COLUMNS,
  type TransferFilters,
  type TransferSort,
} from '@shared/ipc/contract-transfers';

/**
 * The Transfers table's view in the URL hash, so a view can be bookmarked and reopened:
 * `#/transfers?float=Main&currency=GBP&reference=RF18…&from=2026-01-01&to=2026-01-31
 *  &status=pending,approved_edited&text=acme&sort=-requested`.
 * `sort` is a column name, `-` in front for descending; the default (newest first) is left out.
 * Values that cannot be right (a currency that is not three letters, a date that is not a date) are
 * ignored rather than sent.
 */

export type SortColumn = TransferSort['column'];

export const DEFAULT_SORT: TransferSort = { column: 'createdAt', direction: 'desc' };

export interface TransferView {
  filters: TransferFilters;
  sort: TransferSort;
}

const MAX_TEXT = 200;
const MAX_STATUSES = 20;

function isSortColumn(value: string): value is SortColumn {
  return (TRANSFER_SORT_COLUMNS as readonly string[]).includes(value);
}

function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

function clean(value: string | undefined, max: number): string | undefined {
  const text = value?.trim();
  return text ? text.slice(0, max) : undefined;
}

export function parseSort(value: string | undefined): TransferSort {
  if (!value) return DEFAULT_SORT;
  const descending = value.startsWith('-');
  const column = descending ? value.slice(1) : value;
  return isSortColumn(column) ? { column, direction: descending ? 'desc' : 'asc' } : DEFAULT_SORT;
}

export function sortParam(sort: TransferSort): string | undefined {
  if (sort.column === DEFAULT_SORT.column && sort.direction === DEFAULT_SORT.direction) return undefined;
  return `${sort.direction === 'desc' ? '-' : ''}${sort.column}`;
}

export function viewFromQuery(query: Readonly<Record<string, string>>): TransferView {
  const filters: TransferFilters = {};
  const float = clean(query.float, 200);
  if (float) filters.float = float;
  const currency = query.currency?.trim().toUpperCase();
  if (currency && /^[A-Z]{3}$/.test(currency) && isKnownCurrency(currency)) filters.currency = currency;
  const reference = clean(query.reference, 64);
  if (reference) filters.paymentReference = reference;
  if (query.from && isDate(query.from)) filters.from = query.from;
  if (query.to && isDate(query.to)) filters.to = query.to;
  const statuses = [
    ...new Set(
      (query.status ?? '')
        .split(',')
        .map((status) => status.trim())
        .filter((status) => status.length > 0 && status.length <= 64),
    ),
  ].slice(0, MAX_STATUSES);
  if (statuses.length > 0) filters.statuses = statuses;
  const text = clean(query.text, MAX_TEXT);
  if (text) filters.text = text;
  return { filters, sort: parseSort(query.sort) };
}

/** The query of a view; entries left undefined are not written (hrefFor drops them). */
export function queryFromView(view: TransferView): Record<string, string | undefined> {
  const { filters } = view;
  return {
    float: filters.float,
    currency: filters.currency,
    reference: filters.paymentReference,
    from: filters.from,
    to: filters.to,
    status: filters.statuses?.join(','),
    text: filters.text,
    sort: sortParam(view.sort),
  };
}

/** One key per distinct view (filters and sort), the same whatever order the fields came in. */
export function viewKey(view: TransferView): string {
  const { filters, sort } = view;
  return JSON.stringify([
    filters.float ?? null,
    filters.currency ?? null,
    filters.paymentReference ?? null,
    filters.from ?? null,
    filters.to ?? null,
    filters.statuses ? [...filters.statuses].sort() : null,
    filters.text ?? null,
    sort.column,
    sort.direction,
  ]);
}

export function hasFilters(filters: TransferFilters): boolean {
  return Object.values(filters).some((value) =>
    Array.isArray(value) ? value.length > 0 : value !== undefined && value !== '',
  );
}

/** Clicking a header: a new column sorts ascending (dates newest first), clicking it again flips it. */
export function nextSort(current: TransferSort, column: SortColumn): TransferSort {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  const newestFirst = column === 'createdAt' || column === 'lastChangedAt';
  return { column, direction: newestFirst ? 'desc' : 'asc' };
}
