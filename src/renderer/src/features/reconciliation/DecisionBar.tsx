import { useState } from 'react';
import { shownValue } from '../../stores/recon-client';
import type { DecisionEntry } from '../../stores/recon-decisions-store';
import { useReconDecisions, useReconItems } from '../../stores/recon';
import { formatDate } from '../../lib/format-time';
import { UndoDialog } from './UndoDialog';

/** The sign-off date of a shown item the decision touched that is now locked, if any. */
function useLockedAsOf(ids: readonly string[] | undefined): string | null {
  return useReconItems((state) => {
    if (ids === undefined) return null;
    const items = shownValue(state.view)?.items ?? [];
    return items.find((item) => item.lockedBy !== null && ids.includes(item.id))?.lockedBy?.asOf ?? null;
  });
}

/**
 * The page's live region (what the last import, run or decision did) and the Undo of the last
 * decision made in this window (asking for a reason first). The region stays in the page so every
 * new text is read out.
 */
export function DecisionBar() {
  const announcement = useReconDecisions((state) => state.announcement);
  const last = useReconDecisions((state) => state.log[state.log.length - 1] ?? null);
  const busy = useReconDecisions((state) => state.undoing);
  const [undoing, setUndoing] = useState<{ entry: DecisionEntry; opener: HTMLElement } | null>(null);
  const undoFailure = useReconDecisions((state) => state.undoFailure);
  const lockedAsOf = useLockedAsOf(last?.ids);
  return (
    <>
      <p className="visually-hidden" role="status" data-testid="recon-announcement">
        {announcement?.text ?? ''}
      </p>
      {last ? (
        <div className="recon-decision-bar" data-testid="recon-last-decision">
          <p>
            <span className="recon-decision-label">Last decision:</span> {last.description}.
          </p>
          <button
            type="button"
            className="button button-secondary recon-small"
            disabled={busy !== null || lockedAsOf !== null}
            aria-label={`Undo: ${last.description}`}
            aria-describedby={lockedAsOf === null ? undefined : 'recon-last-decision-locked'}
            onClick={(event) => setUndoing({ entry: last, opener: event.currentTarget })}
          >
            {busy === last.decisionId ? 'Undoing…' : 'Undo…'}
          </button>
          {lockedAsOf === null ? null : (
            <p id="recon-last-decision-locked" className="recon-lock-hint">
              Signed off as of {formatDate(lockedAsOf)}: unlock that sign-off to undo this decision.
            </p>
          )}
          {undoFailure?.decisionId === last.decisionId ? (
            <p className="recon-field-error" role="alert" data-testid="recon-undo-error">
              Not undone: {undoFailure.error.message}
            </p>
          ) : null}
        </div>
      ) : null}
      {undoing ? (
        <UndoDialog
          key={undoing.entry.decisionId}
          subject={undoing.entry}
          returnFocus={undoing.opener}
          fallbackFocus={() => document.getElementById('recon-items-title')}
          onClose={() => setUndoing(null)}
        />
      ) : null}
    </>
  );
}
