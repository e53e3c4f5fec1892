/**
 * The transfer table done the plain way, for comparison with transfers:list: generated requests,
 * then filter and sort in JavaScript with decimal.js, written from the contract's words alone.
 */
import Decimal from 'decimal.js';
import type { TransferObservation } from '../../src/main/core/ledger/repositories/transfers';
import type { TransferFilters, TransferSort } from '../../src/shared/ipc/contract-transfers';

export const FLOATS = ['Main', 'main', 'Rewards "EU"', 'Ops £', 'Café 🎁', 'Events'];
const CURRENCIES = [
  ['GBP', 2],
  ['EUR', 2],
  ['JPY', 0],
  ['KWD', 3],
  ['XYZ', 2],
] as const;
const STATUSES = ['pending', 'approved', 'approved_edited', 'removed', 'cancelled', 'on_hold'];
const OFFSETS = ['+00:00', '+01:00', '-05:00', '+14:00', '-12:00', 'Z'];
/** A few amounts recur so that sorting needs its tie-break. */
const COMMON_MINOR = [100n, 2_500_000n, 999n];

function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function amountText(minor: bigint, exponent: number): string {
  const digits = minor.toString().padStart(exponent + 1, '0');
  return exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** `count` requests over 40 days, in several zones, currencies (one unknown) and precisions. */
export function generateRequests(count: number, seed = 6): TransferObservation[] {
  const random = prng(seed);
  return Array.from({ length: count }, (_, i) => {
    const [currency, exponent] = pick(random, CURRENCIES);
    const minor = random() < 0.2 ? pick(random, COMMON_MINOR) : BigInt(1 + Math.floor(random() * 1e9));
    // Every 17th amount has one decimal more than its currency allows (kept as sent).
    const requested =
      i % 17 === 0
        ? `${amountText(minor, exponent)}${exponent === 0 ? '.5' : '5'}`
        : amountText(minor, exponent);
    const status = pick(random, STATUSES);
    let approved: TransferObservation['approved'] = null;
    if (status.startsWith('approved') || status === 'removed') {
      const cut = BigInt(Math.floor(random() * 5000));
      const edited = status === 'approved_edited' && minor > cut ? minor - cut : minor;
      approved = { amount: amountText(edited, exponent), currency };
      if (i % 29 === 0) approved = { amount: '10.00', currency: currency === 'EUR' ? 'GBP' : 'EUR' };
    }
    const day = 1 + Math.floor(random() * 28);
    const time = `${pad(Math.floor(random() * 24))}:${pad(Math.floor(random() * 60))}:00`;
    const spaced = i % 11 === 0 ? `RF${pad(i % 97)} ${pad(i, 4)} X` : `RF${pad(i % 97)}${pad(i, 6)}`;
    return {
      float: pick(random, FLOATS),
      requested: { amount: requested, currency },
      approved,
      payment_reference: spaced,
      status,
      created_at: `2026-${pick(random, ['10', '11'])}-${pad(day)}T${time}${pick(random, OFFSETS)}`,
    };
  });
}

export interface ReferenceRow {
  id: number;
  item: TransferObservation;
  origin: 'submitted' | 'platform';
  lastChangedAt: string;
}

const EXPONENT: Record<string, number> = { GBP: 2, EUR: 2, JPY: 0, KWD: 3 };

/** The amount as shown: with the currency's decimals, or exactly as sent when it has more (or no known currency). */
export function shown(amount: string, currency: string): string {
  const exponent = EXPONENT[currency];
  const value = new Decimal(amount);
  if (exponent === undefined || value.decimalPlaces() > exponent) return amount;
  return value.toFixed(exponent);
}

export function difference(item: TransferObservation): Decimal | null {
  if (item.approved === null || item.approved.currency !== item.requested.currency) return null;
  return new Decimal(item.approved.amount).minus(item.requested.amount);
}

const compact = (text: string) => text.replace(/\s+/g, '').toUpperCase();

export function matches(row: ReferenceRow, filters: TransferFilters): boolean {
  const { item } = row;
  const day = item.created_at.slice(0, 10);
  if (filters.float !== undefined && item.float !== filters.float) return false;
  if (filters.currency !== undefined && item.requested.currency !== filters.currency) return false;
  if (
    filters.paymentReference !== undefined &&
    compact(item.payment_reference) !== compact(filters.paymentReference)
  )
    return false;
  if (filters.from !== undefined && day < filters.from) return false;
  if (filters.to !== undefined && day > filters.to) return false;
  if (filters.statuses?.length && !filters.statuses.includes(item.status)) return false;
  const needle = (filters.text ?? '').trim().toLowerCase();
  if (needle === '') return true;
  const fields = [item.payment_reference, item.float, item.requested.currency, item.status];
  fields.push(shown(item.requested.amount, item.requested.currency));
  if (item.approved) fields.push(shown(item.approved.amount, item.approved.currency));
  return fields.some((field) => field.toLowerCase().includes(needle));
}

type Key = string | Decimal | number | null;

function keyOf(row: ReferenceRow, column: TransferSort['column']): Key {
  const { item } = row;
  switch (column) {
    case 'createdAt':
      return Date.parse(item.created_at);
    case 'paymentReference':
      return item.payment_reference;
    case 'float':
      return item.float;
    case 'currency':
      return item.requested.currency;
    case 'requested':
      return new Decimal(item.requested.amount);
    case 'approved':
      return item.approved === null ? null : new Decimal(item.approved.amount);
    case 'difference':
      return difference(item);
    case 'status':
      return item.status;
    case 'origin':
      return row.origin;
    case 'lastChangedAt':
      return row.lastChangedAt;
  }
}

/** Nulls first ascending (as SQLite orders them), ties by id in the same direction. */
function compareKeys(a: Key, b: Key): number {
  if (a === null || b === null) return a === null ? (b === null ? 0 : -1) : 1;
  if (a instanceof Decimal) return a.comparedTo(b as Decimal);
  return a < b ? -1 : a > b ? 1 : 0;
}

export function referenceList(
  rows: readonly ReferenceRow[],
  filters: TransferFilters,
  sort: TransferSort,
): number[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .filter((row) => matches(row, filters))
    .sort((a, b) => sign * (compareKeys(keyOf(a, sort.column), keyOf(b, sort.column)) || a.id - b.id))
    .map((row) => row.id);
}
