/**
 * The items of the reconciliation as of one date kept in the file (migration 0020), one flat row
 * each, and the search, filters, order and totals of recon:items over them as one WHERE, ORDER BY
 * and GROUP BY. Amount bounds arrive as fixed-width keys (their text order is the numeric order);
 * the rules that make them live in recon/kept-items.ts.
 */
import type { ItemSort } from '../../../../shared/ipc/contract-recon';
import type { Ledger } from '../db';
import {
  COLUMNS,
  ORDER,
  fromRow,
  positionsInOrderRanges,
  sumByCurrency,
  toParams,
  whereOf,
  type KeptItemReading,
  type KeptItemRow,
  type KeptItemTotals,
  type KeptItemWhere,
  type Row,
} from './recon-item-row-sql';
import { cellsFromJson, cellsToJson } from './recon-item-cells';
import { totalsOfRows } from './recon-item-totals';

export { sumByCurrency, type KeptItemReading, type KeptItemRow, type KeptItemTotals, type KeptItemWhere };

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
        `SELECT as_of, options_key, inputs_version, scale, key_width, currencies, floats, totals, cells
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
      cells: row.cells === null ? null : cellsFromJson(row.cells as string),
    };
  }

  /** The kept rows of these ledger rows (bank_lines.id, transfer_requests.id), in no particular order. */
  byRows(
    workspaceId: number,
    rows: { lines: readonly number[]; requests: readonly number[] },
  ): KeptItemRow[] {
    const select = this.db.prepare<[number, string, string], Row>(
      // Named: without statistics SQLite reads the workspace's whole primary key instead.
      `SELECT ${COLUMNS} FROM recon_item_rows INDEXED BY recon_item_rows_row
        WHERE workspace_id = ? AND kind = ? AND row_id IN (SELECT value FROM json_each(?))`,
    );
    return [
      ...select.all(workspaceId, 'line', JSON.stringify(rows.lines)),
      ...select.all(workspaceId, 'request', JSON.stringify(rows.requests)),
    ].map(fromRow);
  }

  /** Replaces the workspace's kept items; call inside a transaction. */
  replace(workspaceId: number, reading: KeptItemReading, rows: readonly KeptItemRow[]): void {
    // The amount and date indexes are built again after the rows are in: sorting them once is
    // cheaper than inserting some 200,000 keys one by one (the transaction holds the table meanwhile).
    const indexes = this.db
      .prepare<[], string>(
        "SELECT sql FROM sqlite_schema WHERE name IN ('recon_item_rows_amount', 'recon_item_rows_date')",
      )
      .pluck()
      .all();
    this.db.exec('DROP INDEX IF EXISTS recon_item_rows_amount; DROP INDEX IF EXISTS recon_item_rows_date');
    this.db.prepare('DELETE FROM recon_item_rows WHERE workspace_id = ?').run(workspaceId);
    this.insert(workspaceId, rows);
    for (const index of indexes) this.db.exec(index);
    this.saveReading(workspaceId, reading);
  }

  /** Adds rows (at positions no kept row holds) and saves the reading; call inside a transaction. */
  add(workspaceId: number, reading: KeptItemReading, rows: readonly KeptItemRow[]): void {
    this.insert(workspaceId, rows);
    this.saveReading(workspaceId, reading);
  }

  private insert(workspaceId: number, rows: readonly KeptItemRow[]): void {
    const insert = this.db.prepare(
      `INSERT INTO recon_item_rows (workspace_id, ${COLUMNS}) VALUES (${Array(30).fill('?').join(', ')})`,
    );
    for (const row of rows) insert.run(...toParams(workspaceId, row));
  }

  /** Where the rows of one day are kept: their positions, kinds and ids, in position order. */
  dayRows(workspaceId: number, date: string): Array<Pick<KeptItemRow, 'position' | 'kind' | 'itemId'>> {
    return this.db
      .prepare<[number, string], { position: number; kind: 'line' | 'request'; item_id: string }>(
        `SELECT position, kind, item_id FROM recon_item_rows INDEXED BY recon_item_rows_date
          WHERE workspace_id = ? AND date = ? ORDER BY position`,
      )
      .all(workspaceId, date)
      .map((row) => ({ position: row.position, kind: row.kind, itemId: row.item_id }));
  }

  /** The position of the last row dated before `date`, and of the first dated after it (or null). */
  dayBounds(workspaceId: number, date: string): { before: number | null; after: number | null } {
    const last = this.db
      .prepare<[number, number, string], number>(
        `SELECT max(position) FROM recon_item_rows INDEXED BY recon_item_rows_date WHERE workspace_id = ? AND date = (
           SELECT max(date) FROM recon_item_rows INDEXED BY recon_item_rows_date
            WHERE workspace_id = ? AND date < ?)`,
      )
      .pluck();
    const first = this.db
      .prepare<[number, number, string], number>(
        `SELECT min(position) FROM recon_item_rows INDEXED BY recon_item_rows_date WHERE workspace_id = ? AND date = (
           SELECT min(date) FROM recon_item_rows INDEXED BY recon_item_rows_date
            WHERE workspace_id = ? AND date > ?)`,
      )
      .pluck();
    return {
      before: (last.get(workspaceId, workspaceId, date) as number | null) ?? null,
      after: (first.get(workspaceId, workspaceId, date) as number | null) ?? null,
    };
  }

  /** The ledger rows of the requests kept with a date in [from, to]. */
  requestRowsDated(workspaceId: number, from: string, to: string): number[] {
    return this.db
      .prepare<[number, string, string], number>(
        `SELECT row_id FROM recon_item_rows INDEXED BY recon_item_rows_date
          WHERE workspace_id = ? AND date BETWEEN ? AND ? AND kind = 'request'`,
      )
      .pluck()
      .all(workspaceId, from, to);
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
           (workspace_id, as_of, options_key, inputs_version, scale, key_width, currencies, floats, totals, cells)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (workspace_id) DO UPDATE SET as_of = excluded.as_of, options_key = excluded.options_key,
           inputs_version = excluded.inputs_version, scale = excluded.scale, key_width = excluded.key_width,
           currencies = excluded.currencies, floats = excluded.floats, totals = excluded.totals,
           cells = excluded.cells`,
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
        reading.cells === null ? null : cellsToJson(reading.cells),
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
    return this.db
      .prepare<unknown[], Row>(
        `SELECT ${COLUMNS} FROM recon_item_rows WHERE ${sql} ORDER BY ${orderBy(sort)} LIMIT ? OFFSET ?`,
      )
      .all(...params, page.limit, page.offset)
      .map(fromRow);
  }

  /** One page of the rows at these positions (all a query keeps), in the order asked for. */
  selectAt(
    workspaceId: number,
    positions: readonly number[],
    sort: ItemSort | undefined,
    page: { offset: number; limit: number },
  ): KeptItemRow[] {
    const wanted =
      sort === undefined
        ? [...positions].sort((a, b) => a - b).slice(page.offset, page.offset + page.limit)
        : positions;
    const bounds = sort === undefined ? [wanted.length, 0] : [page.limit, page.offset];
    return this.db
      .prepare<unknown[], Row>(
        `SELECT ${COLUMNS} FROM recon_item_rows
          WHERE workspace_id = ? AND position IN (SELECT value FROM json_each(?))
          ORDER BY ${orderBy(sort)} LIMIT ? OFFSET ?`,
      )
      .all(workspaceId, JSON.stringify(wanted), ...bounds)
      .map(fromRow);
  }

  /** How many rows have an order_key within one of the ranges, counted up to `upTo` at most. */
  countInOrderRanges(
    workspaceId: number,
    ranges: ReadonlyArray<readonly [string, string]>,
    upTo: number,
  ): number {
    const { sql, params } = positionsInOrderRanges(workspaceId, ranges);
    return this.db
      .prepare<unknown[], number>(`SELECT count(*) FROM (SELECT * FROM (${sql}) LIMIT ?)`)
      .pluck()
      .get(...params, upTo) as number;
  }

  /**
   * Per currency: how many rows the conditions keep, in and out, and their sums, exactly; with the
   * rows' positions when they are `hitsUpTo` or fewer (recon-item-totals.ts).
   */
  totals(
    workspaceId: number,
    where: KeptItemWhere,
    hitsUpTo = 0,
  ): { sums: KeptItemTotals[]; hits: number[] | null } {
    return totalsOfRows(this.db, workspaceId, where, hitsUpTo);
  }
}

/** The order asked for, then the default order (position), which makes every order total. */
function orderBy(sort: ItemSort | undefined): string {
  const order = sort === undefined ? '' : `${ORDER[sort.column](sort.descending ? 'DESC' : 'ASC')}, `;
  return `${order}position`;
}
