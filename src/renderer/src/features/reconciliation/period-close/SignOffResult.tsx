import { useEffect, useRef } from 'react';
import type { SignOff } from '@shared/ipc/contract-signoff';
import { formatDate } from '../../../lib/format-time';
import { useReconPeriod } from '../../../stores/recon';
import { shortHash } from './period-text';
import { formatNumber } from '../../../lib/format-money';

/**
 * Step 3: what the sign-off locked and where it sits in the audit log. In a team it locks nothing
 * yet: it awaits a reviewer, and the counts are what it will lock once approved.
 */
export function SignOffResult({ signOff }: { signOff: SignOff }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const cancelSigning = useReconPeriod((state) => state.cancelSigning);
  useEffect(() => heading.current?.focus(), []);
  const awaiting = signOff.state === 'awaiting_review';
  return (
    <div className="recon-signoff-result" data-testid="recon-signoff-result">
      <h3 ref={heading} tabIndex={-1} className="recon-subheading">
        Signed off as of {formatDate(signOff.asOf)}
        {awaiting ? ': awaiting review' : ''}
      </h3>
      {awaiting ? (
        <p className="recon-hint" data-testid="recon-signoff-awaits">
          Nothing is locked yet. A colleague who is a reviewer approves it, or sends it back with a note, from
          their Reviews screen; its items lock once it is approved.
        </p>
      ) : null}
      <dl className="recon-signoff-facts">
        <div>
          <dt>{awaiting ? 'Requests to lock' : 'Locked requests'}</dt>
          <dd data-testid="recon-signoff-locked-requests">{formatNumber(signOff.lockedRequests)}</dd>
        </div>
        <div>
          <dt>{awaiting ? 'Bank lines to lock' : 'Locked bank lines'}</dt>
          <dd data-testid="recon-signoff-locked-lines">{formatNumber(signOff.lockedLines)}</dd>
        </div>
        <div>
          <dt>Audit log entry</dt>
          <dd data-testid="recon-signoff-audit-seq">{signOff.auditSeq}</dd>
        </div>
        <div>
          <dt>Report fingerprint</dt>
          <dd>
            <code title={`SHA-256 ${signOff.reportSha256}`}>{shortHash(signOff.reportSha256)}</code>
          </dd>
        </div>
      </dl>
      <p className="recon-hint">
        The fingerprint changes if anything in the frozen report changes: quote it when the report is
        reviewed.
      </p>
      <div className="recon-actions">
        <button type="button" className="button button-secondary" onClick={cancelSigning}>
          Done
        </button>
      </div>
    </div>
  );
}
