import { AGEING_BUCKETS, RECON_STATES } from '@shared/ipc/contract-reconcile';
import { hrefFor } from '../../lib/router';
import type { AgeingBucket, ReconState } from '../../stores/recon-items-store';

/**
 * The Reconciliation page's URL query: `#/reconciliation?asOf=2026-03-31&state=variance&age=8-30`.
 * Values that are not valid are ignored (the page falls back to its defaults). Pure.
 */
export interface ReconView {
  asOf?: string;
  state?: ReconState;
  ageing?: AgeingBucket;
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
  return view;
}

export function hrefOfView(view: ReconView): string {
  return hrefFor('reconciliation', { query: { asOf: view.asOf, state: view.state, age: view.ageing } });
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
