import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ErrorShape } from '@shared/ipc/errors';
import { useModalDialog } from '../lib/use-modal-dialog';

/** The written reason every such dialog asks for: its label, hint, size and what makes it wrong. */
export interface ReasonField {
  label: string;
  hint: string;
  rows: number;
  maxLength: number;
  /** Why the text is not accepted (shown under the field once the person tried), or null. */
  problem: (text: string) => string | null;
  errorTestId?: string;
}

/** Fields a dialog asks before the reason (e.g. a choice), and how to check them. */
export interface ExtraFields {
  render: (ids: string, tried: boolean) => ReactNode;
  /** The first extra field that is not filled in right (it takes the focus), or null. */
  invalid: () => HTMLElement | null;
  /** The field focused when the dialog opens, instead of the reason. */
  initialFocus?: () => HTMLElement | null;
}

export interface ReasonDialogProps {
  title: string;
  /** What the decision is about; the dialog is described by it. */
  body: ReactNode;
  reason: ReasonField;
  extra?: ExtraFields;
  submitLabel: string;
  savingLabel: string;
  /** Before the core's message when it refuses, e.g. "Not undone". */
  refusedPrefix: string;
  testId: string;
  errorTestId?: string;
  className?: string;
  /** The submit button is off (e.g. nothing left to decide). */
  unavailable?: boolean;
  /** Does the decision; the error the core gave, or null when done (the dialog then closes). */
  onSubmit: (reason: string) => Promise<ErrorShape | null>;
  /** Where focus goes back to when the dialog closes (the button that opened it), if still there. */
  returnFocus: HTMLElement | null;
  /** Where focus goes when the opener is gone, and after the decision when `leaveOpener` is set. */
  fallbackFocus: () => HTMLElement | null;
  /** After the decision, focus goes to `fallbackFocus` (the opener goes away with what it decided). */
  leaveOpener?: boolean;
  onClose: () => void;
}

/**
 * A decision that needs a written reason (undo, resolve, unlock), as a modal <dialog>: focus moves
 * into it, stays in it, Escape closes it (not while saving), and focus returns to where it was.
 * Every field has its label; a field's error is tied to it and takes the focus on a failed submit.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const { reason: field, extra } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<ErrorShape | null>(null);
  const [tried, setTried] = useState(false);
  const done = useRef(false);
  const ids = useId();

  useModalDialog(dialog, {
    opened: () => extra?.initialFocus?.() ?? reasonRef.current,
    closed: () =>
      !(done.current && props.leaveOpener === true) && props.returnFocus?.isConnected
        ? props.returnFocus
        : props.fallbackFocus(),
  });

  const problem = field.problem(text);
  const showProblem = tried && problem !== null;
  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setTried(true);
    if (saving || props.unavailable === true) return;
    const blocked = extra?.invalid() ?? (problem === null ? null : reasonRef.current);
    if (blocked !== null) {
      blocked.focus();
      return;
    }
    setSaving(true);
    setError(null);
    const failed = await props.onSubmit(text);
    setSaving(false);
    if (failed) {
      setError(failed);
      return;
    }
    done.current = true;
    props.onClose();
  };

  return (
    <dialog
      ref={dialog}
      className={`app-dialog recon-dialog${props.className === undefined ? '' : ` ${props.className}`}`}
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-what`}
      data-testid={props.testId}
      onCancel={(event) => {
        event.preventDefault();
        if (!saving) props.onClose();
      }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={`${ids}-title`}>{props.title}</h2>
        <div id={`${ids}-what`} className="recon-dialog-what">
          {props.body}
        </div>
        {extra?.render(ids, tried)}
        <div className="recon-field">
          <label htmlFor={`${ids}-reason`}>{field.label}</label>
          <textarea
            id={`${ids}-reason`}
            ref={reasonRef}
            value={text}
            rows={field.rows}
            maxLength={field.maxLength}
            required
            aria-invalid={showProblem}
            aria-describedby={`${ids}-reason-hint${showProblem ? ` ${ids}-reason-error` : ''}`}
            onChange={(event) => setText(event.target.value)}
          />
          <span id={`${ids}-reason-hint`} className="recon-hint">
            {field.hint}
          </span>
          {showProblem ? (
            <span id={`${ids}-reason-error`} className="recon-field-error" data-testid={field.errorTestId}>
              {problem}
            </span>
          ) : null}
        </div>
        {error ? (
          <p className="recon-field-error" role="alert" data-testid={props.errorTestId}>
            {props.refusedPrefix}: {error.message}
          </p>
        ) : null}
        <div className="recon-actions">
          <button type="submit" className="button" disabled={saving || props.unavailable === true}>
            {saving ? props.savingLabel : props.submitLabel}
          </button>
          <button type="button" className="button button-secondary" disabled={saving} onClick={props.onClose}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
