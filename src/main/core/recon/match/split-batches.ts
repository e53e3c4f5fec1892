/**
 * Splits by exact sum, found through totals. Parts of a split are registered (requests) or paid
 * (bank lines) together: the candidates are the combinations of 2..maxParts free items of one group
 * (requests: one currency and one float; lines: one currency) dated within SPLIT_SPREAD_DAYS of
 * each other. A combination's exact total is kept only when some free item on the other side has
 * exactly that amount (and no total above the largest such amount is extended), so the other side
 * is answered by one look-up of its amount — linear work, however many items there are. A
 * combination counts only when every part lies within the window of the item it is paired with.
 */
import { FREE, type MatchContext } from './context';

/** Parts of a split are registered, or paid, within this many days of each other. */
export const SPLIT_SPREAD_DAYS = 3;
/** Options kept when several combinations fit one item. */
const MAX_TIED = 5;

/** Combinations by currency number, then by their exact total. */
export type Batches = Map<bigint, number[][]>[];

/** The items of one side (requests or bank lines) as batching reads them. */
interface Side {
  count: number;
  state: Uint8Array;
  currency: (i: number) => number;
  day: (i: number) => number;
  amount: (i: number) => bigint;
}

function sideOf(
  count: number,
  state: Uint8Array,
  currencies: Uint16Array,
  days: Int32Array,
  amount: (i: number) => bigint,
): Side {
  return { count, state, currency: (i) => currencies[i] as number, day: (i) => days[i] as number, amount };
}

const requestSide = (c: MatchContext): Side =>
  sideOf(c.requestCount, c.requestState, c.requestCurrencies, c.requestDays, (i) => c.requestedOf(i));
const lineSide = (c: MatchContext): Side =>
  sideOf(c.lineCount, c.lineState, c.lineCurrencies, c.lineDays, (i) => c.paidOf(i));

/**
 * Totals of every combination of one side's items, in date order and grouped (a combination never
 * mixes groups), that some amount of `wanted` (per currency) equals.
 */
function batches(
  context: MatchContext,
  side: Side,
  groups: Iterable<number[]>,
  wanted: Set<bigint>[],
): Batches {
  const { maxParts, maxCandidates } = context.options;
  const totals: Batches = context.currencies.map(() => new Map<bigint, number[][]>());
  const ceilings = wanted.map((amounts) => {
    let largest = 0n;
    for (const amount of amounts) if (amount > largest) largest = amount;
    return largest;
  });
  const safeWanted: (Set<number> | undefined)[] = [];
  const chosen: number[] = [];
  for (const group of groups) {
    if (group.length < 2) continue;
    const currency = side.currency(group[0] as number);
    const found = totals[currency] as Map<bigint, number[][]>;
    const amounts = wanted[currency] as Set<bigint>;
    const ceiling = ceilings[currency] as bigint;
    if (amounts.size === 0) continue;
    let end = 0;
    const keep = (sum: bigint): void => {
      const list = found.get(sum);
      if (list === undefined) found.set(sum, [[...chosen]]);
      else list.push([...chosen]);
    };
    // The common case: every amount small enough for any sum of maxParts of them to be an exact
    // double — summed as numbers (no BigInt per combination), a hit turned back into its BigInt.
    const values = asNumbers(group, side.amount, maxParts);
    const numbers = values === null ? null : (safeWanted[currency] ??= safeNumbers(amounts));
    const top = Number(ceiling);
    const extendNumber = (from: number, total: number): void => {
      const sums = numbers as Set<number>;
      const parts = values as Float64Array;
      for (let k = from; k < end; k++) {
        const sum = total + (parts[k] as number);
        if (sum > top) continue;
        chosen.push(group[k] as number);
        if (sums.has(sum)) keep(BigInt(sum));
        if (chosen.length < maxParts) extendNumber(k + 1, sum);
        chosen.pop();
      }
    };
    const extend = (from: number, total: bigint): void => {
      for (let k = from; k < end; k++) {
        const item = group[k] as number;
        const sum = total + side.amount(item);
        if (sum > ceiling) continue;
        chosen.push(item);
        if (amounts.has(sum)) keep(sum);
        if (chosen.length < maxParts) extend(k + 1, sum);
        chosen.pop();
      }
    };
    // Every combination is listed once, from its first member in date order: the set of
    // combinations (all members within the spread of the earliest) does not depend on that order.
    let dayStart = 0;
    for (let first = 0; first < group.length; first++) {
      const firstDay = side.day(group[first] as number);
      const lastDay = firstDay + SPLIT_SPREAD_DAYS;
      if (end < first + 1) end = first + 1;
      while (end < group.length && side.day(group[end] as number) <= lastDay) end++;
      while (side.day(group[dayStart] as number) < firstDay) dayStart++;
      // Too many dated within the spread to tell combinations apart: left to a person. (Counted
      // from the first of its day, so every item of one day decides alike, in any input order.)
      if (end - dayStart > maxCandidates || end === first + 1) continue;
      chosen.length = 0;
      chosen.push(group[first] as number);
      if (values !== null) extendNumber(first + 1, values[first] as number);
      else extend(first + 1, side.amount(group[first] as number));
    }
  }
  return totals;
}

