/**
 * recon:items: the search, filters, order and page of the items as of a date, with their totals
 * and the choices of the filters, over the kept items (kept-items.ts), reading as few of them as
 * the query allows (queryKeptItems). The rules:
 * every word of the search in the item's references, bank texts or float (any case), or the
 * amount's size equal to the amount searched; sizes compared exactly, bounds included; requests
 * are money in; a state asked for means the items counted in it (out-of-scope ones are apart);
 * any order is stable (then oldest first) and puts items with no age last, both ways.
 */
import type { ChannelInput, ChannelOutput } from '../../../shared/ipc/contract';
import type { ItemTotals } from '../../../shared/ipc/contract-recon';
import type {
  KeptItemReading,
  KeptItemRow,
  KeptItemTotals,
  KeptItemWhere,
  ReconItemRowsRepository,
} from '../ledger/repositories/recon-item-rows';
import type { ReconContext } from './context';
import { cellTotals, cellsAnswer } from '../ledger/repositories/recon-item-cells';
import { keptItemsAsOf, keptItemsCurrent, orderKey, sizeKey, type KeptItems } from './kept-items';
import { keptPage } from './kept-page';
import { exponentOf, fromScaled, significantDecimals, toScaled } from './match/amounts';

type ItemsInput = ChannelInput<'recon:items'>;

/** The words of a search, lower-cased; every one must be found. */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
}

/** A size bound at the reading's scale: the whole units of 10^-scale at or below it, and above. */
function scaledBound(text: string, scale: number): { floor: bigint; ceil: bigint; exact: boolean } {
  const decimals = significantDecimals(text);
  if (decimals <= scale) {
    const value = toScaled(text, scale);
    return { floor: value, ceil: value, exact: true };
  }
  const fine = toScaled(text, decimals);
  const factor = 10n ** BigInt(decimals - scale);
  const floor = fine >= 0n ? fine / factor : -((-fine + factor - 1n) / factor);
  return { floor, ceil: floor + 1n, exact: false };
}

/** The conditions of the query over the kept rows (sizes as fixed-width keys: kept-items.ts). */
export function keptWhere(input: ItemsInput, reading: KeptItemReading): KeptItemWhere {
  const width = reading.keyWidth;
  const fits = (value: bigint): boolean => value >= 0n && value.toString().length <= width;
  const where: KeptItemWhere = {};
  if (input.states !== undefined) {
    where.states = input.states;
    where.inScopeOnly = true;
  }
  if (input.ageing !== undefined) where.ageing = input.ageing;
  if (input.currencies !== undefined) where.currencies = input.currencies;
  if (input.floats !== undefined) where.floats = input.floats;
  if (input.direction !== undefined) where.out = input.direction === 'out';
  if (input.amountMin !== undefined) {
    const { ceil, exact, floor } = scaledBound(input.amountMin, reading.scale);
    const min = exact ? floor : ceil;
    if (min > 0n) where.sizeMin = fits(min) ? sizeKey(min, width) : 'none';
  }
  if (input.amountMax !== undefined) {
    const { floor } = scaledBound(input.amountMax, reading.scale);
    if (floor < 0n) where.sizeMin = 'none';
    else if (fits(floor)) where.sizeMax = sizeKey(floor, width);
  }
  const words = searchWords(input.search);
  if (words.length > 0 || input.searchAmount !== undefined) {
    const size = input.searchAmount === undefined ? null : scaledBound(input.searchAmount, reading.scale);
    const sizeEquals =
      size !== null && size.exact && fits(size.floor)
        ? ([orderKey(size.floor, width), orderKey(-size.floor, width)] as const)
        : null;
    where.search = { words, sizeEquals };
  }
  return where;
}

function itemTotals(sums: readonly KeptItemTotals[], scale: number): ItemTotals[] {
  return sums.map((sum) => {
    const money = (value: bigint) => ({
      amount: fromScaled(value, scale, exponentOf(sum.currency)),
      currency: sum.currency,
    });
    return {
      currency: sum.currency,
      count: sum.count,
      moneyIn: money(sum.moneyIn),
      moneyInCount: sum.inCount,
      moneyOut: money(sum.moneyOut),
      moneyOutCount: sum.outCount,
      net: money(sum.moneyIn + sum.moneyOut),
    };
  });
}

/**
 * How the query reads no more rows than it must: a filter whose totals the reading's cells answer
 * reads none for them; amount bounds within which few rows lie are looked up through the amount
 * index; and a query that keeps few rows finds its page among the positions its totals read.
 */
export interface KeptQueryLimits {
  /** Up to this many rows kept, the page is found among the positions the totals read. */
  hitsUpTo: number;
  /** Up to this many rows within the amount bounds, they are read through the amount index. */
  indexedUpTo: number;
}

export const KEPT_QUERY_LIMITS: KeptQueryLimits = { hitsUpTo: 20_000, indexedUpTo: 20_000 };

