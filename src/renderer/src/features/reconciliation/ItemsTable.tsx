import type { ItemSort, ReconItem } from '@shared/ipc/contract-recon';
import { formatDate } from '../../lib/format-time';
import type { DecisionEntry } from '../../stores/recon-decisions-store';
import { isSelectable, itemKey, itemName } from '../../stores/recon-items-store';
import { useReconDecisions, useReconItems } from '../../stores/recon';
import { Amount } from './Amount';
import { SortHeader } from './SortHeader';
import { DifferenceText, ItemDateAndAmount, ItemIdCell, evidenceWords } from './ItemFacts';
import { bankLineNarrative } from '@shared/domain/recon-item-words';
import { LockedActions, LockMarker } from './period-close/LockedItem';
import { AGEING_LABELS, RULE_LABELS, STATE_LABELS, resolveLabel, scoreText } from './recon-text';

interface ItemsTableProps {
  items: readonly ReconItem[];
  onResolve: (item: ReconItem, opener: HTMLElement) => void;
  /** The order shown; undefined: the default (oldest first). */
  sort?: ItemSort;
  onSort: (sort: ItemSort) => void;
  /** Undo the item's match or resolution, or a decision of this window, with a reason (UndoDialog). */
  onUndo: (subject: ReconItem | DecisionEntry, opener: HTMLElement) => void;
}

/** The decision in force behind an item's match or resolution, which recon:undo takes back. */
export function itemDecision(item: ReconItem): { decisionId: number; what: 'match' | 'resolution' } | null {
  if (item.match?.decisionId !== undefined) return { decisionId: item.match.decisionId, what: 'match' };
  if (item.resolution?.decisionId !== undefined)
    return { decisionId: item.resolution.decisionId, what: 'resolution' };
  return null;
}

/** The other side of a match: a request's bank lines, a line's requests, in words. */
function MatchedWith({ item }: { item: ReconItem }) {
  const match = item.match;
  if (!match) return null;
  if (item.kind === 'request' && match.lines !== undefined) {
    return (
      <span className="recon-matched-with">
        Paid by{' '}
        {match.lines.map((line, index) => (
          <span key={line.id}>
            {index > 0 ? ' and ' : ''}
            <time dateTime={line.bookingDate}>{formatDate(line.bookingDate)}</time>{' '}
            <Amount value={line.amount} />
            {bankLineNarrative(line) === null ? '' : ` ${bankLineNarrative(line)}`}
          </span>
        ))}
      </span>
    );
  }
  if (item.kind === 'line' && match.requests !== undefined) {
    return (
      <span className="recon-matched-with">
        Pays {match.requests.map((request) => `${request.reference} (${request.float})`).join(', ')}
      </span>
    );
  }
  return null;
}

function MatchCell({ item }: { item: ReconItem }) {
  if (item.resolution) {
    return (
      <td className="recon-explanation">
        <span className="recon-rule">Resolved: {resolveLabel(item.resolution.reasonCode)}</span>
        {item.resolution.note}
      </td>
    );
  }
  if (!item.match) {
    return (
      <td className="recon-explanation muted">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">not matched</span>
      </td>
    );
  }
  return (
    <td className="recon-explanation">
      <span className="recon-rule">
        {RULE_LABELS[item.match.rule]} · {scoreText(item.match.score)}
      </span>
      {evidenceWords(item.match)}
      <MatchedWith item={item} />
      {item.match.totals === undefined ? null : (
        <span className="recon-matched-with">
          <DifferenceText totals={item.match.totals} />
        </span>
      )}
    </td>
  );
}

