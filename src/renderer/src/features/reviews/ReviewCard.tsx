import { useState } from 'react';
import type { SignOff } from '@shared/ipc/contract-signoff';
import type { ErrorShape } from '@shared/ipc/errors';
import { formatDate, formatExactTime } from '../../lib/format-time';
import { useReconPeriod } from '../../stores/recon';
import { lockedCountsText, preparerText } from '../reconciliation/period-close/period-text';
import { ViewReportButton } from '../reconciliation/period-close/ReportDialog';

interface ReviewCardProps {
  signOff: SignOff;
  onViewReport: (signOff: SignOff, opener: HTMLElement) => void;
  onReject: (signOff: SignOff, opener: HTMLElement) => void;
}

/** One sign-off awaiting review: what it locks, who prepared it and when, and the two verdicts. */
export function ReviewCard({ signOff, onViewReport, onReject }: ReviewCardProps) {
  const reviewSignOff = useReconPeriod((state) => state.reviewSignOff);
  const [approving, setApproving] = useState(false);
  const [refused, setRefused] = useState<ErrorShape | null>(null);
  const asOf = formatDate(signOff.asOf);
  const titleId = `review-${signOff.id}-title`;

  const approve = async (): Promise<void> => {
    setApproving(true);
    setRefused(null);
    const error = await reviewSignOff(signOff.id, 'approve', '');
    setApproving(false);
    setRefused(error);
  };

  return (
    <article className="review-card" aria-labelledby={titleId} data-testid="review-card" data-id={signOff.id}>
      <h3 id={titleId}>Month-end as of {asOf}</h3>
      <dl className="review-facts">
        <div>
          <dt>Prepared by</dt>
          <dd data-testid="review-preparer">{preparerText(signOff)}</dd>
        </div>
        <div>
          <dt>Signed off</dt>
          <dd>
            <time dateTime={signOff.signedAt}>{formatExactTime(signOff.signedAt)}</time>
          </dd>
        </div>
        <div>
          <dt>Locks once approved</dt>
          <dd>{lockedCountsText(signOff)}</dd>
        </div>
        <div>
          <dt>Note</dt>
          <dd>{signOff.note === '' ? <span className="muted">No note</span> : signOff.note}</dd>
        </div>
      </dl>
      {refused === null ? null : (
        <p className="review-refused" role="alert" data-testid="review-refused">
          Not approved: {refused.message}
        </p>
      )}
      <div className="review-actions">
        <ViewReportButton
          signOff={signOff}
          className="button button-secondary"
          what={`as of ${asOf}`}
          onViewReport={onViewReport}
        />
        <button
          type="button"
          className="button"
          disabled={approving}
          onClick={() => void approve()}
          data-testid="review-approve"
        >
          {approving ? 'Approving…' : 'Approve'}
          <span className="visually-hidden"> the sign-off as of {asOf}</span>
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={approving}
          onClick={(event) => onReject(signOff, event.currentTarget)}
          data-testid="review-reject"
        >
          Reject…<span className="visually-hidden"> the sign-off as of {asOf}</span>
        </button>
      </div>
    </article>
  );
}
