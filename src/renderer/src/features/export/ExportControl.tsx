import { useRef, useState, type ReactNode } from 'react';
import type { ExportRequest } from '@shared/ipc/contract-export';
import { ExportDialog } from './ExportDialog';
import type { ExportChoice } from './export-request';
import { buttonStatus } from './export-text';
import type { FormatScope } from './format-memory';
import { useExportSession } from './use-export-session';
import './export.css';

export interface ExportControlProps {
  /** What is exported, in words: "transfer requests". Names the button and titles the dialog. */
  what: string;
  /** The visible text of the button (default "Export…"); its accessible name always says what. */
  label?: string;
  /** Said to screen readers after the visible label, where several such buttons share one. */
  nameSuffix?: string;
  /** Which rows will leave: the filters and sort in words. */
  description?: ReactNode;
  /** The request for the person's choice, built from the screen's current filters and sort. */
  buildRequest: (choice: ExportChoice) => ExportRequest;
  /** Offer "Include history" (transfers). */
  history?: boolean;
  /** Offer the choice of part for CSV (the reconciliation report: the workbook holds all five). */
  parts?: boolean;
  /**
   * The reconciliation report while the screen filters its open items: the filter in words, offered
   * as the explicit choice to export only those (the complete report is the default).
   */
  shownFilter?: string | null;
  /** A report's format is remembered apart from a table's, and first suggested as XLSX. */
  scope?: FormatScope;
  /** A smaller button, for a row of a table. */
  small?: boolean;
  testId?: string;
}

/**
 * The Export button of a table or report: a dialog to choose the format (remembered), then the
 * export with the screen's current filters, its progress, Cancel, and the outcome. The dialog may be
 * closed while the export runs; the button then says how far it got. One export at a time.
 */
export function ExportControl(props: ExportControlProps) {
  const { what, label = 'Export…', small = false, testId = 'export' } = props;
  const suffix = props.nameSuffix ?? (label === 'Export…' ? ` ${what}` : '');
  const { session, phase } = useExportSession();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const text = label.endsWith('…') ? label.slice(0, -1) : label;
  const status = buttonStatus(phase);

  return (
    <span className="export-control" data-testid={testId}>
      <button
        ref={button}
        type="button"
        className={`button button-secondary export-button${small ? ' export-small' : ''}`}
        aria-haspopup="dialog"
        aria-label={suffix === '' ? undefined : `${text}${suffix}${text === label ? '' : '…'}`}
        data-testid={`${testId}-button`}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      {/* Always in the page, so changes are announced; it speaks only while the dialog is closed. */}
      <span className="export-button-status" role="status" data-testid={`${testId}-status`}>
        {open ? '' : status}
      </span>
      {open ? (
        <ExportDialog
          {...props}
          testId={testId}
          session={session}
          phase={phase}
          returnFocus={() => button.current}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </span>
  );
}
