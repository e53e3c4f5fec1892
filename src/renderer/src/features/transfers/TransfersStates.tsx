import { hrefFor } from '../../lib/router';

/** Nothing matches: say so, and offer the way back to every request. */
export function TransfersEmpty({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  if (!filtered) {
    return (
      <div className="state state-empty" data-testid="transfers-empty">
        <p className="state-title">No transfer requests in this workspace yet</p>
        <p>
          They appear here after a sync with the platform (Sync now, at the top of the window), or when you{' '}
          <a href={hrefFor('transfers', { sub: 'new' })}>create a new transfer request</a>.
        </p>
      </div>
    );
  }
  return (
    <div className="state state-empty" data-testid="transfers-empty">
      <p className="state-title">No transfer requests match these filters</p>
      <p>Change or clear the filters to see more.</p>
      <button type="button" className="button" onClick={onClear}>
        Clear filters
      </button>
    </div>
  );
}
