/**
 * The search, filters and order of the open items (recon:items), over item-rows.ts's flat rows.
 * Pure and linear (the order n log n): every condition is one test per row, as a WHERE clause
 * would be, and the order is a comparison of precomputed keys, as an ORDER BY would be.
 */
import type { ChannelInput } from '../../../shared/ipc/contract';
import type { AgeingBucketName, ItemSort, ReconStateName } from '../../../shared/ipc/contract-reconcile';
import type { z } from 'zod';
import { significantDecimals, toScaled } from './match/amounts';
import type { ItemRow, ItemRows } from './item-rows';

export type ItemQuery = Pick<
  ChannelInput<'recon:items'>,
  'search' | 'searchAmount' | 'currencies' | 'floats' | 'direction' | 'amountMin' | 'amountMax' | 'sort'
> & {
  states?: ReadonlyArray<z.output<typeof ReconStateName>>;
  ageing?: z.output<typeof AgeingBucketName>;
};

const abs = (value: bigint): bigint => (value < 0n ? -value : value);

/** A size test against an exact decimal text, at a scale that holds both sides. */
function sizeTest(text: string, scale: number, test: (size: bigint, bound: bigint) => boolean) {
  const common = Math.max(scale, significantDecimals(text));
  const factor = 10n ** BigInt(common - scale);
  const bound = toScaled(text, common);
  return (row: ItemRow): boolean => test(abs(row.scaled) * factor, bound);
}

/** The words of a search, lower-cased; every one must be found. */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
}

/** The test a row must pass to be shown; null when nothing filters. */
export function itemFilter(query: ItemQuery, scale: number): ((row: ItemRow) => boolean) | null {
  const tests: Array<(row: ItemRow) => boolean> = [];
  if (query.states !== undefined) {
    const states = new Set<string>(query.states);
    tests.push((row) => states.has(row.state));
  }
  const { ageing } = query;
  if (ageing !== undefined) tests.push((row) => row.ageing === ageing);
  if (query.currencies !== undefined) {
    const currencies = new Set(query.currencies);
    tests.push((row) => currencies.has(row.currency));
  }
  if (query.floats !== undefined) {
    const floats = new Set(query.floats);
    tests.push((row) => row.float !== null && floats.has(row.float));
  }
  if (query.direction !== undefined) {
    const out = query.direction === 'out';
    tests.push((row) => row.out === out);
  }
  if (query.amountMin !== undefined) tests.push(sizeTest(query.amountMin, scale, (size, min) => size >= min));
  if (query.amountMax !== undefined) tests.push(sizeTest(query.amountMax, scale, (size, max) => size <= max));
  const words = searchWords(query.search);
  if (words.length > 0 || query.searchAmount !== undefined) {
    const sameSize =
      query.searchAmount === undefined ? () => false : sizeTest(query.searchAmount, scale, (a, b) => a === b);
    tests.push(
      (row) => sameSize(row) || (words.length > 0 && words.every((word) => row.haystack.includes(word))),
    );
  }
  if (tests.length === 0) return null;
  return (row) => tests.every((test) => test(row));
}

const text = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const bigint = (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0);

type Compare = (a: ItemRow, b: ItemRow) => number;

const COLUMNS: Record<ItemSort['column'], Compare> = {
  item: (a, b) => text(a.id, b.id) || text(a.kind, b.kind),
  state: (a, b) => a.stateRank - b.stateRank,
  age: (a, b) => (a.ageDays ?? 0) - (b.ageDays ?? 0),
  date: (a, b) => text(a.date, b.date),
  amount: (a, b) => a.approx - b.approx || bigint(a.scaled, b.scaled) || text(a.currency, b.currency),
  label: (a, b) => text(a.label, b.label),
  match: (a, b) => a.matchGroup - b.matchGroup || a.matchRank - b.matchRank || text(a.matchText, b.matchText),
};

/**
 * The rows in the order asked for. Stable whichever way: equal keys keep the default order (oldest
 * first), and items with no age (closed ones) come last both ways, as SQL's NULLS LAST.
 */
export function sortRows(rows: ItemRow[], sort: ItemSort | undefined): ItemRow[] {
  if (sort === undefined) return rows;
  const column = COLUMNS[sort.column];
  const sign = sort.descending ? -1 : 1;
  const noAge = sort.column === 'age';
  return rows.sort((a, b) => {
    if (noAge && (a.ageDays === null) !== (b.ageDays === null)) return a.ageDays === null ? 1 : -1;
    return sign * column(a, b) || a.index - b.index;
  });
}

/** The rows the query keeps, in its order (a new array: the memoised rows are never reordered). */
export function queryRows(all: ItemRows, query: ItemQuery): ItemRow[] {
  const keep = itemFilter(query, all.scale);
  const rows = keep === null ? [...all.rows] : all.rows.filter(keep);
  return sortRows(rows, query.sort);
}
