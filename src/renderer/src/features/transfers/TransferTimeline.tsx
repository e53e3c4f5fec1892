import type { TransferHistoryEntry } from '@shared/ipc/contract-transfers';
import { formatExactTime } from '../../lib/format-time';
import { amountText } from './cell-text';
import { statusLabel } from './columns';
import type { TransferDetail } from '../../stores/transfers-detail-store';

function entryText(entry: TransferHistoryEntry): string {
  const status = entry.status === null ? null : statusLabel(entry.status);
  const approved =
    entry.approved === null ? 'no approved amount' : `approved amount ${amountText(entry.approved)}`;
  switch (entry.kind) {
    case 'first_seen':
      return `First seen${status ? `: ${status}` : ''}${entry.approved ? `, ${approved}` : ''}`;
    case 'status':
      return `Status became ${status ?? 'unknown'}`;
    case 'approved_amount':
      return `The platform changed the ${approved}`;
    case 'status_and_amount':
      return `Status became ${status ?? 'unknown'}, ${approved}`;
  }
}

const OUTCOMES: Record<TransferDetail['submissions'][number]['outcome'], string> = {
  registered: 'Sent from this workspace; the platform registered it',
  confirmed_by_lookup: 'Sent from this workspace; the platform confirmed it when asked',
  refused: 'Sent from this workspace; the platform refused it',
  unknown: 'Sent from this workspace; the answer was lost — it shows up after a sync if the platform has it',
};

/** The request's history, oldest first: submissions from here, first sight, status and amount changes. */
export function TransferTimeline({ detail }: { detail: TransferDetail }) {
  const events = [
    ...detail.submissions.map((submission) => ({
      at: submission.submittedAt,
      text: `${OUTCOMES[submission.outcome]}${submission.errorCode ? ` (${submission.errorCode})` : ''}`,
      kind: 'submission',
    })),
    ...detail.history.map((entry) => ({ at: entry.at, text: entryText(entry), kind: entry.kind })),
  ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  if (events.length === 0) return <p className="muted">No changes recorded yet.</p>;
  return (
    <ol className="timeline" data-testid="transfer-timeline">
      {events.map((event, index) => (
        <li key={`${event.at}-${index}`} className={`timeline-entry timeline-${event.kind}`}>
          <time dateTime={event.at} title={event.at}>
            {formatExactTime(event.at)}
          </time>
          <span>{event.text}</span>
        </li>
      ))}
    </ol>
  );
}
