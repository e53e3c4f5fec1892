/**
 * The kept items' rows in SQL (migration 0020): their columns, how a row is written and read back,
 * and the conditions and order of a query over them (recon-item-rows.ts runs them).
 */
import type { ItemSort } from '../../../../shared/ipc/contract-recon';
import type { KeptItemCell } from './recon-item-cells';

export interface KeptItemReading {
  asOf: string;
  optionsKey: string;
  inputsVersion: number;
  /** Decimals of every row's scaled amount. */
  scale: number;
  /** Digits of size_key (order_key has one more, its sign). */
  keyWidth: number;
  currencies: string[];
  floats: string[];
  /** Per currency, over every item. */
  totals: KeptItemTotals[];
  /** Per combination of what a filter names besides amounts and words; null when not kept. */
  cells: KeptItemCell[] | null;
}

export interface KeptItemRow {
  position: number;
  kind: 'line' | 'request';
  rowId: number;
  itemId: string;
  state: string;
  stateRank: number;
  ageing: string | null;
  ageDays: number | null;
  date: string;
  currency: string;
  /** The amount in units of 10^-scale, signed, exactly. */
  scaled: bigint;
  sizeKey: string;
  orderKey: string;
  out: boolean;
  float: string | null;
  label: string;
  haystack: string;
  matchGroup: number;
  matchRank: number;
  matchText: string;
  matchDecision: number | null;
  resolutionDecision: number | null;
  resolutionReason: string | null;
  resolutionNote: string | null;
  automatic: string | null;
  lockSignOff: number | null;
  lockAsOf: string | null;
  outOfScope: boolean;
}

/** The conditions of a query, every one of which must hold. */
export interface KeptItemWhere {
  states?: readonly string[];
  ageing?: string;
  currencies?: readonly string[];
  floats?: readonly string[];
  out?: boolean;
  /** size_key bounds, inclusive; `none` when no row can pass. */
  sizeMin?: string | 'none';
  sizeMax?: string;
  /**
   * Every word in the haystack, or (when set) an amount of this size: its order_key is one of
   * these (the size's as money in and as money out), so the amount index finds it.
   */
  search?: { words: readonly string[]; sizeEquals: readonly [string, string] | null };
  inScopeOnly?: boolean;
  /**
   * order_key within one of these ranges (inclusive), found through the amount index: set beside
   * the size bounds when few rows are within them, so only those rows are read.
   */
  orderRanges?: ReadonlyArray<readonly [string, string]>;
}

export interface KeptItemTotals {
  currency: string;
  count: number;
  inCount: number;
  outCount: number;
  moneyIn: bigint;
  moneyOut: bigint;
}

/** Count, money in and out per currency, exactly (BigInt), in currency order. */
export function sumByCurrency(
  rows: Iterable<{ currency: string; out: boolean; scaled: bigint }>,
): KeptItemTotals[] {
  const parts: Array<{ currency: string; out: boolean; count: number; money: bigint }> = [];
  for (const { currency, out, scaled } of rows) parts.push({ currency, out, count: 1, money: scaled });
  return sumParts(parts);
}

/** Count, money in and out per currency of parts that each hold `count` rows summing to `money`. */
export function sumParts(
  parts: Iterable<{ currency: string; out: boolean; count: number; money: bigint }>,
): KeptItemTotals[] {
  const byCurrency = new Map<string, KeptItemTotals>();
  for (const { currency, out, count, money } of parts) {
    let sums = byCurrency.get(currency);
    if (sums === undefined) {
      sums = { currency, count: 0, inCount: 0, outCount: 0, moneyIn: 0n, moneyOut: 0n };
      byCurrency.set(currency, sums);
    }
    sums.count += count;
    if (out) {
      sums.outCount += count;
      sums.moneyOut += money;
    } else {
      sums.inCount += count;
      sums.moneyIn += money;
    }
  }
  return [...byCurrency.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1));
}

export const COLUMNS = `position, kind, row_id, item_id, state, state_rank, ageing, age_days, date, currency, scaled,
  scaled_int, size_key, order_key, out, float, label, haystack, match_group, match_rank, match_text,
  match_decision, resolution_decision, resolution_reason, resolution_note, automatic, lock_signoff,
  lock_as_of, out_of_scope`;

export type Row = Record<string, unknown>;

const INT64 = 2n ** 63n;

export function toParams(workspaceId: number, row: KeptItemRow): unknown[] {
  const fits = row.scaled < INT64 && row.scaled >= -INT64;
  return [
    workspaceId,
    row.position,
    row.kind,
    row.rowId,
    row.itemId,
    row.state,
    row.stateRank,
    row.ageing,
    row.ageDays,
    row.date,
    row.currency,
    row.scaled.toString(),
    fits ? row.scaled : null,
    row.sizeKey,
    row.orderKey,
    row.out ? 1 : 0,
    row.float,
    row.label,
    row.haystack,
    row.matchGroup,
    row.matchRank,
    row.matchText,
    row.matchDecision,
    row.resolutionDecision,
    row.resolutionReason,
    row.resolutionNote,
    row.automatic,
    row.lockSignOff,
    row.lockAsOf,
    row.outOfScope ? 1 : 0,
  ];
}

