import type { ExportPhase } from './export-session';
import { phaseSentence, progressPercent, progressText } from './export-text';

/**
 * Progress and outcome inside the export dialog: a bar with rows of total (not announced on every
 * row), and a polite live region that says each change of phase once.
 */
export function ExportStatus({ phase, what, testId }: { phase: ExportPhase; what: string; testId: string }) {
  const showBar = phase.status === 'starting' || phase.status === 'running' || phase.status === 'downloading';
  const percent = progressPercent(phase);
  const line = progressText(phase);
  const sentence = phaseSentence(phase, what);
  const tone = phase.status === 'failed' ? ' export-failed' : phase.status === 'done' ? ' export-done' : '';
  return (
    <div className="export-status">
      {showBar ? (
        <div className="export-progress">
          {percent === null ? (
            <progress aria-label={`Export progress: ${line}`} data-testid={`${testId}-progress`} />
          ) : (
            <progress
              max={100}
              value={percent}
              aria-label="Export progress"
              aria-valuetext={line}
              data-testid={`${testId}-progress`}
            />
          )}
          <span className="export-progress-text" data-testid={`${testId}-rows`}>
            {line}
          </span>
        </div>
      ) : null}
      <p className={`export-outcome${tone}`} role="status" data-testid={`${testId}-outcome`}>
        {showBar ? <span className="visually-hidden">{sentence}</span> : sentence}
      </p>
    </div>
  );
}
