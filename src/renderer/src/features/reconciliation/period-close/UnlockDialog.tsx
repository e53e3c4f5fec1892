import { useId, useRef, useState, type FormEvent } from 'react';
import type { SignOff } from '@shared/ipc/contract-period';
import type { ErrorShape } from '@shared/ipc/errors';
import { formatDate } from '../../../lib/format-time';
import { useReconPeriod } from '../../../stores/recon';
import { lockedCountsText, UNLOCK_REASON_MAX, unlockReasonProblem } from './period-text';
import { useModalDialog } from '../../../lib/use-modal-dialog';

interface UnlockDialogProps {
  signOff: SignOff;
  /** Where focus goes back to when the dialog is closed without unlocking (the button that opened it). */
  returnFocus: HTMLElement | null;
  /** Where focus goes once unlocked (the opener goes away with the lock), or when the opener is gone. */
  fallbackFocus: () => HTMLElement | null;
  onClose: () => void;
}

/**
 * Unlock a sign-off with a reason (required, audited). A modal <dialog> like the resolve dialog:
 * focus moves into it, stays in it, Escape closes it, and focus returns to where it was.
 */
export function UnlockDialog({ signOff, returnFocus, fallbackFocus, onClose }: UnlockDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<ErrorShape | null>(null);
  const [tried, setTried] = useState(false);
  const unlocked = useRef(false);
  const ids = useId();
  const unlock = useReconPeriod((state) => state.unlock);

  useModalDialog(dialog, {
    opened: () => reasonRef.current,
    closed: () => (!unlocked.current && returnFocus?.isConnected ? returnFocus : fallbackFocus()),
  });

  const problem = unlockReasonProblem(reason);
  const showProblem = tried && problem !== null;
  const asOf = formatDate(signOff.asOf);
  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setTried(true);
    if (problem !== null || saving) {
      reasonRef.current?.focus();
      return;
    }
    setSaving(true);
    setError(null);
    const failed = await unlock(signOff.id, reason);
    setSaving(false);
    if (failed) {
      setError(failed);
      return;
    }
    unlocked.current = true;
    onClose();
  };

  return (
    <dialog
      ref={dialog}
      className="recon-dialog"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-what`}
      data-testid="recon-unlock-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (!saving) onClose();
      }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={`${ids}-title`}>Unlock the sign-off as of {asOf}</h2>
        <p id={`${ids}-what`} className="recon-dialog-what">
          Its {lockedCountsText(signOff)} can be matched, resolved and undone again. The frozen report stays
          as it was signed off; the unlock and its reason are kept in the audit log.
        </p>
        <div className="recon-field">
          <label htmlFor={`${ids}-reason`}>Reason</label>
          <textarea
            id={`${ids}-reason`}
            ref={reasonRef}
            value={reason}
            rows={3}
            maxLength={UNLOCK_REASON_MAX}
            required
            aria-invalid={showProblem}
            aria-describedby={`${ids}-reason-hint${showProblem ? ` ${ids}-reason-error` : ''}`}
            onChange={(event) => setReason(event.target.value)}
          />
          <span id={`${ids}-reason-hint`} className="recon-hint">
            At least 3 characters, e.g. “The platform cancelled RF… after the close”.
          </span>
          {showProblem ? (
            <span
              id={`${ids}-reason-error`}
              className="recon-field-error"
              data-testid="recon-unlock-reason-error"
            >
              {problem}
            </span>
          ) : null}
        </div>
        {error ? (
          <p className="recon-field-error" role="alert" data-testid="recon-unlock-error">
            Not unlocked: {error.message}
          </p>
        ) : null}
        <div className="recon-actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? 'Unlocking…' : 'Unlock'}
          </button>
          <button type="button" className="button button-secondary" disabled={saving} onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
