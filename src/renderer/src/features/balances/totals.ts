import { addMoney, type Money } from '@shared/domain/money';
import type { FloatBalance } from '@shared/domain/floats';

export interface AvailableTotal {
  /** Exact sum of the floats that have a recorded balance; null when none has one yet. */
  total: Money | null;
  /** Floats left out of the total because no balance has been recorded for them yet. */
  withoutBalance: number;
}

/** Sum of available balances in one currency, computed exactly (decimal, never binary floats). */
export function totalAvailable(currency: string, floats: readonly FloatBalance[]): AvailableTotal {
  let total: Money | null = null;
  let withoutBalance = 0;
  for (const float of floats) {
    if (float.available === null) {
      withoutBalance += 1;
      continue;
    }
    if (float.available.currency !== currency) {
      throw new Error(`Float "${float.name}" holds ${float.available.currency} in the ${currency} group.`);
    }
    total = total === null ? float.available : addMoney(total, float.available);
  }
  return { total, withoutBalance };
}
