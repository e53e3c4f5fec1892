import { formatMoney } from '../../lib/format-money';
import { isZeroAmount } from './recon-text';

interface Money {
  amount: string;
  currency: string;
}

/** An exact amount as the ledger holds it (bank lines may be negative: money out). */
export function Amount({ value }: { value: Money }) {
  return <span className="amount">{formatMoney(value.amount, value.currency)}</span>;
}

/** A table cell with an amount, or a dash with a short note when there is none. */
export function AmountCell({ value, emptyNote = 'none' }: { value: Money | null; emptyNote?: string }) {
  return (
    <td className="num">
      {value === null ? (
        <>
          <span className="empty-value" aria-hidden="true">
            —
          </span>
          <span className="visually-hidden">{emptyNote}</span>
        </>
      ) : (
        <Amount value={value} />
      )}
    </td>
  );
}

/**
 * A difference that must come to zero: "Balanced" when it does, the amount highlighted when it
 * does not, and a dash when it cannot be computed (a snapshot is missing).
 */
export function DifferenceCell({ value, missingNote }: { value: Money | null; missingNote: string }) {
  if (value === null) {
    return (
      <td className="num">
        <span className="empty-value" aria-hidden="true">
          —
        </span>
        <span className="empty-note">{missingNote}</span>
      </td>
    );
  }
  if (isZeroAmount(value.amount)) {
    return (
      <td className="num">
        <span className="recon-balanced" title={`Difference ${formatMoney(value.amount, value.currency)}`}>
          <span aria-hidden="true">✓ </span>Balanced
        </span>
      </td>
    );
  }
  return (
    <td className="num">
      <span className="recon-difference">
        <span className="visually-hidden">Difference of </span>
        <Amount value={value} />
      </span>
    </td>
  );
}
