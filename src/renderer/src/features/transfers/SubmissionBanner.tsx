import { useState } from 'react';
import { useTransferForm } from '../../stores/transfers';

/** After a request was registered from the form: say so on the table, where it is now selected. */
export function SubmissionBanner() {
  const outcome = useTransferForm((state) => state.outcome);
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (outcome?.kind !== 'registered' || dismissed === outcome.paymentReference) return null;
  return (
    <div className="banner banner-success" role="status" data-testid="submission-banner">
      <p>
        <strong>Transfer request {outcome.paymentReference} registered.</strong> {outcome.message}
      </p>
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
