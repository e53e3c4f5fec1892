import { useCallback, useEffect, useState } from 'react';
import type { TeamConflict } from '@shared/ipc/contract-team';
import { toErrorShape } from '@shared/ipc/errors';
import { invoke, onEvent } from '../../ipc/client';
import { formatMoney } from '../../lib/format-money';
import { formatDate, formatExactTime } from '../../lib/format-time';
import { refreshRecon } from '../../stores/recon';

/** The item both decided on, with the screen's own date and money formats. */
function itemText(conflict: TeamConflict): string {
  const line = conflict.lines[0];
  if (line !== undefined) {
    const text = [line.counterparty, line.remittance, line.reference].find((part) => part);
    return `Bank line of ${formatDate(line.bookingDate)}, ${formatMoney(line.amount.amount, line.amount.currency)}${text ? `, “${text}”` : ''}`;
  }
  const request = conflict.requests[0];
  return request !== undefined ? `Request ${request.reference}` : conflict.item;
}

function Side({ label, side }: { label: string; side: TeamConflict['standing'] }) {
  return (
    <div className="team-conflict-side" data-testid="team-conflict-side">
      <h4>{label}</h4>
      <p className="team-conflict-who">
        {side.here ? `${side.who} (on this desktop)` : side.who}, {formatExactTime(side.at)}
      </p>
      <p>{side.what}</p>
      <p className="recon-hint">{side.inForce ? 'In force here now.' : 'Not in force here.'}</p>
    </div>
  );
}

/**
 * Decisions two people made apart on the same item (team mode): the one the team ordered first
 * stands; both are shown side by side with who, when and what, and the person settles it by
 * keeping the standing decision or taking the other. Nothing is shown for a workspace in no team.
 */
export function TeamConflicts() {
  const [conflicts, setConflicts] = useState<TeamConflict[]>([]);
  const [busy, setBusy] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const load = useCallback(() => {
    invoke('team:conflicts', {}).then(
      (answer) => setConflicts(answer.conflicts),
      () => setConflicts([]), // not in a team (or the list cannot be read): nothing to show
    );
  }, []);
  useEffect(() => {
    load();
    return onEvent('ledger:changed', load);
  }, [load]);
  if (conflicts.length === 0) return null;

  const settle = async (id: number, keep: 'standing' | 'other'): Promise<void> => {
    setBusy(id);
    setProblem(null);
    try {
      await invoke('team:conflict.settle', { id, keep });
      load();
      await refreshRecon();
    } catch (thrown) {
      setProblem(toErrorShape(thrown).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="team-conflicts" aria-labelledby="team-conflicts-title" data-testid="team-conflicts">
      <h2 id="team-conflicts-title">
        {conflicts.length === 1
          ? 'Two people decided on the same item while apart'
          : `${conflicts.length} items were decided on by two people while apart`}
      </h2>
      <p className="recon-hint">
        The decision the team received first stands until someone settles the conflict.
      </p>
      {problem ? (
        <p role="alert" className="team-conflict-problem">
          {problem}
        </p>
      ) : null}
      {conflicts.map((conflict) => (
        <div key={conflict.id} className="team-conflict" data-testid="team-conflict">
          <h3>{itemText(conflict)}</h3>
          <div className="team-conflict-sides">
            <Side label="Stands" side={conflict.standing} />
            <Side label="Not applied" side={conflict.other} />
          </div>
          <div className="recon-actions">
            <button
              type="button"
              className="button button-secondary"
              disabled={busy !== null}
              onClick={() => void settle(conflict.id, 'standing')}
            >
              Keep {conflict.standing.who}’s decision
            </button>
            <button
              type="button"
              className="button"
              disabled={busy !== null}
              onClick={() => void settle(conflict.id, 'other')}
            >
              Take {conflict.other.who}’s decision instead
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}
