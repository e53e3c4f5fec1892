import { FACET_NAMES } from '@shared/ipc/contract-catalogue';

/**
 * The Brands screen's view in the URL hash, so a view can be bookmarked and reopened:
 * `#/brands?q=amb&category=baby,beauty&status=ENABLED&sort=-discount&page=2`, and the change log
 * `#/brands?view=changes&from=2026-01-01&to=2026-01-31&kind=changed&page=1`.
 * Facet values are comma-separated (a value holding a comma is percent-encoded first); values that
 * cannot be right (an unknown sort, a date that is not a date) are ignored rather than sent. Pure.
 */

export type FacetName = (typeof FACET_NAMES)[number];
export type BrandSort = 'relevance' | 'name' | 'discount' | 'lastUpdated';
export type Direction = 'asc' | 'desc';
export type ChangeKind = 'new' | 'vanished' | 'returned' | 'changed';

export const BRAND_SORTS: readonly BrandSort[] = ['relevance', 'name', 'discount', 'lastUpdated'];
export const CHANGE_KINDS: readonly ChangeKind[] = ['new', 'vanished', 'returned', 'changed'];
export const PAGE_SIZE = 50;
export const CHANGES_PAGE_SIZE = 50;

export interface BrandsView {
  text: string;
  filters: Partial<Record<FacetName, string[]>>;
  /** null: the core's default (relevance with text, else name). */
  sort: { column: BrandSort; direction: Direction } | null;
  /** Zero-based page of PAGE_SIZE brands. */
  page: number;
}

export interface ChangesView {
  from?: string;
  to?: string;
  kinds: ChangeKind[];
  page: number;
}

const MAX_TEXT = 500;
const MAX_VALUES = 50;
const MAX_PAGE = 20_000;

function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

function parsePage(value: string | undefined): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 0;
  return Math.min(MAX_PAGE, Math.max(0, Number(value) - 1));
}

function decodeValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** `a,b%2Cc` → ['a', 'b,c']: distinct, non-empty, at most 50 of at most 200 characters. */
export function splitValues(text: string | undefined): string[] {
  if (!text) return [];
  const values = text
    .split(',')
    .map((value) => decodeValue(value).trim())
    .filter((value) => value.length > 0 && value.length <= 200);
  return [...new Set(values)].slice(0, MAX_VALUES);
}

export function joinValues(values: readonly string[]): string | undefined {
  return values.length === 0
    ? undefined
    : values.map((value) => value.replaceAll('%', '%25').replaceAll(',', '%2C')).join(',');
}

export function parseBrandSort(value: string | undefined): BrandsView['sort'] {
  if (!value) return null;
  const descending = value.startsWith('-');
  const column = descending ? value.slice(1) : value;
  if (!(BRAND_SORTS as readonly string[]).includes(column)) return null;
  return { column: column as BrandSort, direction: descending ? 'desc' : 'asc' };
}

export function brandsViewFromQuery(query: Readonly<Record<string, string>>): BrandsView {
  const filters: BrandsView['filters'] = {};
  for (const facet of FACET_NAMES) {
    const values = splitValues(query[facet]);
    if (values.length > 0) filters[facet] = values;
  }
  const text = (query.q ?? '').trim().slice(0, MAX_TEXT);
  return { text, filters, sort: parseBrandSort(query.sort), page: parsePage(query.page) };
}

export function queryFromBrandsView(view: BrandsView): Record<string, string | undefined> {
  const query: Record<string, string | undefined> = { q: view.text || undefined };
  for (const facet of FACET_NAMES) query[facet] = joinValues(view.filters[facet] ?? []);
  query.sort = view.sort ? `${view.sort.direction === 'desc' ? '-' : ''}${view.sort.column}` : undefined;
  query.page = view.page > 0 ? String(view.page + 1) : undefined;
  return query;
}

/** One key per distinct search (the same whatever order the values came in). */
export function brandsViewKey(view: BrandsView): string {
  const filters = FACET_NAMES.map((facet) => [...(view.filters[facet] ?? [])].sort());
  return JSON.stringify([view.text, filters, view.sort, view.page]);
}

export function hasBrandFilters(view: BrandsView): boolean {
  return view.text !== '' || Object.values(view.filters).some((values) => values.length > 0);
}

/** A facet value ticked or unticked; any change of filters goes back to the first page. */
export function toggleFacetValue(view: BrandsView, facet: FacetName, value: string): BrandsView {
  const current = view.filters[facet] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const filters = { ...view.filters };
  if (next.length === 0) delete filters[facet];
  else filters[facet] = next;
  return { ...view, filters, page: 0 };
}

export function changesViewFromQuery(query: Readonly<Record<string, string>>): ChangesView {
  const kinds = splitValues(query.kind).filter((kind): kind is ChangeKind =>
    (CHANGE_KINDS as readonly string[]).includes(kind),
  );
  const view: ChangesView = { kinds, page: parsePage(query.page) };
  if (query.from && isDate(query.from)) view.from = query.from;
  if (query.to && isDate(query.to)) view.to = query.to;
  return view;
}

export function queryFromChangesView(view: ChangesView): Record<string, string | undefined> {
  return {
    view: 'changes',
    from: view.from,
    to: view.to,
    kind: joinValues(view.kinds),
    page: view.page > 0 ? String(view.page + 1) : undefined,
  };
}

export function changesViewKey(view: ChangesView): string {
  return JSON.stringify([view.from ?? null, view.to ?? null, [...view.kinds].sort(), view.page]);
}
