import { useState } from 'react';
import { useTransferForm } from '../../stores/transfers';
import { PaymentInstructions } from './PaymentInstructions';

/**
 * After a request was registered from the form: say so on the table, where it is now selected, with
 * where to pay it and the reference to quote.
 */
export function SubmissionBanner() {
  const outcome = useTransferForm((state) => state.outcome);
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (outcome?.kind !== 'registered' || dismissed === outcome.paymentReference) return null;
  return (
    <div className="banner banner-success submission-banner" role="status" data-testid="submission-banner">
      <div className="submission-banner-body">
        <p>
          <strong>Transfer request {outcome.paymentReference} registered.</strong> {outcome.message}
        </p>
        <PaymentInstructions paymentReference={outcome.paymentReference} amount={outcome.amount} />
      </div>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => setDismissed(outcome.paymentReference)}
      >
        Dismiss<span className="visually-hidden"> the confirmation</span>
      </button>
    </div>
  );
}
