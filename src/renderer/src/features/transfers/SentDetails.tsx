import { Fragment } from 'react';
import { formatExactTime } from '../../lib/format-time';
import type { TransferDetail } from '../../stores/transfers-detail-store';
import { PROFORMA_FIELDS, PROFORMA_LABELS } from './transfer-submission';

type Submission = TransferDetail['submissions'][number];

function OneSubmission({ submission, many }: { submission: Submission; many: boolean }) {
  const unknown = <span className="muted">not recorded</span>;
  const invoice = submission.proformaInvoice;
  const given = PROFORMA_FIELDS.filter((field) => (invoice?.[field] ?? '') !== '');
  return (
    <div className="sent-details-entry" data-testid="sent-details">
      {many ? <h4>{formatExactTime(submission.submittedAt)}</h4> : null}
      <dl className="detail-fields">
        <dt>Sent</dt>
        <dd>{formatExactTime(submission.submittedAt)}</dd>
        <dt>By</dt>
        <dd data-testid="sent-by">{submission.submittedBy ?? unknown}</dd>
        <dt>Finance e-mail</dt>
        <dd data-testid="sent-email">
          {submission.financeEmail ?? <span className="muted">none sent</span>}
        </dd>
        <dt>Proforma invoice</dt>
        <dd data-testid="sent-proforma">
          {given.length === 0 || invoice === null ? (
            <span className="muted">none sent</span>
          ) : (
            <dl className="sent-proforma">
              {given.map((field) => (
                <Fragment key={field}>
                  <dt>{PROFORMA_LABELS[field]}</dt>
                  <dd>{invoice[field]}</dd>
                </Fragment>
              ))}
            </dl>
          )}
        </dd>
        {submission.confirmedDuplicateOf === null ? null : (
          <>
            <dt>Duplicate check</dt>
            <dd>
              Sent anyway, although it looked like{' '}
              <span className="reference">{submission.confirmedDuplicateOf}</span>
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}

/**
 * What this workspace sent for the request (finance e-mail, proforma invoice) and who sent it. A
 * request first seen on the platform, or sent before FloatDesk kept these, says so.
 */
export function SentDetails({ detail }: { detail: TransferDetail }) {
  const sent = detail.submissions.filter((submission) => submission.outcome !== 'refused');
  return (
    <>
      <h3>What was sent</h3>
      {sent.length === 0 ? (
        <p className="muted" data-testid="sent-details-none">
          Not sent from this workspace: the request was first seen on the platform.
        </p>
      ) : (
        sent.map((submission) => (
          <OneSubmission key={submission.submittedAt} submission={submission} many={sent.length > 1} />
        ))
      )}
    </>
  );
}