/** What the query keeps over the kept rows: how many, one page of them, and the totals of all. */
export function queryKeptItems(
  rows: ReconItemRowsRepository,
  workspaceId: number,
  reading: KeptItemReading,
  input: ItemsInput,
  limits: KeptQueryLimits = KEPT_QUERY_LIMITS,
): { total: number; page: KeptItemRow[]; totals: ItemTotals[] } {
  const page = { offset: input.offset ?? 0, limit: input.limit ?? 100 };
  let where = keptWhere(input, reading);
  const kept = keptTotals(reading, where);
  if (kept !== null)
    return { ...counted(kept, reading.scale), page: rows.select(workspaceId, where, input.sort, page) };
  const ranges = orderRanges(where, reading.keyWidth);
  const indexed =
    ranges !== null &&
    rows.countInOrderRanges(workspaceId, ranges, limits.indexedUpTo + 1) <= limits.indexedUpTo;
  if (indexed) where = { ...where, orderRanges: ranges };
  // Amount bounds holding more rows than that keep too many for their positions to be worth reading.
  const hitsUpTo = ranges !== null && !indexed ? 0 : limits.hitsUpTo;
  const { sums, hits } = rows.totals(workspaceId, where, hitsUpTo);
  return {
    ...counted(sums, reading.scale),
    page:
      hits === null
        ? rows.select(workspaceId, where, input.sort, page)
        : rows.selectAt(workspaceId, hits, input.sort, page),
  };
}

/**
 * The totals of the items the conditions keep, from what the reading keeps without reading a row:
 * with no condition, or currencies only, the totals of every item; else the cells, when they answer.
 */
function keptTotals(reading: KeptItemReading, where: KeptItemWhere): KeptItemTotals[] | null {
  const conditions = Object.keys(where);
  if (conditions.length === 0) return reading.totals;
  if (conditions.length === 1 && where.currencies !== undefined)
    return reading.totals.filter((sum) => where.currencies!.includes(sum.currency));
  return reading.cells !== null && cellsAnswer(where) ? cellTotals(reading.cells, where) : null;
}

function counted(sums: readonly KeptItemTotals[], scale: number): { total: number; totals: ItemTotals[] } {
  return { total: sums.reduce((count, sum) => count + sum.count, 0), totals: itemTotals(sums, scale) };
}

/**
 * The order_key ranges (inclusive, disjoint) that hold every amount within the size bounds, in the
 * direction asked for (money out is negative, so of size 1 at least); null when the query has no
 * size bound or searches.
 */
function orderRanges(where: KeptItemWhere, width: number): Array<readonly [string, string]> | null {
  if (where.search !== undefined || (where.sizeMin === undefined && where.sizeMax === undefined)) return null;
  if (where.sizeMin === 'none') return [];
  const min = BigInt(where.sizeMin ?? '0');
  const max = where.sizeMax === undefined ? 10n ** BigInt(width) - 1n : BigInt(where.sizeMax);
  const ranges: Array<readonly [string, string]> = [];
  if (where.out !== true && min <= max) ranges.push([orderKey(min, width), orderKey(max, width)]);
  const outMin = min > 0n ? min : 1n;
  if (where.out !== false && outMin <= max) ranges.push([orderKey(-max, width), orderKey(-outMin, width)]);
  return ranges;
}

export function listItems(context: ReconContext, input: ItemsInput): ChannelOutput<'recon:items'> {
  const asOf = input.asOf ?? context.today();
  const read = ({ reading, rows }: KeptItems): ChannelOutput<'recon:items'> => {
    const { total, page, totals } = queryKeptItems(rows, context.workspaceId, reading, input);
    return {
      total,
      items: keptPage(context, page),
      totals,
      choices: { currencies: reading.currencies, floats: reading.floats },
    };
  };
  const { db } = context;
  if (db.inTransaction) return read(keptItemsAsOf(context, asOf));
  // The reading (its totals and cells) and the page are read in one snapshot: a write by another
  // process in between (a scheduled command-line run) would pair the old totals with a newer page.
  const inOneSnapshot = (): ChannelOutput<'recon:items'> | null =>
    db
      .transaction(() => {
        const kept = keptItemsCurrent(context, asOf);
        return kept === null ? null : read(kept);
      })
      .deferred();
  const answer = inOneSnapshot();
  if (answer !== null) return answer;
  // Derived and written first (a write: not in a read's snapshot), then read in one snapshot. A
  // copy in memory (the ledger may not be written, or the inputs moved while it was derived) does
  // not move: it is read as it is, the ledger's part in one snapshot.
  const derived = keptItemsAsOf(context, asOf);
  if (!derived.inFile) return db.transaction(() => read(derived)).deferred();
  // Moved again meanwhile (another process writes): derived and read under the write lock, where
  // nothing moves.
  return inOneSnapshot() ?? db.transaction(() => read(keptItemsAsOf(context, asOf))).immediate();
}
