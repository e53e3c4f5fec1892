import type { Money } from '@shared/domain/money';
import { formatMoney, hasMoreDecimalsThanCurrency } from '../../lib/format-money';
import { OverPreciseFlag } from './OverPreciseFlag';

interface AmountCellProps {
  value: Money | null;
  /** Shown under the dash when there is no value, e.g. "no balance recorded yet". */
  emptyNote?: string;
  /** Show the over-precision flag even when this string alone does not reveal it. */
  forceFlag?: boolean;
}

/** A right-aligned, exactly formatted amount (table cell). */
export function AmountCell({ value, emptyNote, forceFlag = false }: AmountCellProps) {
  if (value === null) {
    return (
      <td className="num">
        <span className="empty-value" aria-hidden="true">
          —
        </span>
        {emptyNote === undefined ? (
          <span className="visually-hidden">none</span>
        ) : (
          <span className="empty-note">{emptyNote}</span>
        )}
      </td>
    );
  }
  const flagged = forceFlag || hasMoreDecimalsThanCurrency(value.amount, value.currency);
  return (
    <td className="num">
      {flagged ? <OverPreciseFlag currency={value.currency} /> : null}
      <span className="amount">{formatMoney(value.amount, value.currency)}</span>
    </td>
  );
}
