import type { ReconItem } from '@shared/ipc/contract-recon';
import type { DecisionEntry } from '../../../stores/recon-decisions-store';
import { formatDate } from '../../../lib/format-time';
import { lockedActionHint } from './period-text';

/** A small padlock; the words next to it carry the meaning. */
export function LockIcon() {
  return (
    <svg className="recon-lock-icon" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
      <path
        d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2h.5A1 1 0 0 1 13 8v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1zm1.5 0h4V5a2 2 0 0 0-4 0z"
        fill="currentColor"
      />
    </svg>
  );
}

/** "🔒 Signed off as of 31 Mar 2026" under a locked item's state (lockedNote() in words). */
export function LockMarker({ item }: { item: ReconItem }) {
  if (item.lockedBy === null) return null;
  return (
    <span className="recon-lock" data-testid="recon-item-lock">
      <LockIcon />
      <span>
        Signed off as of <span className="recon-nowrap">{formatDate(item.lockedBy.asOf)}</span>
      </span>
    </span>
  );
}

/** The id of the element that explains why a locked item's actions are off. */
export const lockHintId = (item: Pick<ReconItem, 'kind' | 'id'>): string =>
  `recon-lock-hint-${item.kind}-${item.id.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/**
 * A locked item's actions: the Undo its row would offer is shown disabled, with the reason next to
 * it, so nothing the core would refuse (`locked`) is offered.
 */
export function LockedActions({
  item,
  lastDecision,
}: {
  item: ReconItem;
  lastDecision: DecisionEntry | null;
}) {
  const hint = lockedActionHint(item);
  if (hint === null) return null;
  // Nothing to offer (a match made by the run): the lock under the state says it all.
  if (lastDecision === null) return null;
  return (
    <>
      <button
        type="button"
        className="button button-secondary recon-small"
        disabled
        aria-label={`Undo: ${lastDecision.description}`}
        aria-describedby={lockHintId(item)}
      >
        Undo
      </button>
      <span id={lockHintId(item)} className="recon-lock-hint">
        {hint}
      </span>
    </>
  );
}