function ItemRow({
  item,
  onResolve,
  onUndo,
}: {
  item: ReconItem;
  onResolve: ItemsTableProps['onResolve'];
  onUndo: ItemsTableProps['onUndo'];
}) {
  const selected = useReconItems((state) => itemKey(item) in state.selected);
  const toggle = useReconItems((state) => state.toggle);
  const lastDecision = useReconDecisions((state) => state.lastFor(item.id));
  const undoing = useReconDecisions((state) => state.undoing);
  const selectable = isSelectable(item);
  const locked = item.lockedBy !== null;
  // Matched needs nothing more; resolved and signed-off items are decided (Undo, or unlock a period).
  const open =
    !locked && item.state !== 'matched' && item.state !== 'resolved' && item.state !== 'signed_off';
  const name = itemName(item);
  const decision = itemDecision(item);
  // A stored match or resolution is undone with a reason; other decisions of this window by Undo.
  const undoable = decision !== null;
  const lockedUndo =
    lastDecision ??
    (decision === null
      ? null
      : { decisionId: decision.decisionId, description: `undo the ${decision.what}`, ids: [] });
  return (
    <tr
      className={`recon-item state-${item.state}${selected ? ' selected' : ''}${locked ? ' locked' : ''}`}
      data-testid="recon-item"
      data-kind={item.kind}
      data-id={item.id}
      data-state={item.state}
      data-locked={locked}
    >
      <td className="recon-select">
        {selectable ? (
          <input
            type="checkbox"
            checked={selected}
            aria-label={`Select ${name} for a manual match`}
            onChange={(event) => toggle(item, event.target.checked)}
          />
        ) : null}
      </td>
      <ItemIdCell item={item} />
      <td>
        {item.outOfScope === true ? (
          <span className="recon-state-badge recon-state-out-of-scope" title="Settings → Reconciliation">
            Before reconciliation start
          </span>
        ) : (
          <span className={`recon-state-badge recon-state-${item.state}`}>{STATE_LABELS[item.state]}</span>
        )}
        <LockMarker item={item} />
      </td>
      <td className="time">{item.ageing === null ? '' : AGEING_LABELS[item.ageing]}</td>
      <ItemDateAndAmount item={item} />
      <td className="recon-label">
        {item.line === undefined ? item.label : (bankLineNarrative(item.line) ?? '')}
      </td>
      <MatchCell item={item} />
      <td className="recon-row-actions">
        {open ? (
          <button
            type="button"
            className="button button-secondary recon-small"
            aria-label={`Resolve ${name}`}
            onClick={(event) => onResolve(item, event.currentTarget)}
          >
            Resolve
          </button>
        ) : null}
        {locked ? <LockedActions item={item} lastDecision={lockedUndo} /> : null}
        {undoable && !locked ? (
          <button
            type="button"
            className="button button-secondary recon-small"
            disabled={undoing !== null}
            aria-label={`Undo the ${decision.what} of ${name}`}
            data-testid="recon-item-undo"
            onClick={(event) => onUndo(item, event.currentTarget)}
          >
            Undo {decision.what}…
          </button>
        ) : null}
        {lastDecision && !locked && !undoable ? (
          <button
            type="button"
            className="button button-secondary recon-small"
            disabled={undoing !== null}
            aria-label={`Undo: ${lastDecision.description}`}
            title={`Undo: ${lastDecision.description}`}
            onClick={(event) => onUndo(lastDecision, event.currentTarget)}
          >
            Undo
          </button>
        ) : null}
      </td>
    </tr>
  );
}

/** The open items: bank lines and requests with their state, age, amount and why they (do not) match. */
export function ItemsTable({ items, onResolve, onUndo, sort, onSort }: ItemsTableProps) {
  return (
    // Wider than the page when the texts are long: the region scrolls, so it must take keyboard focus.
    <div className="table-scroll" role="region" aria-label="Table of open items" tabIndex={0}>
      <table className="data-table recon-items-table" data-testid="recon-items">
        <caption className="visually-hidden">Open items</caption>
        <thead>
          <tr>
            <th scope="col" className="recon-select">
              <span className="visually-hidden">Select</span>
            </th>
            <SortHeader column="item" label="Item" sort={sort} onSort={onSort} />
            <SortHeader column="state" label="State" sort={sort} onSort={onSort} />
            <SortHeader column="age" label="Age" sort={sort} onSort={onSort} />
            <SortHeader column="date" label="Date" sort={sort} onSort={onSort} />
            <SortHeader column="amount" label="Amount" sort={sort} onSort={onSort} numeric />
            <SortHeader column="label" label="Float or bank text" sort={sort} onSort={onSort} />
            <SortHeader column="match" label="Match" sort={sort} onSort={onSort} />
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <ItemRow key={itemKey(item)} item={item} onResolve={onResolve} onUndo={onUndo} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
