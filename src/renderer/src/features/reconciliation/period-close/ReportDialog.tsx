import { useId, useRef } from 'react';
import type { SignOff } from '@shared/ipc/contract-signoff';
import type { ReconSummary } from '@shared/ipc/contract-recon';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { formatDate, formatExactTime } from '../../../lib/format-time';
import { useReconPeriod } from '../../../stores/recon';
import { STATE_LABELS, STATE_ORDER } from '../recon-text';
import { actorLabel, lockedCountsText, signOffStatusText } from './period-text';
import { ReportItemsTable } from './ReportItemsTable';
import { useModalDialog } from '../../../lib/use-modal-dialog';
import { formatNumber } from '../../../lib/format-money';

interface ReportDialogProps {
  /** Where focus goes back to when the dialog closes (the button that opened it). */
  returnFocus: HTMLElement | null;
  onClose: () => void;
}

function SummaryCounts({ summary }: { summary: ReconSummary }) {
  return (
    <dl className="recon-report-counts" data-testid="recon-report-summary">
      {STATE_ORDER.map((state) => (
        <div key={state} data-testid={`recon-report-count-${state}`}>
          <dt>{STATE_LABELS[state]}</dt>
          <dd>{formatNumber(summary.states[state])}</dd>
        </div>
      ))}
      <div>
        <dt>Suggestions to review</dt>
        <dd>{formatNumber(summary.suggestions)}</dd>
      </div>
    </dl>
  );
}

/** The button that opens a sign-off's frozen report; `what` is read after "View report" by a screen reader. */
export function ViewReportButton({
  signOff,
  className,
  what,
  onViewReport,
}: {
  signOff: SignOff;
  className: string;
  what: string;
  onViewReport: (signOff: SignOff, opener: HTMLElement) => void;
}) {
  return (
    <button
      type="button"
      className={className}
      onClick={(event) => onViewReport(signOff, event.currentTarget)}
    >
      View report<span className="visually-hidden"> {what}</span>
    </button>
  );
}

/** The frozen report of one sign-off: its facts, the summary counts and the items, page by page. */
export function ReportDialog({ returnFocus, onClose }: ReportDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const ids = useId();
  const report = useReconPeriod((state) => state.report);

  useModalDialog(dialog, {
    opened: () => heading.current,
    closed: () => (returnFocus?.isConnected ? returnFocus : null),
  });

  const view = report?.view;
  const value = view?.status === 'ready' ? view.value : null;
  return (
    <dialog
      ref={dialog}
      className="app-dialog recon-dialog recon-report-dialog"
      aria-labelledby={`${ids}-title`}
      data-testid="recon-report-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="recon-report-body">
        <div className="recon-report-heading">
          <h2 id={`${ids}-title`} ref={heading} tabIndex={-1}>
            {value ? `Report signed off as of ${formatDate(value.signOff.asOf)}` : 'Signed-off report'}
          </h2>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Close
          </button>
        </div>
        {view?.status === 'error' ? (
          <ErrorState title="The report could not be loaded" error={view.error} />
        ) : null}
        {value === null ? (
          view?.status === 'error' ? null : (
            <LoadingState label="Loading the frozen report…" />
          )
        ) : (
          <>
            <dl className="recon-signoff-facts">
              <div>
                <dt>Signed</dt>
                <dd>
                  {formatExactTime(value.signOff.signedAt)} ·{' '}
                  {actorLabel(value.signOff.actor, value.signOff.actorName)}
                </dd>
              </div>
              <div>
                <dt>Locked</dt>
                <dd>{lockedCountsText(value.signOff)}</dd>
              </div>
              <div>
                <dt>Status</dt>
                <dd>{signOffStatusText(value.signOff)}</dd>
              </div>
              <div>
                <dt>Audit log entry</dt>
                <dd>{value.signOff.auditSeq}</dd>
              </div>
              <div className="recon-signoff-hash">
                <dt>Report fingerprint (SHA-256)</dt>
                <dd>
                  <code data-testid="recon-report-sha256">{value.signOff.reportSha256}</code>
                </dd>
              </div>
            </dl>
            {value.signOff.note === '' ? null : <p className="recon-hint">Note: {value.signOff.note}</p>}
            <h3 className="recon-subheading">Summary as of {formatDate(value.summary.asOf)}</h3>
            <SummaryCounts summary={value.summary} />
            <h3 className="recon-subheading">Items</h3>
            <ReportItemsTable items={value.items} />
          </>
        )}
      </div>
    </dialog>
  );
}
