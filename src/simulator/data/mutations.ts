/**
 * The world's changes, shared by the rules in state.ts (admin and API calls) and the daily background
 * activity: settling a transfer request, patching a brand, giving a template a new version.
 */
import type { SimBrand, SimFloat, SimTransfer, World } from '../model';
import { isoDate } from './common';
import { STATUS_REASONS } from './names';
import type { FinalStatus } from './transfer-rules';

export function findFloat(world: World, name: string, currency: string): SimFloat | undefined {
  return world.floats.find((float) => float.name === name && float.currency === currency);
}

/**
 * Settles a pending request. approved credits the float with the requested amount, approved_edited
 * with `editedMinor`; removed keeps an approved object equal to the requested amount (as the spec's
 * list example shows an object for removed) but credits nothing; cancelled has approved null.
 */
export function settleTransfer(
  world: World,
  transfer: SimTransfer,
  status: FinalStatus,
  editedMinor?: bigint,
): void {
  let approved: bigint | null = null;
  if (status === 'approved' || status === 'removed') approved = transfer.requestedMinor;
  if (status === 'approved_edited') approved = editedMinor ?? transfer.requestedMinor;
  transfer.status = status;
  transfer.approvedMinor = approved;
  transfer.plan = null;
  if ((status === 'approved' || status === 'approved_edited') && approved !== null) {
    const float = findFloat(world, transfer.float, transfer.currency);
    if (float) float.availableMinor += approved;
  }
}

export interface BrandChange {
  status?: SimBrand['status'];
  discount?: string;
  denominationsMinor?: bigint[];
}

/**
 * Applies a change to a brand and stamps last_updated. A status other than ENABLED always carries a
 * reason (a default one when none is given); ENABLED never does. An empty denomination list removes
 * the brand's fixed denominations.
 */
export function applyBrandChange(brand: SimBrand, change: BrandChange, at: number): void {
  if (change.status) {
    const { code, reason } = change.status;
    if (code === 'ENABLED') brand.status = { code };
    else brand.status = { code, reason: reason ?? STATUS_REASONS[code]?.[0] ?? 'Not available' };
  }
  if (change.discount !== undefined) brand.discount = change.discount;
  if (change.denominationsMinor !== undefined) {
    const sorted = [...new Set(change.denominationsMinor)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    if (sorted.length > 0) brand.denominationsMinor = sorted;
    else delete brand.denominationsMinor;
  }
  brand.lastUpdated = at;
}

const DATE_VERSION = /^(\d{4}-\d{2}-\d{2})(?:\.(\d+))?$/;

function parseVersion(version: string): { date: string; revision: number } | undefined {
  const match = DATE_VERSION.exec(version);
  if (!match) return undefined;
  return { date: match[1] as string, revision: match[2] === undefined ? 1 : Number(match[2]) };
}

/**
 * Whether `candidate` may replace `current`: date versions ("2026-10-01", then "2026-10-01.2", ...)
 * must be later; opaque versions only have to differ.
 */
export function isLaterVersion(candidate: string, current: string): boolean {
  const a = parseVersion(candidate);
  const b = parseVersion(current);
  if (!a || !b) return candidate !== current;
  return a.date > b.date || (a.date === b.date && a.revision > b.revision);
}

/** The version a template gets when published at `at`: that day's date, or a revision of it. */
export function nextTemplateVersion(current: string, at: number): string {
  const today = isoDate(at);
  const parsed = parseVersion(current);
  if (!parsed) return current === today ? `${today}.2` : today;
  if (parsed.date < today) return today;
  return `${parsed.date}.${parsed.revision + 1}`;
}
