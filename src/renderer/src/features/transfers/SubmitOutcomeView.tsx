import { ErrorState } from '../../components/ErrorState';
import { hrefFor } from '../../lib/router';
import type { SubmitOutcome } from '../../stores/transfers-form-store';

/** What happened to the last submission, in plain words, with what to do next. */
export function SubmitOutcomeView({ outcome, onNew }: { outcome: SubmitOutcome; onNew: () => void }) {
  switch (outcome.kind) {
    case 'registered':
      return null; // the table shows it, selected, with a banner
    case 'duplicate':
      return null; // the confirmation step shows the warning next to "Send anyway"
    case 'unknown':
      return (
        <div className="state state-warning" role="status" data-testid="submit-outcome-unknown">
          <p className="state-title">Sent — the platform&apos;s answer was lost</p>
          <p>{outcome.message}</p>
          <p>
            Payment reference to check: <code className="reference">{outcome.paymentReference}</code>. It
            appears in the table after the next sync if the platform has it; do not send it again before
            checking.
          </p>
          <p>
            <a href={hrefFor('transfers', { query: { reference: outcome.paymentReference } })}>
              Look for {outcome.paymentReference} in the table
            </a>
          </p>
          <button type="button" className="button button-secondary" onClick={onNew}>
            Start a new request
          </button>
        </div>
      );
    case 'offline':
      return (
        <div className="state state-warning" role="alert" data-testid="submit-outcome-offline">
          <p className="state-title">Not sent: FloatDesk cannot reach the platform</p>
          <p>{outcome.message}</p>
          <p>
            {outcome.draftId === null
              ? 'Nothing was sent.'
              : `Nothing was sent. The request is kept as a draft (listed under Drafts below); send it from there when the connection is back.`}
          </p>
        </div>
      );
    case 'failed':
      return <ErrorState title="The transfer request was not sent" error={outcome.error} />;
  }
}
