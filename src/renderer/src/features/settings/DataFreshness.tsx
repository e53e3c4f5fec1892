import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { RelativeTime } from '../../components/RelativeTime';
import { formatExactTime } from '../../lib/format-time';
import {
  connectionLabel,
  datasetLabel,
  outcomeLabel,
  phaseInWords,
  progressPercent,
  syncErrorInWords,
  type DatasetFreshness,
  type SyncProgress,
} from '../../lib/sync-text';
import { useSync } from '../../stores/sync';
import { SettingsSection } from './SettingsSection';
import { ScrollTable, TableHead } from '../../components/TableHead';

function RefreshedCell({ iso }: { iso: string | null }) {
  if (iso === null) return <td className="refreshed muted">Never</td>;
  return (
    <td className="refreshed">
      <RelativeTime iso={iso} />
      <span className="freshness-exact">{formatExactTime(iso)}</span>
    </td>
  );
}

function OutcomeCell({ row, progress }: { row: DatasetFreshness; progress: SyncProgress | null }) {
  if (progress !== null && progress.dataset === row.dataset) {
    const percent = progressPercent(progress);
    return (
      <td>
        <span className="outcome outcome-running">
          Syncing now — {phaseInWords(progress.phase)}
          {percent === null ? '' : ` ${percent}%`}
        </span>
      </td>
    );
  }
  const outcome = row.lastOutcome;
  return (
    <td>
      <span className={`outcome outcome-${outcome ?? 'never'}`}>{outcomeLabel(outcome)}</span>
      {row.lastError === null || outcome === 'cancelled' ? null : (
        <p className="freshness-error">{row.lastError}</p>
      )}
    </td>
  );
}

function FreshnessTable({
  datasets,
  progress,
}: {
  datasets: DatasetFreshness[];
  progress: SyncProgress | null;
}) {
  return (
    <ScrollTable
      className="data-table freshness-table"
      aria-labelledby="data-freshness-heading"
      head={
        <>
          <colgroup>
            <col className="col-dataset" />
            <col className="col-refreshed" />
            <col />
          </colgroup>
          <TableHead columns={['Data', 'Last refreshed', 'Last sync']} />
        </>
      }
    >
      {datasets.map((row) => (
        <tr key={row.dataset} data-testid={`freshness-${row.dataset}`}>
          <th scope="row">{datasetLabel(row.dataset)}</th>
          <RefreshedCell iso={row.lastRefreshedAt} />
          <OutcomeCell row={row} progress={progress} />
        </tr>
      ))}
    </ScrollTable>
  );
}

/** When each dataset was last refreshed from the platform, how the last sync went, and the connection. */
export function DataFreshness() {
  const status = useSync((state) => state.status);
  const statusError = useSync((state) => state.statusError);
  const running = useSync((state) => state.running);
  const progress = useSync((state) => state.progress);
  const lastError = useSync((state) => state.lastError);
  const load = useSync((state) => state.load);
  // A sync refused for want of a connection says what the connection line below says already.
  const repeatsConnection = lastError !== null && lastError.message === status?.connection.problem;
  const words = lastError === null || repeatsConnection ? null : syncErrorInWords(lastError);
  return (
    <SettingsSection id="data-freshness" title="Data freshness" testId="data-freshness">
      {status === null && statusError === null ? <LoadingState label="Loading sync status…" /> : null}
      {statusError !== null ? (
        <ErrorState title="Sync status could not be loaded" error={statusError} onRetry={() => void load()} />
      ) : null}
      {words !== null && lastError !== null ? <ErrorState title={words.title} error={lastError} /> : null}
      {status === null ? null : (
        <>
          <dl className="facts" data-testid="sync-connection">
            <dt>Connection</dt>
            <dd>{connectionLabel(status.connection)}</dd>
          </dl>
          <FreshnessTable datasets={status.datasets} progress={running ? progress : null} />
        </>
      )}
    </SettingsSection>
  );
}
