import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { EXPORT_FORMATS } from '@shared/ipc/contract-export';
import { LabelledSelect } from '../../components/LabelledInput';
import { formatPreferences } from '../../lib/format-preferences';
import type { ExportControlProps } from './ExportControl';
import { RECON_PART_CHOICES, RECON_PART_LABELS, type ExportChoice, type ReconPart } from './export-request';
import { isBusy, type ExportPhase, type ExportSession } from './export-session';
import { ExportStatus } from './ExportStatus';
import { ReportScopeChoice } from './ReportScopeChoice';
import { browserStorage, FORMAT_HINTS, FORMAT_LABELS, initialFormat, rememberFormat } from './format-memory';
import { useModalDialog } from '../../lib/use-modal-dialog';

interface ExportDialogProps extends ExportControlProps {
  testId: string;
  session: ExportSession;
  phase: ExportPhase;
  /** The button that opened it: focus goes back there when it closes. */
  returnFocus: () => HTMLElement | null;
  onClose: () => void;
}

/**
 * The export dialog, modal like FloatDesk's other dialogs: focus moves in (to the chosen format),
 * stays in, Escape or Close closes it (a running export goes on), and focus returns to the button.
 */
export function ExportDialog(props: ExportDialogProps) {
  const { what, description, history = false, parts = false, scope = 'table', testId } = props;
  const { session, phase, returnFocus, onClose, buildRequest, shownFilter = null } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = useId();
  const [choice, setChoice] = useState<ExportChoice>(() => ({
    format: initialFormat(browserStorage(), formatPreferences().locale, scope),
    withHistory: false,
    part: 'all',
    onlyShown: false,
  }));
  const busy = isBusy(phase);
  const finished = phase.status === 'done' || phase.status === 'cancelled' || phase.status === 'failed';
  const cancelButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useModalDialog(dialog, {
    opened: (element) =>
      isBusy(session.phase)
        ? cancelButton.current
        : element.querySelector<HTMLInputElement>('input[name$="-format"]:checked'),
    closed: returnFocus,
  });

  // Running: Cancel is where the person is likely to go; at the outcome, Close.
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (busy && !wasBusy.current) cancelButton.current?.focus();
    if (!busy && wasBusy.current) closeButton.current?.focus();
    wasBusy.current = busy;
  }, [busy]);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (busy) return;
    rememberFormat(browserStorage(), choice.format, scope);
    void session.start(buildRequest(choice), choice.format);
  };

  return (
    <dialog
      ref={dialog}
      className="app-dialog export-dialog"
      aria-labelledby={`${ids}-title`}
      aria-describedby={description === undefined ? undefined : `${ids}-what`}
      data-testid={`${testId}-dialog`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form onSubmit={submit} noValidate>
        <h2 id={`${ids}-title`}>Export {what}</h2>
        {description === undefined ? null : (
          <p id={`${ids}-what`} className="export-what">
            {description}
          </p>
        )}
        <fieldset className="export-formats" disabled={busy}>
          <legend>Format</legend>
          {EXPORT_FORMATS.map((format) => (
            <div key={format} className="export-format">
              <input
                type="radio"
                id={`${ids}-${format}`}
                name={`${ids}-format`}
                value={format}
                checked={choice.format === format}
                aria-describedby={`${ids}-${format}-hint`}
                data-testid={`${testId}-format-${format}`}
                onChange={() => setChoice({ ...choice, format })}
              />
              <label htmlFor={`${ids}-${format}`} className="export-format-label">
                {FORMAT_LABELS[format]}
              </label>
              <span id={`${ids}-${format}-hint`} className="export-hint">
                {FORMAT_HINTS[format]}
              </span>
            </div>
          ))}
        </fieldset>
        {shownFilter === null ? null : (
          <ReportScopeChoice
            idPrefix={ids}
            testId={testId}
            filter={shownFilter}
            onlyShown={choice.onlyShown === true}
            disabled={busy}
            onChange={(onlyShown) => setChoice({ ...choice, onlyShown })}
          />
        )}
        {history ? (
          <div className="export-format">
            <input
              type="checkbox"
              id={`${ids}-history`}
              checked={choice.withHistory}
              disabled={busy}
              aria-describedby={`${ids}-history-hint`}
              data-testid={`${testId}-history`}
              onChange={(event) => setChoice({ ...choice, withHistory: event.target.checked })}
            />
            <label htmlFor={`${ids}-history`} className="export-format-label">
              Include history
            </label>
            <span id={`${ids}-history-hint`} className="export-hint">
              One more row for every recorded change of each request.
            </span>
          </div>
        ) : null}
        {parts && choice.format !== 'xlsx' ? (
          <LabelledSelect
            id={`${ids}-part`}
            className="export-field"
            label="Part of the report"
            value={choice.part}
            disabled={busy}
            choices={RECON_PART_CHOICES.map((part) => ({ value: part, label: RECON_PART_LABELS[part] }))}
            onChange={(part) => setChoice({ ...choice, part: part as ReconPart | 'all' })}
          />
        ) : parts ? (
          <p className="export-hint">
            The workbook holds every part as a sheet: Summary, Roll-forward, Matches, Open items, Resolutions
            and Audit.
          </p>
        ) : null}
        <ExportStatus phase={phase} what={what} testId={testId} />
        <div className="export-actions">
          {busy ? (
            <button
              ref={cancelButton}
              type="button"
              className="button button-secondary"
              disabled={phase.status === 'downloading' || ('cancelling' in phase && phase.cancelling)}
              data-testid={`${testId}-cancel`}
              onClick={() => void session.cancel()}
            >
              Cancel export
            </button>
          ) : (
            <button type="submit" className="button" data-testid={`${testId}-start`}>
              {finished ? 'Export again' : 'Export'}
            </button>
          )}
          <button
            ref={closeButton}
            type="button"
            className="button button-secondary"
            data-testid={`${testId}-close`}
            onClick={onClose}
          >
            {busy ? 'Hide' : 'Close'}
          </button>
        </div>
        {busy ? (
          <p className="export-hint">Hide keeps the export running; the button shows how far it is.</p>
        ) : null}
      </form>
    </dialog>
  );
}
