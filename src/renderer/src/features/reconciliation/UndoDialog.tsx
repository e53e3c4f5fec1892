import { useId, useRef, useState, type FormEvent } from 'react';
import type { ReconItem } from '@shared/ipc/contract-reconcile';
import type { ErrorShape } from '@shared/ipc/errors';
import { itemName } from '../../stores/recon-items-store';
import { useReconDecisions } from '../../stores/recon';
import { useModalDialog } from '../../lib/use-modal-dialog';
import { evidenceWords, MatchFacts } from './ItemFacts';
import { itemDecision } from './ItemsTable';
import { RULE_LABELS, resolveLabel, scoreText } from './recon-text';

interface UndoDialogProps {
  item: ReconItem;
  returnFocus: HTMLElement | null;
  fallbackFocus: () => HTMLElement | null;
  onClose: () => void;
}

/**
 * Undo an item's match (automatic or by hand) or resolution, with a reason the audit log keeps.
 * Its items return to their open state; an automatic match undone is not made again by a run.
 */
export function UndoDialog({ item, returnFocus, fallbackFocus, onClose }: UndoDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<ErrorShape | null>(null);
  const [tried, setTried] = useState(false);
  const ids = useId();
  const undo = useReconDecisions((state) => state.undo);
  const decision = itemDecision(item);

  useModalDialog(dialog, {
    opened: () => reasonRef.current,
    closed: () => (returnFocus?.isConnected ? returnFocus : fallbackFocus()),
  });

  const what = decision?.what ?? 'match';
  const name = itemName(item);
  const reasonMissing = reason.trim() === '';
  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setTried(true);
    if (decision === null || saving) return;
    if (reasonMissing) {
      reasonRef.current?.focus();
      return;
    }
    setSaving(true);
    setError(null);
    const failed = await undo(decision.decisionId, {
      reason,
      description: `the ${what} of ${name} (reason: ${reason.trim()})`,
    });
    setSaving(false);
    if (failed) setError(failed);
    else onClose();
  };

  return (
    <dialog
      ref={dialog}
      className="recon-dialog recon-undo-dialog"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-what`}
      data-testid="recon-undo-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (!saving) onClose();
      }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={`${ids}-title`}>Undo the {what}</h2>
        <div id={`${ids}-what`} className="recon-dialog-what">
          {item.match ? (
            <>
              <p>
                {RULE_LABELS[item.match.rule]} · {scoreText(item.match.score)}. {evidenceWords(item.match)}
              </p>
              <MatchFacts match={item.match} />
            </>
          ) : item.resolution ? (
            <p>
              Resolved {name}: {resolveLabel(item.resolution.reasonCode)}. {item.resolution.note}
            </p>
          ) : null}
          <p>
            Its bank lines and requests return to their open state.
            {item.match?.rule === 'manual' ? '' : ' Matching runs will not make this match again.'}
          </p>
        </div>
        <div className="recon-field">
          <label htmlFor={`${ids}-reason`}>Reason</label>
          <textarea
            id={`${ids}-reason`}
            ref={reasonRef}
            value={reason}
            rows={2}
            maxLength={500}
            required
            aria-invalid={tried && reasonMissing}
            aria-describedby={`${ids}-reason-hint${tried && reasonMissing ? ` ${ids}-reason-error` : ''}`}
            onChange={(event) => setReason(event.target.value)}
          />
          <span id={`${ids}-reason-hint`} className="recon-hint">
            Kept in the audit log, e.g. “Wrong reference: this payment is for another float”.
          </span>
          {tried && reasonMissing ? (
            <span id={`${ids}-reason-error`} className="recon-field-error">
              Write why this {what} is undone: an auditor reads it later.
            </span>
          ) : null}
        </div>
        {error ? (
          <p className="recon-field-error" role="alert" data-testid="recon-undo-dialog-error">
            Not undone: {error.message}
          </p>
        ) : null}
        <div className="recon-actions">
          <button type="submit" className="button" disabled={saving || decision === null}>
            {saving ? 'Undoing…' : `Undo the ${what}`}
          </button>
          <button type="button" className="button button-secondary" disabled={saving} onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
