import type { Money } from '@shared/domain/money';
import { formatMoney, hasMoreDecimalsThanCurrency } from '../../lib/format-money';
import { OverPreciseFlag } from './OverPreciseFlag';

interface AmountCellProps {
  value: Money | null;
  /** Shown under the dash when there is no value, e.g. "no balance recorded yet". */
  emptyNote?: string;
  /** Show the over-precision flag even when this string alone does not reveal it. */
  forceFlag?: boolean;
  /** The amount links to where it is made of (pending payments → the pending requests). */
  link?: { href: string; label: string; testId: string };
}

/** A right-aligned, exactly formatted amount (table cell). */
export function AmountCell({ value, emptyNote, forceFlag = false, link }: AmountCellProps) {
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
      {link ? (
        <a className="amount" href={link.href} aria-label={link.label} data-testid={link.testId}>
          {formatMoney(value.amount, value.currency)}
        </a>
      ) : (
        <span className="amount">{formatMoney(value.amount, value.currency)}</span>
      )}
    </td>
  );
}
