import { useId, useRef, useState, type FormEvent } from 'react';
import type { ReconItem } from '@shared/ipc/contract-reconcile';
import type { ErrorShape } from '@shared/ipc/errors';
import type { ResolveReason } from '../../stores/recon-client';
import { itemName } from '../../stores/recon-items-store';
import { useReconItems } from '../../stores/recon';
import { Amount } from './Amount';
import { LineFacts, MatchFacts, RequestFacts } from './ItemFacts';
import { RESOLVE_REASONS, STATE_LABELS } from './recon-text';
import { useModalDialog } from '../../lib/use-modal-dialog';

interface ResolveDialogProps {
  item: ReconItem;
  /** Where focus goes back to when the dialog closes (the button that opened it), if still there. */
  returnFocus: HTMLElement | null;
  /** Fallback for focus when the opener is gone (the item left the table). */
  fallbackFocus: () => HTMLElement | null;
  onClose: () => void;
}

/**
 * Resolve one open item with a reason code and a note (both required). A modal <dialog>: focus
 * moves into it, stays in it, Escape closes it, and focus returns to where it was.
 */
export function ResolveDialog({ item, returnFocus, fallbackFocus, onClose }: ResolveDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const reasonRef = useRef<HTMLSelectElement>(null);
  const [reason, setReason] = useState<ResolveReason | ''>('');
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<ErrorShape | null>(null);
  const [tried, setTried] = useState(false);
  const ids = useId();
  const resolve = useReconItems((state) => state.resolve);

  useModalDialog(dialog, {
    opened: () => reasonRef.current,
    closed: () => (returnFocus?.isConnected ? returnFocus : fallbackFocus()),
  });

  const reasonMissing = reason === '';
  const noteMissing = note.trim() === '';
  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setTried(true);
    if (reasonMissing || noteMissing || saving) {
      (reasonMissing ? reasonRef.current : dialog.current?.querySelector('textarea'))?.focus();
      return;
    }
    setSaving(true);
    setError(null);
    const failed = await resolve(item, reason, note);
    setSaving(false);
    if (failed) setError(failed);
    else onClose();
  };

  return (
    <dialog
      ref={dialog}
      className="recon-dialog"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-what`}
      data-testid="recon-resolve-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (!saving) onClose();
      }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={`${ids}-title`}>Resolve {itemName(item)}</h2>
        <div id={`${ids}-what`} className="recon-dialog-what">
          <p>{STATE_LABELS[item.state]}</p>
          {item.line !== undefined ? (
            <LineFacts line={item.line} />
          ) : item.request !== undefined ? (
            <RequestFacts request={item.request} />
          ) : (
            <p>
              <code>{item.id}</code> · <Amount value={item.amount} /> · {item.label}
            </p>
          )}
          {item.match ? <MatchFacts match={item.match} /> : null}
        </div>
        <div className="recon-field">
          <label htmlFor={`${ids}-reason`}>Reason</label>
          <select
            id={`${ids}-reason`}
            ref={reasonRef}
            value={reason}
            required
            aria-invalid={tried && reasonMissing}
            aria-describedby={tried && reasonMissing ? `${ids}-reason-error` : undefined}
            onChange={(event) => setReason(event.target.value as ResolveReason | '')}
          >
            <option value="">Choose a reason…</option>
            {RESOLVE_REASONS.map((option) => (
              <option key={option.code} value={option.code}>
                {option.label}
              </option>
            ))}
          </select>
          {tried && reasonMissing ? (
            <span id={`${ids}-reason-error`} className="recon-field-error">
              Choose why this item needs no further matching.
            </span>
          ) : null}
        </div>
        <div className="recon-field">
          <label htmlFor={`${ids}-note`}>Note</label>
          <textarea
            id={`${ids}-note`}
            value={note}
            rows={3}
            maxLength={1000}
            required
            aria-invalid={tried && noteMissing}
            aria-describedby={`${ids}-note-hint${tried && noteMissing ? ` ${ids}-note-error` : ''}`}
            onChange={(event) => setNote(event.target.value)}
          />
          <span id={`${ids}-note-hint`} className="recon-hint">
            Kept with the decision in the audit log, e.g. “Bank charged a 2.50 fee on this payment”.
          </span>
          {tried && noteMissing ? (
            <span id={`${ids}-note-error`} className="recon-field-error">
              Write a note: an auditor reads it later.
            </span>
          ) : null}
        </div>
        {error ? (
          <p className="recon-field-error" role="alert">
            Not resolved: {error.message}
          </p>
        ) : null}
        <div className="recon-actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? 'Resolving…' : 'Resolve'}
          </button>
          <button type="button" className="button button-secondary" disabled={saving} onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
