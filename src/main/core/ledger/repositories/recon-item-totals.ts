/**
 * The totals of recon:items over the kept rows (recon-item-rows.ts), per currency: how many rows
 * the conditions keep, in and out, and their sums, exactly: SQLite's integer sum where every amount
 * fits and no sum overflows, else BigInt over the amounts' text. With them, when the conditions keep
 * `hitsUpTo` rows or fewer, their positions (read in the same pass), so the page is found among them
 * instead of by reading every row again.
 */
import type { Ledger } from '../db';
import { sumByCurrency, whereOf, type KeptItemTotals, type KeptItemWhere } from './recon-item-row-sql';

export function totalsOfRows(
  db: Ledger,
  workspaceId: number,
  where: KeptItemWhere,
  hitsUpTo: number,
): { sums: KeptItemTotals[]; hits: number[] | null } {
  const { sql, params } = whereOf(workspaceId, where);
  const hitsOf = (count: number, lists: Array<string | null>): number[] | null =>
    count > hitsUpTo
      ? null
      : lists.flatMap((list) => (list === null || list === '' ? [] : list.split(',').map(Number)));
  type Sums = { currency: string; count: number; in_count: number; out_count: number; exact: number };
  try {
    const rows = db
      .prepare<
        unknown[],
        Sums & { money_in: bigint | null; money_out: bigint | null; positions: string | null }
      >(
        `SELECT currency, count(*) AS count, sum(out = 0) AS in_count, sum(out = 1) AS out_count,
                count(*) = count(scaled_int) AS exact,
                sum(CASE WHEN out = 0 THEN scaled_int END) AS money_in,
                sum(CASE WHEN out = 1 THEN scaled_int END) AS money_out,
                ${hitsUpTo > 0 ? 'group_concat(position)' : 'NULL'} AS positions
           FROM recon_item_rows WHERE ${sql} GROUP BY currency ORDER BY currency`,
      )
      .safeIntegers(true)
      .all(...params);
    if (rows.every((row) => Number(row.exact) === 1)) {
      const sums = rows.map((row) => ({
        currency: row.currency,
        count: Number(row.count),
        inCount: Number(row.in_count),
        outCount: Number(row.out_count),
        moneyIn: row.money_in ?? 0n,
        moneyOut: row.money_out ?? 0n,
      }));
      const count = sums.reduce((total, sum) => total + sum.count, 0);
      return {
        sums,
        hits: hitsOf(
          count,
          rows.map((row) => row.positions),
        ),
      };
    }
  } catch (error) {
    if (!/integer overflow/i.test((error as Error).message)) throw error;
  }
  const amounts = db
    .prepare<unknown[], { position: number; currency: string; out: number; scaled: string }>(
      `SELECT position, currency, out, scaled FROM recon_item_rows WHERE ${sql}`,
    )
    .all(...params);
  return {
    sums: sumByCurrency(
      amounts.map((row) => ({ currency: row.currency, out: row.out === 1, scaled: BigInt(row.scaled) })),
    ),
    hits: amounts.length > hitsUpTo ? null : amounts.map((row) => row.position),
  };
}
