import { useNow } from '../../lib/use-now';
import { describeIndicator } from '../../lib/sync-text';
import { useSync } from '../../stores/sync';
import { SyncDetails } from './SyncDetails';

/** The sync button: "Sync now", or "Cancel" while a sync runs (whoever started it). */
function SyncButton() {
  const running = useSync((state) => state.running);
  const cancelling = useSync((state) => state.cancelling);
  const syncNow = useSync((state) => state.syncNow);
  const cancel = useSync((state) => state.cancel);
  if (running) {
    return (
      <button
        type="button"
        className="button button-quiet sync-button"
        data-testid="sync-cancel"
        aria-label={cancelling ? 'Cancelling the sync' : 'Cancel the sync'}
        // Cancel takes the place of Sync now: the second click of a double-click on Sync now lands
        // here, and must not stop the sync it has just started.
        onClick={(event) => {
          if (event.detail <= 1) void cancel();
        }}
        disabled={cancelling}
      >
        {cancelling ? 'Cancelling…' : 'Cancel'}
      </button>
    );
  }
  return (
    <button
      type="button"
      className="button sync-button"
      data-testid="sync-now"
      aria-label="Sync now with the platform"
      onClick={() => void syncNow()}
    >
      Sync now
    </button>
  );
}

/**
 * One line in the header: "Synced 3 minutes ago", "Syncing transfer requests… 40%" with a bar,
 * "Last sync failed — details in Settings", "Not connected: …". The line is a polite live region,
 * so a change of state (and of the dataset being synced) is announced without stealing focus.
 */
export function SyncIndicator() {
  const now = useNow();
  const status = useSync((state) => state.status);
  const statusError = useSync((state) => state.statusError);
  const running = useSync((state) => state.running);
  const progress = useSync((state) => state.progress);
  const lastError = useSync((state) => state.lastError);
  const view = describeIndicator({ status, statusError, running, progress, lastError }, now);
  const linksToSettings = view.tone === 'error' || view.tone === 'note';
  return (
    <div className="sync-area">
      <div
        className={`sync-indicator sync-${view.tone}`}
        data-testid="sync-indicator"
        data-state={view.tone}
        title={view.detail}
      >
        <span className="sync-dot" aria-hidden="true" />
        {/* Announced when the state or the dataset changes; the percent is not, or it would chatter. */}
        <p className="sync-text" role="status" aria-live="polite">
          {linksToSettings ? <a href="#/settings">{view.text}</a> : view.text}
        </p>
        {view.running ? (
          <>
            {view.percent === null ? null : (
              <span className="sync-percent" aria-hidden="true">
                {view.percent}%
              </span>
            )}
            <progress
              className="sync-progress"
              max={100}
              {...(view.percent === null ? {} : { value: view.percent })}
              aria-label="Sync progress"
              {...(view.detail === undefined ? {} : { 'aria-valuetext': view.detail })}
            />
          </>
        ) : null}
      </div>
      <SyncDetails />
      <SyncButton />
    </div>
  );
}