export function fromRow(row: Row): KeptItemRow {
  const int = (value: unknown): number => Number(value);
  const intOrNull = (value: unknown): number | null => (value === null ? null : Number(value));
  return {
    position: int(row.position),
    kind: row.kind as KeptItemRow['kind'],
    rowId: int(row.row_id),
    itemId: row.item_id as string,
    state: row.state as string,
    stateRank: int(row.state_rank),
    ageing: row.ageing as string | null,
    ageDays: intOrNull(row.age_days),
    date: row.date as string,
    currency: row.currency as string,
    scaled: BigInt(row.scaled as string),
    sizeKey: row.size_key as string,
    orderKey: row.order_key as string,
    out: int(row.out) === 1,
    float: row.float as string | null,
    label: row.label as string,
    haystack: row.haystack as string,
    matchGroup: int(row.match_group),
    matchRank: Number(row.match_rank),
    matchText: row.match_text as string,
    matchDecision: intOrNull(row.match_decision),
    resolutionDecision: intOrNull(row.resolution_decision),
    resolutionReason: row.resolution_reason as string | null,
    resolutionNote: row.resolution_note as string | null,
    automatic: row.automatic as string | null,
    lockSignOff: intOrNull(row.lock_signoff),
    lockAsOf: row.lock_as_of as string | null,
    outOfScope: int(row.out_of_scope) === 1,
  };
}

export const ORDER: Record<ItemSort['column'], (direction: string) => string> = {
  item: (d) => `item_id ${d}, kind ${d}`,
  state: (d) => `state_rank ${d}`,
  // Items with no age (closed ones) last, whichever way.
  age: (d) => `age_days IS NULL, age_days ${d}`,
  date: (d) => `date ${d}`,
  amount: (d) => `order_key ${d}, currency ${d}`,
  label: (d) => `label ${d}`,
  match: (d) => `match_group ${d}, match_rank ${d}, match_text ${d}`,
};

export function whereOf(workspaceId: number, where: KeptItemWhere): { sql: string; params: unknown[] } {
  const parts = ['workspace_id = ?'];
  const params: unknown[] = [workspaceId];
  const within = (column: string, values: readonly string[]): void => {
    parts.push(`${column} IN (SELECT value FROM json_each(?))`);
    params.push(JSON.stringify(values));
  };
  if (where.states !== undefined) within('state', where.states);
  if (where.ageing !== undefined) {
    parts.push('ageing = ?');
    params.push(where.ageing);
  }
  if (where.currencies !== undefined) within('currency', where.currencies);
  if (where.floats !== undefined) within('float', where.floats);
  if (where.out !== undefined) {
    parts.push('out = ?');
    params.push(where.out ? 1 : 0);
  }
  if (where.sizeMin === 'none') parts.push('0');
  else if (where.sizeMin !== undefined) {
    parts.push('size_key >= ?');
    params.push(where.sizeMin);
  }
  if (where.sizeMax !== undefined) {
    parts.push('size_key <= ?');
    params.push(where.sizeMax);
  }
  if (where.search !== undefined) {
    const either: string[] = [];
    if (where.search.sizeEquals !== null) {
      // Through the amount index: left to itself, SQLite walks every row in the order of the page.
      either.push(
        'position IN (SELECT position FROM recon_item_rows WHERE workspace_id = ? AND order_key IN (?, ?))',
      );
      params.push(workspaceId, ...where.search.sizeEquals);
    }
    if (where.search.words.length > 0) {
      either.push(`(${where.search.words.map(() => 'instr(haystack, ?) > 0').join(' AND ')})`);
      params.push(...where.search.words);
    }
    parts.push(either.length === 0 ? '0' : `(${either.join(' OR ')})`);
  }
  if (where.inScopeOnly === true) parts.push('out_of_scope = 0');
  if (where.orderRanges !== undefined) {
    const ranges = positionsInOrderRanges(workspaceId, where.orderRanges);
    parts.push(`position IN (${ranges.sql})`);
    params.push(...ranges.params);
  }
  return { sql: parts.join(' AND '), params };
}

/**
 * The positions of the rows whose order_key is within one of the (disjoint) ranges, each range a
 * seek of the amount index: ranges joined by OR in one WHERE make SQLite read the workspace's whole
 * index instead.
 */
export function positionsInOrderRanges(
  workspaceId: number,
  ranges: ReadonlyArray<readonly [string, string]>,
): { sql: string; params: unknown[] } {
  if (ranges.length === 0) return { sql: 'SELECT NULL WHERE 0', params: [] };
  return {
    sql: ranges
      .map(
        () =>
          'SELECT position FROM recon_item_rows INDEXED BY recon_item_rows_amount WHERE workspace_id = ? AND order_key BETWEEN ? AND ?',
      )
      .join(' UNION ALL '),
    params: ranges.flatMap(([from, to]) => [workspaceId, from, to]),
  };
}
