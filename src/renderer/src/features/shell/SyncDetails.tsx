import { useRef } from 'react';
import { datasetDetails, lastSyncLine, networkLine } from '../../lib/sync-details';
import { useNow } from '../../lib/use-now';
import { useDetailsPopover } from '../../lib/use-popover';
import { useSync } from '../../stores/sync';

/**
 * "Details" beside the header's sync line: the connection (online / offline and when it retries),
 * a progress bar per dataset while a sync runs, and each dataset's last outcome otherwise.
 */
export function SyncDetails() {
  const now = useNow();
  const details = useRef<HTMLDetailsElement>(null);
  const status = useSync((state) => state.status);
  const running = useSync((state) => state.running);
  const progress = useSync((state) => state.progress);
  const runDatasets = useSync((state) => state.runDatasets);
  const lastSummary = useSync((state) => state.lastSummary);
  const rows = datasetDetails({ status, running, progress, runDatasets }, now);
  const last = lastSyncLine(lastSummary);

  useDetailsPopover(details);

  return (
    <details className="sync-details" ref={details} data-testid="sync-details">
      <summary aria-label="Sync details">Details</summary>
      <div className="sync-details-panel">
        <h2>Sync</h2>
        <p
          className="sync-details-network"
          data-testid="sync-network"
          data-state={status?.network.state ?? 'unknown'}
        >
          {networkLine(status, now)}
        </p>
        <ul className="sync-details-list">
          {rows.map((row) => (
            <li
              key={row.dataset}
              className="sync-details-row"
              data-testid={`sync-dataset-${row.dataset}`}
              data-state={row.state}
            >
              <span>{row.label}</span>
              {row.bar ? (
                <progress
                  className="sync-progress"
                  max={100}
                  {...(row.percent === null ? {} : { value: row.percent })}
                  aria-label={`${row.label}: ${row.text}`}
                />
              ) : null}
              <span className="sync-details-state">{row.text}</span>
            </li>
          ))}
        </ul>
        {last === null ? null : <p className="sync-details-last">{last}</p>}
      </div>
    </details>
  );
}
