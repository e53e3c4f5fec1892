/**
 * The items of the reconciliation as of one date kept in the file (migration 0020), one flat row
 * each, and the search, filters, order and totals of recon:items over them as one WHERE, ORDER BY
 * and GROUP BY. Amount bounds arrive as fixed-width keys (their text order is the numeric order);
 * the rules that make them live in reconcile/kept-items.ts.
 */
import type { ItemSort } from '../../../../shared/ipc/contract-reconcile';
import type { Ledger } from '../db';

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
  /** Every word in the haystack, or (when set) the size equal to this key. */
  search?: { words: readonly string[]; sizeEquals: string | null };
  inScopeOnly?: boolean;
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
  const byCurrency = new Map<string, KeptItemTotals>();
  for (const { currency, out, scaled } of rows) {
    let sums = byCurrency.get(currency);
    if (sums === undefined) {
      sums = { currency, count: 0, inCount: 0, outCount: 0, moneyIn: 0n, moneyOut: 0n };
      byCurrency.set(currency, sums);
    }
    sums.count++;
    if (out) {
      sums.outCount++;
      sums.moneyOut += scaled;
    } else {
      sums.inCount++;
      sums.moneyIn += scaled;
    }
  }
  return [...byCurrency.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1));
}

const COLUMNS = `position, kind, row_id, item_id, state, state_rank, ageing, age_days, date, currency, scaled,
  scaled_int, size_key, order_key, out, float, label, haystack, match_group, match_rank, match_text,
  match_decision, resolution_decision, resolution_reason, resolution_note, automatic, lock_signoff,
  lock_as_of, out_of_scope`;

type Row = Record<string, unknown>;

const INT64 = 2n ** 63n;

function toParams(workspaceId: number, row: KeptItemRow): unknown[] {
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

function fromRow(row: Row): KeptItemRow {
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

const ORDER: Record<ItemSort['column'], (direction: string) => string> = {
  item: (d) => `item_id ${d}, kind ${d}`,
  state: (d) => `state_rank ${d}`,
  // Items with no age (closed ones) last, whichever way.
  age: (d) => `age_days IS NULL, age_days ${d}`,
  date: (d) => `date ${d}`,
  amount: (d) => `order_key ${d}, currency ${d}`,
  label: (d) => `label ${d}`,
  match: (d) => `match_group ${d}, match_rank ${d}, match_text ${d}`,
};

function whereOf(workspaceId: number, where: KeptItemWhere): { sql: string; params: unknown[] } {
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
      either.push('size_key = ?');
      params.push(where.search.sizeEquals);
    }
    if (where.search.words.length > 0) {
      either.push(`(${where.search.words.map(() => 'instr(haystack, ?) > 0').join(' AND ')})`);
      params.push(...where.search.words);
    }
    parts.push(either.length === 0 ? '0' : `(${either.join(' OR ')})`);
  }
  if (where.inScopeOnly === true) parts.push('out_of_scope = 0');
  return { sql: parts.join(' AND '), params };
}

export class ReconItemRowsRepository {
  constructor(private readonly db: Ledger) {}

  /** The statements that create these tables and their index (to hold them in another database). */
  schema(): string[] {
    return this.db
      .prepare<[], string>(
        `SELECT sql FROM sqlite_schema
          WHERE tbl_name IN ('recon_item_readings', 'recon_item_rows') AND sql IS NOT NULL ORDER BY type DESC`,
      )
      .pluck()
      .all();
  }

  reading(workspaceId: number): KeptItemReading | null {
    const row = this.db
      .prepare<[number], Row>(
        `SELECT as_of, options_key, inputs_version, scale, key_width, currencies, floats, totals
           FROM recon_item_readings WHERE workspace_id = ?`,
      )
      .get(workspaceId);
    if (row === undefined) return null;
    return {
      asOf: row.as_of as string,
      optionsKey: row.options_key as string,
      inputsVersion: Number(row.inputs_version),
      scale: Number(row.scale),
      keyWidth: Number(row.key_width),
      currencies: JSON.parse(row.currencies as string) as string[],
      floats: JSON.parse(row.floats as string) as string[],
      totals: (JSON.parse(row.totals as string) as Array<Record<string, string | number>>).map((sum) => ({
        currency: sum.currency as string,
        count: sum.count as number,
        inCount: sum.inCount as number,
        outCount: sum.outCount as number,
        moneyIn: BigInt(sum.moneyIn as string),
        moneyOut: BigInt(sum.moneyOut as string),
      })),
    };
  }

