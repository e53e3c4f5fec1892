import type { Money } from '@shared/domain/money';
import { compareDecimal } from '@shared/domain/money';
import { formatMoney, formatNumber } from '../../../lib/format-money';
import { formatExactTime } from '../../../lib/format-time';

export interface ChartPoint {
  recordedAt: string;
  available: Money;
}

/** One sentence for screen readers: span, first and last value, lowest and highest (exact). */
export function chartSummary(points: readonly ChartPoint[]): string {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return 'No balances recorded yet.';
  const show = (point: ChartPoint): string => formatMoney(point.available.amount, point.available.currency);
  if (points.length === 1)
    return `One balance recorded: ${show(first)} on ${formatExactTime(first.recordedAt)}.`;
  let [lowest, highest] = [first, first];
  for (const point of points) {
    if (compareDecimal(point.available.amount, lowest.available.amount) < 0) lowest = point;
    if (compareDecimal(point.available.amount, highest.available.amount) > 0) highest = point;
  }
  return (
    `${formatNumber(points.length)} balances from ${formatExactTime(first.recordedAt)} to ${formatExactTime(last.recordedAt)}: ` +
    `from ${show(first)} to ${show(last)}; lowest ${show(lowest)}, highest ${show(highest)}.`
  );
}
