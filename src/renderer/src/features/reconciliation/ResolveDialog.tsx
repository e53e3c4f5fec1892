import { useRef, useState } from 'react';
import type { ReconItem } from '@shared/ipc/contract-recon';
import { ReasonDialog } from '../../components/ReasonDialog';
import type { ResolveReason } from '../../stores/recon-client';
import { itemName } from '../../stores/recon-items-store';
import { useReconItems } from '../../stores/recon';
import { Amount } from './Amount';
import { LineFacts, MatchFacts, RequestFacts } from './ItemFacts';
import { RESOLVE_REASONS, STATE_LABELS } from './recon-text';

interface ResolveDialogProps {
  item: ReconItem;
  /** Where focus goes back to when the dialog closes (the button that opened it), if still there. */
  returnFocus: HTMLElement | null;
  /** Fallback for focus when the opener is gone (the item left the table). */
  fallbackFocus: () => HTMLElement | null;
  onClose: () => void;
}

/** Resolve one open item with a reason chosen from a list and a note (both required). */
export function ResolveDialog({ item, returnFocus, fallbackFocus, onClose }: ResolveDialogProps) {
  const choiceRef = useRef<HTMLSelectElement>(null);
  const [choice, setChoice] = useState<ResolveReason | ''>('');
  const resolve = useReconItems((state) => state.resolve);
  const choiceMissing = choice === '';
  return (
    <ReasonDialog
      title={`Resolve ${itemName(item)}`}
      testId="recon-resolve-dialog"
      body={
        <>
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
        </>
      }
      extra={{
        initialFocus: () => choiceRef.current,
        invalid: () => (choiceMissing ? choiceRef.current : null),
        render: (ids, tried) => (
          <div className="recon-field">
            <label htmlFor={`${ids}-choice`}>Reason</label>
            <select
              id={`${ids}-choice`}
              ref={choiceRef}
              value={choice}
              required
              aria-invalid={tried && choiceMissing}
              aria-describedby={tried && choiceMissing ? `${ids}-choice-error` : undefined}
              onChange={(event) => setChoice(event.target.value as ResolveReason | '')}
            >
              <option value="">Choose a reason…</option>
              {RESOLVE_REASONS.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.label}
                </option>
              ))}
            </select>
            {tried && choiceMissing ? (
              <span id={`${ids}-choice-error`} className="recon-field-error">
                Choose why this item needs no further matching.
              </span>
            ) : null}
          </div>
        ),
      }}
      reason={{
        label: 'Note',
        hint: 'Kept with the decision in the audit log, e.g. “Bank charged a 2.50 fee on this payment”.',
        rows: 3,
        maxLength: 1000,
        problem: (text) => (text.trim() === '' ? 'Write a note: an auditor reads it later.' : null),
      }}
      submitLabel="Resolve"
      savingLabel="Resolving…"
      refusedPrefix="Not resolved"
      onSubmit={(note) => (choice === '' ? Promise.resolve(null) : resolve(item, choice, note))}
      returnFocus={returnFocus}
      fallbackFocus={fallbackFocus}
      onClose={onClose}
    />
  );
}
