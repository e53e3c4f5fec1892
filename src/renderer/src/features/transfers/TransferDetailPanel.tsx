import type { KeyboardEvent, Ref } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { RelativeTime } from '../../components/RelativeTime';
import { formatExactTime } from '../../lib/format-time';
import { useTransferDetail } from '../../stores/transfers';
import type { TransferDetail } from '../../stores/transfers-detail-store';
import { amountText, isDifferent } from './cell-text';
import { originLabel } from './columns';
import { CopyButton } from './CopyButton';
import { SentDetails } from './SentDetails';
import { StatusBadge } from './StatusBadge';
import { TransferTimeline } from './TransferTimeline';

interface TransferDetailPanelProps {
  headingRef: Ref<HTMLHeadingElement>;
  onClose: () => void;
  onCopied: (reference: string, copied: boolean) => void;
}

function Fields({
  detail,
  onCopied,
}: {
  detail: TransferDetail;
  onCopied: TransferDetailPanelProps['onCopied'];
}) {
  const row = detail.transfer;
  const none = <span className="muted">none</span>;
  return (
    <dl className="detail-fields">
      <dt>Payment reference</dt>
      <dd className="detail-reference">
        <span className="reference">{row.paymentReference}</span>
        <CopyButton text={row.paymentReference} label="Copy payment reference" onCopied={onCopied} />
      </dd>
      <dt>Status</dt>
      <dd>
        <StatusBadge status={row.status} />
      </dd>
      <dt>Float</dt>
      <dd>{row.float}</dd>
      <dt>Currency</dt>
      <dd>{row.currency}</dd>
      <dt>Requested</dt>
      <dd className="num">{amountText(row.requested)}</dd>
      <dt>Approved</dt>
      <dd className="num">{row.approved ? amountText(row.approved) : none}</dd>
      <dt>Difference</dt>
      <dd className={`num${isDifferent(row.difference, row.status) ? ' cell-different' : ''}`}>
        {row.difference ? amountText(row.difference, true) : none}
      </dd>
      <dt>Created</dt>
      <dd>
        {formatExactTime(row.createdAt)} <span className="muted">(platform: {row.createdAt})</span>
      </dd>
      <dt>Origin</dt>
      <dd>{originLabel(row.origin)}</dd>
      <dt>First seen</dt>
      <dd>
        <RelativeTime iso={detail.firstSeenAt} />
      </dd>
      <dt>Last change</dt>
      <dd>
        <RelativeTime iso={row.lastChangedAt} />
      </dd>
      {row.overPrecise ? (
        <>
          <dt>Precision</dt>
          <dd className="warning">
            An amount has more decimals than {row.currency} has; it is shown exactly as sent.
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** The selected request in full, with its history as a timeline. Escape or Close closes it. */
export function TransferDetailPanel({ headingRef, onClose, onCopied }: TransferDetailPanelProps) {
  const view = useTransferDetail((state) => state.view);
  const reload = useTransferDetail((state) => state.reload);
  if (view.status === 'closed') return null;
  const detail = view.status === 'ready' ? view.detail : view.status === 'loading' ? view.previous : null;
  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };
  return (
    <section
      className="transfer-detail"
      aria-labelledby="transfer-detail-title"
      data-testid="transfer-detail"
      aria-busy={view.status === 'loading'}
      onKeyDown={onKeyDown}
    >
      <div className="detail-head">
        <h2 id="transfer-detail-title" ref={headingRef} tabIndex={-1}>
          {detail ? `Transfer request ${detail.transfer.paymentReference}` : 'Transfer request'}
        </h2>
        <button
          type="button"
          className="button button-secondary"
          aria-keyshortcuts="Escape"
          onClick={onClose}
        >
          Close<span className="visually-hidden"> details</span>
        </button>
      </div>
      {view.status === 'error' ? (
        <ErrorState
          title="This request's details could not be loaded"
          error={view.error}
          onRetry={() => void reload()}
        />
      ) : detail === null ? (
        <LoadingState label="Loading the request…" />
      ) : (
        <>
          <Fields detail={detail} onCopied={onCopied} />
          <SentDetails detail={detail} />
          <h3>History</h3>
          <TransferTimeline detail={detail} />
        </>
      )}
    </section>
  );
}
