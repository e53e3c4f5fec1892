/**
 * Totals per currency of the items a query keeps (every page, not only the one shown): how many,
 * money in, money out and the net, exact (BigInt sums of item-rows.ts's scaled amounts), as a
 * GROUP BY currency would give them.
 */
import type { ItemTotals } from '../../../shared/ipc/contract-reconcile';
import { exponentOf, fromScaled } from './match/amounts';
import type { ItemRow } from './item-rows';

interface Sums {
  count: number;
  inCount: number;
  outCount: number;
  moneyIn: bigint;
  moneyOut: bigint;
}

export function itemTotals(rows: readonly ItemRow[], scale: number): ItemTotals[] {
  const byCurrency = new Map<string, Sums>();
  for (const row of rows) {
    let sums = byCurrency.get(row.currency);
    if (sums === undefined) {
      sums = { count: 0, inCount: 0, outCount: 0, moneyIn: 0n, moneyOut: 0n };
      byCurrency.set(row.currency, sums);
    }
    sums.count++;
    if (row.out) {
      sums.outCount++;
      sums.moneyOut += row.scaled;
    } else {
      sums.inCount++;
      sums.moneyIn += row.scaled;
    }
  }
  return [...byCurrency]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, sums]) => {
      const money = (value: bigint) => ({ amount: fromScaled(value, scale, exponentOf(currency)), currency });
      return {
        currency,
        count: sums.count,
        moneyIn: money(sums.moneyIn),
        moneyInCount: sums.inCount,
        moneyOut: money(sums.moneyOut),
        moneyOutCount: sums.outCount,
        net: money(sums.moneyIn + sums.moneyOut),
      };
    });
}
