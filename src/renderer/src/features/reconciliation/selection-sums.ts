import type { ReconItem } from '@shared/ipc/contract-recon';
import { addMoney, subtractMoney, type Money } from '@shared/domain/money';

/** The ticked items of one currency: what the bank lines paid, what the requests ask, the gap. */
export interface SelectionSum {
  currency: string;
  lineCount: number;
  /** Money that left the bank: the negated sum of the ticked lines (they are negative). */
  paid: Money;
  requestCount: number;
  requested: Money;
  /** paid − requested: negative when less was paid than requested. */
  difference: Money;
}

/** Exact sums per currency of the ticked bank lines and requests, in the order currencies appear. */
export function selectionSums(items: readonly ReconItem[]): SelectionSum[] {
  const sums = new Map<string, SelectionSum>();
  for (const item of items) {
    const { currency } = item.amount;
    const zero = { amount: '0', currency };
    const sum = sums.get(currency) ?? {
      currency,
      lineCount: 0,
      paid: zero,
      requestCount: 0,
      requested: zero,
      difference: zero,
    };
    if (item.kind === 'line') {
      sum.lineCount++;
      sum.paid = subtractMoney(sum.paid, item.amount);
    } else {
      sum.requestCount++;
      sum.requested = addMoney(sum.requested, item.amount);
    }
    sum.difference = subtractMoney(sum.paid, sum.requested);
    sums.set(currency, sum);
  }
  return [...sums.values()].map((sum) => ({
    ...sum,
    paid: addMoney(sum.paid, { amount: '0', currency: sum.currency }),
    requested: addMoney(sum.requested, { amount: '0', currency: sum.currency }),
  }));
}