  /** Replaces the workspace's kept items; call inside a transaction. */
  replace(workspaceId: number, reading: KeptItemReading, rows: readonly KeptItemRow[]): void {
    // The amount index is built again after the rows are in: sorting them once is cheaper than
    // inserting some 200,000 keys one by one (the transaction holds the table meanwhile).
    const index = this.db
      .prepare<[], string>("SELECT sql FROM sqlite_schema WHERE name = 'recon_item_rows_amount'")
      .pluck()
      .get();
    if (index !== undefined) this.db.exec('DROP INDEX recon_item_rows_amount');
    this.db.prepare('DELETE FROM recon_item_rows WHERE workspace_id = ?').run(workspaceId);
    const insert = this.db.prepare(
      `INSERT INTO recon_item_rows (workspace_id, ${COLUMNS}) VALUES (${Array(30).fill('?').join(', ')})`,
    );
    for (const row of rows) insert.run(...toParams(workspaceId, row));
    if (index !== undefined) this.db.exec(index);
    this.saveReading(workspaceId, reading);
  }

  /** Rewrites the rows given (by position) and the reading; call inside a transaction. */
  update(workspaceId: number, reading: KeptItemReading, rows: readonly KeptItemRow[]): void {
    const names = COLUMNS.split(',').map((name) => name.trim());
    const update = this.db.prepare(
      `UPDATE recon_item_rows SET ${names.map((name) => `${name} = ?`).join(', ')}
        WHERE workspace_id = ? AND position = ?`,
    );
    for (const row of rows) {
      const [workspace, ...values] = toParams(workspaceId, row);
      update.run(...values, workspace, row.position);
    }
    this.saveReading(workspaceId, reading);
  }

  private saveReading(workspaceId: number, reading: KeptItemReading): void {
    this.db
      .prepare(
        `INSERT INTO recon_item_readings
           (workspace_id, as_of, options_key, inputs_version, scale, key_width, currencies, floats, totals)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (workspace_id) DO UPDATE SET as_of = excluded.as_of, options_key = excluded.options_key,
           inputs_version = excluded.inputs_version, scale = excluded.scale, key_width = excluded.key_width,
           currencies = excluded.currencies, floats = excluded.floats, totals = excluded.totals`,
      )
      .run(
        workspaceId,
        reading.asOf,
        reading.optionsKey,
        reading.inputsVersion,
        reading.scale,
        reading.keyWidth,
        JSON.stringify(reading.currencies),
        JSON.stringify(reading.floats),
        JSON.stringify(reading.totals, (_key, value: unknown) =>
          typeof value === 'bigint' ? String(value) : value,
        ),
      );
  }

  /** The rows the conditions keep, in the order asked for (then the default order), one page. */
  select(
    workspaceId: number,
    where: KeptItemWhere,
    sort: ItemSort | undefined,
    page: { offset: number; limit: number },
  ): KeptItemRow[] {
    const { sql, params } = whereOf(workspaceId, where);
    const order = sort === undefined ? '' : `${ORDER[sort.column](sort.descending ? 'DESC' : 'ASC')}, `;
    return this.db
      .prepare<unknown[], Row>(
        `SELECT ${COLUMNS} FROM recon_item_rows WHERE ${sql} ORDER BY ${order}position LIMIT ? OFFSET ?`,
      )
      .all(...params, page.limit, page.offset)
      .map(fromRow);
  }

  /**
   * Per currency: how many rows the conditions keep, in and out, and their sums, exactly: SQLite's
   * integer sum where every amount fits and no sum overflows, else BigInt over the amounts' text.
   */
  totals(workspaceId: number, where: KeptItemWhere): KeptItemTotals[] {
    const { sql, params } = whereOf(workspaceId, where);
    type Sums = { currency: string; count: number; in_count: number; out_count: number; exact: number };
    try {
      const rows = this.db
        .prepare<unknown[], Sums & { money_in: bigint | null; money_out: bigint | null }>(
          `SELECT currency, count(*) AS count, sum(out = 0) AS in_count, sum(out = 1) AS out_count,
                  count(*) = count(scaled_int) AS exact,
                  sum(CASE WHEN out = 0 THEN scaled_int END) AS money_in,
                  sum(CASE WHEN out = 1 THEN scaled_int END) AS money_out
             FROM recon_item_rows WHERE ${sql} GROUP BY currency ORDER BY currency`,
        )
        .safeIntegers(true)
        .all(...params);
      if (rows.every((row) => Number(row.exact) === 1)) {
        return rows.map((row) => ({
          currency: row.currency,
          count: Number(row.count),
          inCount: Number(row.in_count),
          outCount: Number(row.out_count),
          moneyIn: row.money_in ?? 0n,
          moneyOut: row.money_out ?? 0n,
        }));
      }
    } catch (error) {
      if (!/integer overflow/i.test((error as Error).message)) throw error;
    }
    const amounts = this.db
      .prepare<unknown[], { currency: string; out: number; scaled: string }>(
        `SELECT currency, out, scaled FROM recon_item_rows WHERE ${sql}`,
      )
      .all(...params);
    return sumByCurrency(
      amounts.map((row) => ({ currency: row.currency, out: row.out === 1, scaled: BigInt(row.scaled) })),
    );
  }
}
