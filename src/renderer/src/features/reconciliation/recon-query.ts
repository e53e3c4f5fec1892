import { AGEING_BUCKETS, ITEM_SORT_COLUMNS, RECON_STATES, type ItemSort } from '@shared/ipc/contract-recon';
import { hrefFor } from '../../lib/router';
import type { AgeingBucket, ReconState } from '../../stores/recon-items-store';

/**
 * The Reconciliation page's URL query: `#/reconciliation?asOf=2026-03-31&state=variance&age=8-30`,
 * and the open items' search and filters (`q`, `currency`, `float`, `dir`, `min`, `max`: amounts as
 * typed) and order (`sort=amount:desc`). Values that are not valid are ignored (the page falls
 * back to its defaults). Pure.
 */
export interface ReconView {
  asOf?: string;
  state?: ReconState;
  ageing?: AgeingBucket;
  search?: string;
  currency?: string;
  float?: string;
  direction?: 'in' | 'out';
  /** The amount range as typed (read by typed-amount.ts when the items are asked for). */
  min?: string;
  max?: string;
  sort?: ItemSort;
}

/** The open items' filters of a view (everything but the date and the order). */
export const ITEM_FILTER_KEYS = [
  'state',
  'ageing',
  'search',
  'currency',
  'float',
  'direction',
  'min',
  'max',
] as const;

export function hasItemFilters(view: ReconView): boolean {
  return ITEM_FILTER_KEYS.some((key) => view[key] !== undefined);
}

function sortFromQuery(text: string | undefined): ItemSort | undefined {
  const [column, way] = (text ?? '').split(':');
  if (!(ITEM_SORT_COLUMNS as readonly string[]).includes(column ?? '')) return undefined;
  return { column: column as ItemSort['column'], descending: way === 'desc' };
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

const isState = (value: string | undefined): value is ReconState =>
  value !== undefined && (RECON_STATES as readonly string[]).includes(value);
const isBucket = (value: string | undefined): value is AgeingBucket =>
  value !== undefined && (AGEING_BUCKETS as readonly string[]).includes(value);

export function viewFromQuery(query: Readonly<Record<string, string>>): ReconView {
  const view: ReconView = {};
  if (query.asOf !== undefined && isIsoDate(query.asOf)) view.asOf = query.asOf;
  if (isState(query.state)) view.state = query.state;
  if (isBucket(query.age)) view.ageing = query.age;
  const text = (value: string | undefined): string | undefined => value?.trim().slice(0, 200) || undefined;
  view.search = text(query.q);
  if (query.currency !== undefined && /^[A-Z]{3}$/.test(query.currency)) view.currency = query.currency;
  view.float = text(query.float);
  if (query.dir === 'in' || query.dir === 'out') view.direction = query.dir;
  view.min = text(query.min);
  view.max = text(query.max);
  view.sort = sortFromQuery(query.sort);
  for (const key of Object.keys(view) as Array<keyof ReconView>)
    if (view[key] === undefined) delete view[key];
  return view;
}

export function hrefOfView(view: ReconView): string {
  return hrefFor('reconciliation', {
    query: {
      asOf: view.asOf,
      state: view.state,
      age: view.ageing,
      q: view.search,
      currency: view.currency,
      float: view.float,
      dir: view.direction,
      min: view.min,
      max: view.max,
      sort:
        view.sort === undefined ? undefined : `${view.sort.column}:${view.sort.descending ? 'desc' : 'asc'}`,
    },
  });
}

/** The local calendar day of `now` as YYYY-MM-DD. */
export function localIsoDate(now: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The first day of the month of an ISO date: "2026-03-31" → "2026-03-01". */
export function monthStart(isoDate: string): string {
  return `${isoDate.slice(0, 8)}01`;
}

/** The base64 payload of a data: URL (FileReader.readAsDataURL), or null when it is not base64. */
export function base64FromDataUrl(dataUrl: string): string | null {
  const comma = dataUrl.indexOf(',');
  if (!dataUrl.startsWith('data:') || comma === -1) return null;
  if (!dataUrl.slice(0, comma).endsWith(';base64')) return null;
  return dataUrl.slice(comma + 1);
}
