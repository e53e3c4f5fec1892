import type { FloatBalance } from '@shared/domain/floats';
import { hasMoreDecimalsThanCurrency } from '../../lib/format-money';
import { AmountCell } from './AmountCell';
import { TimeCell } from './TimeCell';

interface FloatRowProps {
  float: FloatBalance;
}

/** The core flags over-precision per float; show it on the amount(s) that carry it. */
function flagPlacement(float: FloatBalance): { available: boolean; pending: boolean } {
  if (!float.overPrecise) return { available: false, pending: false };
  const inAvailable =
    float.available !== null && hasMoreDecimalsThanCurrency(float.available.amount, float.currency);
  const inPending =
    float.pending !== null && hasMoreDecimalsThanCurrency(float.pending.amount, float.currency);
  // Flagged but neither string shows it (should not happen): still say so, on the available figure.
  if (!inAvailable && !inPending)
    return { available: float.available !== null, pending: float.available === null };
  return { available: inAvailable, pending: inPending };
}

export function FloatRow({ float }: FloatRowProps) {
  const flags = flagPlacement(float);
  return (
    <tr data-testid={`float-row-${float.currency}-${float.name}`}>
      <th scope="row" className="float-name">
        {float.name}
      </th>
      <AmountCell value={float.available} emptyNote="no balance recorded yet" forceFlag={flags.available} />
      <AmountCell value={float.pending} forceFlag={flags.pending} />
      <TimeCell iso={float.platformRefreshedAt} />
      <TimeCell iso={float.recordedAt} />
    </tr>
  );
}