/** The group's amounts as numbers when each is at most MAX_SAFE_INTEGER / maxParts in size, else null. */
function asNumbers(group: number[], amount: (i: number) => bigint, maxParts: number): Float64Array | null {
  const bound = BigInt(Math.floor(Number.MAX_SAFE_INTEGER / maxParts));
  const values = new Float64Array(group.length);
  for (let k = 0; k < group.length; k++) {
    const value = amount(group[k] as number);
    if (value > bound || value < -bound) return null;
    values[k] = Number(value);
  }
  return values;
}

/** The amounts that are exact doubles, as numbers (a sum of safe parts equals no other amount). */
function safeNumbers(amounts: Set<bigint>): Set<number> {
  const max = BigInt(Number.MAX_SAFE_INTEGER);
  const numbers = new Set<number>();
  for (const amount of amounts) if (amount <= max && amount >= -max) numbers.add(Number(amount));
  return numbers;
}

/**
 * Free items in date order, grouped by currency and, when `name` is given, by that name too (groups
 * in order of first appearance). Keyed by numbers, per currency: no key text is built per item.
 */
function grouped(
  order: Int32Array,
  currency: (i: number) => number,
  name?: (i: number) => string,
): number[][] {
  const groups: number[][] = [];
  const byCurrency: (number[] | Map<string, number[]> | undefined)[] = [];
  for (let k = 0; k < order.length; k++) {
    const i = order[k] as number;
    const c = currency(i);
    const slot = byCurrency[c];
    if (name === undefined) {
      if (slot === undefined) groups.push((byCurrency[c] = [i]));
      else (slot as number[]).push(i);
      continue;
    }
    let names = slot as Map<string, number[]> | undefined;
    if (names === undefined) byCurrency[c] = names = new Map();
    const key = name(i);
    const group = names.get(key);
    if (group === undefined) {
      const created = [i];
      names.set(key, created);
      groups.push(created);
    } else group.push(i);
  }
  return groups;
}

/** Amounts of the free items of the other side, per currency. */
function amountsOf(context: MatchContext, other: Side): Set<bigint>[] {
  const sets = context.currencies.map(() => new Set<bigint>());
  for (let i = 0; i < other.count; i++)
    if (other.state[i] === FREE) (sets[other.currency(i)] as Set<bigint>).add(other.amount(i));
  return sets;
}

/** Combinations of free requests (one currency and float) adding up to some free payment. */
export function requestBatches(context: MatchContext): Batches {
  const requests = requestSide(context);
  const groups = grouped(context.freeRequestsByDay(), requests.currency, (i) => context.requestOf(i).float);
  return batches(context, requests, groups, amountsOf(context, lineSide(context)));
}

/** Combinations of free payments (one currency) adding up to some free request's requested amount. */
export function lineBatches(context: MatchContext): Batches {
  const lines = lineSide(context);
  const groups = grouped(context.freeLinesByDay(), lines.currency);
  return batches(context, lines, groups, amountsOf(context, requestSide(context)));
}

/** Whether some combination of `found` totals `amount` (in currency number `currency`). */
export function hasBatches(found: Batches, currency: number, amount: bigint): boolean {
  return (found[currency] as Map<bigint, number[][]>).has(amount);
}

/**
 * The combinations whose total is `amount` and whose every part `fits` (is within the window of
 * the item on the other side). Several: a tie — a few of them, always the same ones whatever the
 * input order (`name` names a part).
 */
export function batchesFor(
  context: MatchContext,
  found: Batches,
  currency: number,
  amount: bigint,
  fits: (part: number) => boolean,
  name: (part: number) => string,
): number[][] {
  const list = (found[currency] as Map<bigint, number[][]>).get(amount);
  if (list === undefined) return [];
  const fitting = list.filter((batch) => batch.every(fits));
  if (fitting.length < 2) return fitting;
  const named = fitting.map((batch) => ({ batch, name: batch.map(name).sort().join('\n') }));
  named.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return named.slice(0, MAX_TIED).map(({ batch }) => batch);
}
