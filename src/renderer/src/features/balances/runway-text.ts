import type { FloatInsight } from '@shared/ipc/contract-floats';
import { formatMoney, formatNumber } from '../../lib/format-money';

/** "≈ 23 days" and "at £1,234.00/day", or "no recent spend" (a float nobody spends from). */
export function runwayText(runway: FloatInsight['runway']): { days: string; rate: string | null } {
  if (runway.days === null || runway.dailySpend === null) return { days: 'no recent spend', rate: null };
  const days =
    runway.days === 0
      ? 'less than a day'
      : runway.days === 1
        ? '≈ 1 day'
        : `≈ ${formatNumber(runway.days, { maximumFractionDigits: 0 })} days`;
  return { days, rate: `at ${formatMoney(runway.dailySpend.amount, runway.dailySpend.currency)}/day` };
}
