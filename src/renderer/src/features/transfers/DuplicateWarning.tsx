import { formatMoney } from '../../lib/format-money';
import { formatExactTime } from '../../lib/format-time';
import { hrefFor } from '../../lib/router';
import type { PossibleDuplicate } from '../../stores/transfers-form-store';

/**
 * The core refused the request as a possible duplicate (same float, currency and amount within 7
 * days): say which earlier request it resembles; the confirmation step then offers "Send anyway".
 */
export function DuplicateWarning({ earlier }: { earlier: PossibleDuplicate }) {
  return (
    <div className="state state-warning" role="alert" data-testid="duplicate-warning">
      <p className="state-title">Nothing was sent: this looks like a top-up already requested</p>
      <p>
        {formatMoney(earlier.amount, earlier.currency)} to {earlier.float} was requested on{' '}
        {formatExactTime(earlier.at)} with payment reference{' '}
        <code className="reference" data-testid="duplicate-reference">
          {earlier.paymentReference}
        </code>
        .
      </p>
      <p>
        If that is the same top-up, do not send this one: pay the earlier request.{' '}
        <a href={hrefFor('transfers', { query: { reference: earlier.paymentReference } })}>
          Look at {earlier.paymentReference} in Transfers
        </a>
        . If this is a second top-up, send it anyway.
      </p>
    </div>
  );
}
