import { useState } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { selectionCounts } from '../../stores/recon-items-store';
import { useReconItems } from '../../stores/recon';
import { selectionSums } from './selection-sums';
import { SelectionSums } from './SelectionSums';
import { formatNumber } from '../../lib/format-money';
import { NoteField } from '../../components/LabelledInput';

const plural = (n: number, word: string): string => `${formatNumber(n)} ${word}${n === 1 ? '' : 's'}`;

function Warnings({ warnings, testId }: { warnings: readonly string[]; testId: string }) {
  return (
    <ul className="recon-warnings" data-testid={testId}>
      {warnings.map((warning, index) => (
        <li key={index}>{warning}</li>
      ))}
    </ul>
  );
}

/**
 * Match the selected bank lines and requests by hand: the sums per currency and their difference
 * as boxes are ticked, what the match would breach (asked of the core before matching), and a
 * "Match anyway" step when it breaches something.
 */
export function ManualMatchBar() {
  const selected = useReconItems((state) => state.selected);
  const manual = useReconItems((state) => state.manual);
  const check = useReconItems((state) => state.check);
  const matchSelected = useReconItems((state) => state.matchSelected);
  const cancelConfirm = useReconItems((state) => state.cancelConfirm);
  const clearSelection = useReconItems((state) => state.clearSelection);
  const [note, setNote] = useState('');
  const { lines, requests } = selectionCounts(selected);
  const ready = lines.length > 0 && requests.length > 0;
  const saving = manual.status === 'saving';
  const confirming = manual.status === 'confirm';
  const sums = selectionSums([...lines, ...requests]);
  const chosen =
    lines.length + requests.length === 0
      ? 'Tick unmatched bank lines and requests in the table to match them by hand.'
      : `Selected: ${plural(lines.length, 'bank line')} and ${plural(requests.length, 'request')}.${ready ? '' : ' Select at least one of each.'}`;
  const match = (anyway: boolean): void => {
    void matchSelected(note, anyway).then(() => {
      if (useReconItems.getState().manual.status === 'done') setNote('');
    });
  };

  return (
    <div className="recon-manual" data-testid="recon-manual">
      <form
        className="recon-manual-form"
        aria-label="Match by hand"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) match(false);
        }}
      >
        <p id="recon-manual-chosen" className="recon-manual-chosen" data-testid="recon-selection">
          {chosen}
        </p>
        <NoteField
          id="recon-manual-note"
          className="recon-field recon-manual-note"
          value={note}
          onChange={setNote}
        />
        <button
          type="submit"
          className="button"
          disabled={!ready || saving || confirming}
          aria-describedby="recon-manual-chosen"
          data-testid="recon-match-selected"
        >
          {saving ? 'Matching…' : 'Match selected'}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={lines.length + requests.length === 0 || saving}
          onClick={clearSelection}
        >
          Clear selection
        </button>
      </form>
      {sums.length > 0 ? <SelectionSums sums={sums} /> : null}
      <div aria-live="polite">
        {ready && check.status === 'checking' ? (
          <p className="recon-hint">Checking the tolerance and the dates…</p>
        ) : null}
        {ready && check.status === 'ready' && !confirming ? (
          check.warnings.length === 0 ? (
            <p className="recon-check-ok" data-testid="recon-check-ok">
              Within the tolerance and the date window.
            </p>
          ) : (
            <div className="recon-check-warnings" data-testid="recon-check">
              <p className="warning">Matching these would be outside the rules:</p>
              <Warnings warnings={check.warnings} testId="recon-check-warnings" />
            </div>
          )
        ) : null}
        {ready && check.status === 'error' ? (
          <ErrorState title="These items cannot be matched as ticked" error={check.error} />
        ) : null}
        {confirming ? (
          <div
            className="recon-check-warnings recon-confirm"
            role="group"
            aria-label="Match anyway?"
            data-testid="recon-match-confirm"
          >
            <p className="warning">Match anyway? This match would be outside the rules:</p>
            <Warnings warnings={manual.warnings} testId="recon-confirm-warnings" />
            <div className="recon-actions">
              <button
                type="button"
                className="button"
                data-testid="recon-match-anyway"
                onClick={() => match(true)}
              >
                Match anyway
              </button>
              <button type="button" className="button button-secondary" onClick={cancelConfirm}>
                Cancel
              </button>
            </div>
          </div>
        ) : null}
        {manual.status === 'done' ? (
          <div className="recon-manual-result" data-testid="recon-manual-result">
            <p>{manual.description}.</p>
            {manual.warnings.length > 0 ? (
              <>
                <p className="warning">Matched despite:</p>
                <Warnings warnings={manual.warnings} testId="recon-manual-warnings" />
              </>
            ) : null}
          </div>
        ) : null}
        {manual.status === 'error' ? <ErrorState title="Not matched" error={manual.error} /> : null}
      </div>
    </div>
  );
}
