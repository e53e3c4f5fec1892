import { useState } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { selectionCounts } from '../../stores/recon-items-store';
import { useReconItems } from '../../stores/recon';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Match the selected bank lines and requests by hand; the warnings the core returns are shown. */
export function ManualMatchBar() {
  const selected = useReconItems((state) => state.selected);
  const manual = useReconItems((state) => state.manual);
  const matchSelected = useReconItems((state) => state.matchSelected);
  const clearSelection = useReconItems((state) => state.clearSelection);
  const [note, setNote] = useState('');
  const { lines, requests } = selectionCounts(selected);
  const ready = lines.length > 0 && requests.length > 0;
  const saving = manual.status === 'saving';
  const chosen =
    lines.length + requests.length === 0
      ? 'Tick unmatched bank lines and requests in the table to match them by hand.'
      : `Selected: ${plural(lines.length, 'bank line')} and ${plural(requests.length, 'request')}.${ready ? '' : ' Select at least one of each.'}`;

  return (
    <div className="recon-manual" data-testid="recon-manual">
      <form
        className="recon-manual-form"
        aria-label="Match by hand"
        onSubmit={(event) => {
          event.preventDefault();
          if (!ready) return;
          void matchSelected(note).then(() => {
            if (useReconItems.getState().manual.status === 'done') setNote('');
          });
        }}
      >
        <p id="recon-manual-chosen" className="recon-manual-chosen" data-testid="recon-selection">
          {chosen}
        </p>
        <div className="recon-field recon-manual-note">
          <label htmlFor="recon-manual-note">Note (optional)</label>
          <input
            id="recon-manual-note"
            type="text"
            value={note}
            maxLength={1000}
            autoComplete="off"
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <button
          type="submit"
          className="button"
          disabled={!ready || saving}
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
      <div aria-live="polite">
        {manual.status === 'done' ? (
          <div className="recon-manual-result" data-testid="recon-manual-result">
            <p>{manual.description}.</p>
            {manual.warnings.length > 0 ? (
              <>
                <p className="warning">Matched despite:</p>
                <ul className="recon-warnings" data-testid="recon-manual-warnings">
                  {manual.warnings.map((warning, index) => (
                    <li key={index}>{warning}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        ) : null}
        {manual.status === 'error' ? <ErrorState title="Not matched" error={manual.error} /> : null}
      </div>
    </div>
  );
}
