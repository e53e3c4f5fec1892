import type { ReconItem } from '@shared/ipc/contract-recon';
import { ReasonDialog } from '../../components/ReasonDialog';
import { itemName } from '../../stores/recon-items-store';
import type { DecisionEntry } from '../../stores/recon-decisions-store';
import { useReconDecisions } from '../../stores/recon';
import { evidenceWords, MatchFacts } from './ItemFacts';
import { itemDecision } from './ItemsTable';
import { RULE_LABELS, resolveLabel, scoreText } from './recon-text';

interface UndoDialogProps {
  /** An item's stored match or resolution, or a decision this window made (the "Last decision"). */
  subject: ReconItem | DecisionEntry;
  returnFocus: HTMLElement | null;
  fallbackFocus: () => HTMLElement | null;
  onClose: () => void;
}

/** What an item's match or resolution was, in words. */
function ItemWords({ item }: { item: ReconItem }) {
  if (item.match) {
    return (
      <>
        <p>
          {RULE_LABELS[item.match.rule]} · {scoreText(item.match.score)}. {evidenceWords(item.match)}
        </p>
        <MatchFacts match={item.match} />
      </>
    );
  }
  if (item.resolution) {
    return (
      <p>
        Resolved {itemName(item)}: {resolveLabel(item.resolution.reasonCode)}. {item.resolution.note}
      </p>
    );
  }
  return null;
}

/**
 * Undo a match (automatic or by hand), a resolution or any decision of this window, always with a
 * reason the audit log keeps. Its items return to their open state; an automatic match undone is
 * not made again by a run.
 */
export function UndoDialog({ subject, returnFocus, fallbackFocus, onClose }: UndoDialogProps) {
  const undo = useReconDecisions((state) => state.undo);
  const logged = 'decisionId' in subject ? subject : null;
  const item = logged === null ? (subject as ReconItem) : null;
  const decision = item === null ? null : itemDecision(item);
  const decisionId = logged?.decisionId ?? decision?.decisionId ?? null;
  const what = logged !== null ? 'decision' : (decision?.what ?? 'match');
  const name = item === null ? '' : itemName(item);
  return (
    <ReasonDialog
      title={`Undo the ${what}`}
      testId="recon-undo-dialog"
      errorTestId="recon-undo-dialog-error"
      className="recon-undo-dialog"
      body={
        <>
          {item === null ? <p>{logged?.description}.</p> : <ItemWords item={item} />}
          <p>
            {logged !== null
              ? 'What it decided is taken back: its items return to the state they had before.'
              : 'Its bank lines and requests return to their open state.'}
            {item?.match !== undefined && item.match !== null && item.match.rule !== 'manual'
              ? ' Matching runs will not make this match again.'
              : ''}
          </p>
        </>
      }
      reason={{
        label: 'Reason',
        hint: 'Kept in the audit log, e.g. “Wrong reference: this payment is for another float”.',
        rows: 2,
        maxLength: 500,
        problem: (text) =>
          text.trim() === '' ? `Write why this ${what} is undone: an auditor reads it later.` : null,
      }}
      submitLabel={`Undo the ${what}`}
      savingLabel="Undoing…"
      refusedPrefix="Not undone"
      unavailable={decisionId === null}
      onSubmit={(reason) =>
        decisionId === null
          ? Promise.resolve(null)
          : undo(
              decisionId,
              logged !== null
                ? { reason }
                : { reason, description: `the ${what} of ${name} (reason: ${reason.trim()})` },
            )
      }
      returnFocus={returnFocus}
      fallbackFocus={fallbackFocus}
      onClose={onClose}
    />
  );
}
