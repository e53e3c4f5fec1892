import type { FloatBalance } from '@shared/domain/floats';
import type { FloatInsight } from '@shared/ipc/contract-floats';
import { formatMoney, hasMoreDecimalsThanCurrency } from '../../lib/format-money';
import { pendingRequestsHref, suggestedTopUp, topUpHref } from '../transfers/transfer-links';
import { AmountCell } from './AmountCell';
import { RunwayCell } from './RunwayCell';
import { StalenessBadge } from './StalenessBadge';
import { ThresholdCell } from './ThresholdCell';
import { TimeCell } from './TimeCell';

interface FloatRowProps {
  /** The float's latest balance with its threshold and runway. */
  float: FloatInsight;
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

function BelowThresholdFlag({ float }: { float: FloatInsight }) {
  const amount = suggestedTopUp(float.available, float.threshold);
  return (
    <>
      <span className="flag flag-danger" data-testid="below-threshold">
        below threshold
      </span>
      <a
        className="request-top-up"
        href={topUpHref(float, amount)}
        data-testid="request-top-up"
        aria-label={`Request a top-up of ${float.currency} ${float.name}${amount === null ? '' : ` (${formatMoney(amount, float.currency)} reaches the threshold)`}`}
      >
        Request a top-up
      </a>
    </>
  );
}

const isZero = (amount: string): boolean => !/[1-9]/.test(amount);

export function FloatRow({ float }: FloatRowProps) {
  const flags = flagPlacement(float);
  const below = float.belowThreshold;
  return (
    <tr
      className={below ? 'below-threshold' : undefined}
      data-testid={`float-row-${float.currency}-${float.name}`}
    >
      <th scope="row" className="float-name">
        <span className="float-name-text">{float.name}</span>
        {below ? <BelowThresholdFlag float={float} /> : null}
      </th>
      <AmountCell value={float.available} emptyNote="no balance recorded yet" forceFlag={flags.available} />
      <AmountCell
        value={float.pending}
        forceFlag={flags.pending}
        link={
          float.pending === null || isZero(float.pending.amount)
            ? undefined
            : {
                href: pendingRequestsHref(float),
                label: `${formatMoney(float.pending.amount, float.pending.currency)} pending: show the pending requests of ${float.currency} ${float.name}`,
                testId: 'pending-requests-link',
              }
        }
      />
      <ThresholdCell currency={float.currency} name={float.name} threshold={float.threshold} />
      <RunwayCell runway={float.runway} />
      <TimeCell iso={float.platformRefreshedAt}>
        <StalenessBadge platformRefreshedAt={float.platformRefreshedAt} />
      </TimeCell>
      <TimeCell iso={float.recordedAt} />
    </tr>
  );
}
