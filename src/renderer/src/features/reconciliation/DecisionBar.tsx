import { useReconDecisions } from '../../stores/recon';

/**
 * The page's live region (what the last import, run or decision did) and the Undo of the last
 * decision made in this window. The region stays in the page so every new text is read out.
 */
export function DecisionBar() {
  const announcement = useReconDecisions((state) => state.announcement);
  const last = useReconDecisions((state) => state.log[state.log.length - 1] ?? null);
  const undoing = useReconDecisions((state) => state.undoing);
  const undo = useReconDecisions((state) => state.undo);
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
            disabled={undoing !== null}
            aria-label={`Undo: ${last.description}`}
            onClick={() => void undo(last.decisionId)}
          >
            {undoing === last.decisionId ? 'Undoing…' : 'Undo'}
          </button>
        </div>
      ) : null}
    </>
  );
}
