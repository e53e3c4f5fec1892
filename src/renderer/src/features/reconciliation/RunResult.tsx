import type { ReconSummary } from '@shared/ipc/contract-recon';
import { ErrorState } from '../../components/ErrorState';
import type { RunView } from '../../stores/recon-overview-store';
import { PreviewMatches } from './PreviewMatches';
import { runSentence, STATE_LABELS, STATE_ORDER } from './recon-text';
import { formatNumber } from '../../lib/format-money';
import { numColumn, TableHead } from '../../components/TableHead';

/** The states whose counts a run changes (or would change), with both figures. */
function StateChanges({ before, after }: { before: ReconSummary; after: ReconSummary }) {
  const changes = STATE_ORDER.filter((state) => before.states[state] !== after.states[state]);
  if (changes.length === 0) return <p className="muted">No state would change.</p>;
  return (
    <table className="data-table recon-preview-table" data-testid="recon-preview-changes">
      <caption className="visually-hidden">How the counts would change</caption>
      <TableHead columns={['State', numColumn('Now'), numColumn('After the run')]} />
      <tbody>
        {changes.map((state) => (
          <tr key={state}>
            <th scope="row">{STATE_LABELS[state]}</th>
            <td className="num">{formatNumber(before.states[state])}</td>
            <td className="num recon-changed">{formatNumber(after.states[state])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface RunResultProps {
  run: RunView;
  onApply: () => void;
  onDismiss: () => void;
}

/** The answer of the last run or preview; a preview offers to run for real. */
export function RunResult({ run, onApply, onDismiss }: RunResultProps) {
  if (run.status === 'idle' || run.status === 'running') return null;
  if (run.status === 'error') {
    return (
      <ErrorState
        title={run.preview ? 'The preview could not be computed' : 'Matching could not be run'}
        error={run.error}
      />
    );
  }
  return (
    <div
      className={`recon-run-result${run.preview ? ' preview' : ''}`}
      data-testid={run.preview ? 'recon-preview' : 'recon-run-result'}
    >
      <p>{runSentence(run)}</p>
      {run.preview && run.result.planned !== undefined ? (
        <PreviewMatches planned={run.result.planned} />
      ) : null}
      {run.preview && run.before !== null ? (
        <StateChanges before={run.before} after={run.result.summary} />
      ) : null}
      <div className="recon-actions">
        {run.preview ? (
          <button type="button" className="button" onClick={onApply}>
            Run matching now
          </button>
        ) : null}
        <button type="button" className="button button-secondary" onClick={onDismiss}>
          {run.preview ? 'Close the preview' : 'Dismiss'}
        </button>
      </div>
    </div>
  );
}
