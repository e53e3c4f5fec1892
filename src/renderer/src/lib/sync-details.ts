import type { SyncStatusAnswer } from '@shared/ipc/contract';
import { formatRelativeTime } from './format-time';
import {
  datasetLabel,
  nextAttemptIn,
  outcomeLabel,
  phaseInWords,
  progressPercent,
  type DatasetName,
  type SyncProgress,
  type SyncSummary,
} from './sync-text';
import { formatNumber } from './format-money';

/**
 * The rows of the sync details panel: one per dataset, with a bar while a sync runs (done, this
 * one, waiting) and the last outcome otherwise. Pure, so it is unit-tested in node.
 */
export interface DatasetDetail {
  dataset: DatasetName;
  label: string;
  state: 'waiting' | 'running' | 'done' | 'succeeded' | 'partial' | 'failed' | 'cancelled' | 'never';
  /** 0–100 for the bar; null: no bar (idle) or unknown total (an indeterminate bar while running). */
  percent: number | null;
  /** Whether a bar is shown at all. */
  bar: boolean;
  text: string;
}

export interface DetailInput {
  status: SyncStatusAnswer | null;
  running: boolean;
  progress: SyncProgress | null;
  runDatasets: Partial<Record<DatasetName, SyncProgress>>;
}

function runningRow(dataset: DatasetName, input: DetailInput, order: readonly DatasetName[]): DatasetDetail {
  const label = datasetLabel(dataset);
  const current = input.progress?.dataset;
  const reached = input.runDatasets[dataset];
  if (dataset === current && input.progress !== null) {
    const percent = progressPercent(input.progress);
    return {
      dataset,
      label,
      state: 'running',
      percent,
      bar: true,
      text: `${phaseInWords(input.progress.phase)}${percent === null ? '' : ` · ${percent}%`}`,
    };
  }
  const before = current !== undefined && order.indexOf(dataset) < order.indexOf(current);
  if (reached !== undefined && before)
    return { dataset, label, state: 'done', percent: 100, bar: true, text: 'done' };
  if (reached === undefined && before)
    return { dataset, label, state: 'waiting', percent: null, bar: false, text: 'not in this sync' };
  return { dataset, label, state: 'waiting', percent: 0, bar: true, text: 'waiting' };
}

function idleRow(
  freshness: SyncStatusAnswer['datasets'][number],
  nowMs: number,
  locale?: string,
): DatasetDetail {
  const { dataset, lastOutcome, lastRefreshedAt, lastError } = freshness;
  const label = datasetLabel(dataset);
  const when =
    lastRefreshedAt === null
      ? 'never refreshed'
      : `refreshed ${formatRelativeTime(lastRefreshedAt, Math.max(nowMs, Date.parse(lastRefreshedAt)), locale)}`;
  const outcome = lastOutcome === null || lastOutcome === 'running' ? null : lastOutcome;
  return {
    dataset,
    label,
    state: outcome ?? 'never',
    percent: null,
    bar: false,
    text:
      outcome === 'failed' && lastError !== null
        ? `${outcomeLabel(outcome)}: ${lastError}`
        : `${outcomeLabel(outcome)} · ${when}`,
  };
}

export function datasetDetails(input: DetailInput, nowMs: number, locale?: string): DatasetDetail[] {
  const datasets = input.status?.datasets ?? [];
  const order = datasets.map((entry) => entry.dataset);
  return datasets.map((entry) =>
    input.running ? runningRow(entry.dataset, input, order) : idleRow(entry, nowMs, locale),
  );
}

/** "Online", "Offline since 2 minutes ago — <why>. Trying again in 15 seconds." */
export function networkLine(status: SyncStatusAnswer | null, nowMs: number, locale?: string): string {
  if (status === null) return 'Checking the connection…';
  const { state, since, problem, nextAttemptAt } = status.network;
  if (state === 'unknown') return 'Not tried yet: the connection is checked by the first sync.';
  if (state === 'online')
    return since === null
      ? 'Online'
      : `Online — the platform answered ${formatRelativeTime(since, Math.max(nowMs, Date.parse(since)), locale)}`;
  const retry =
    nextAttemptAt === null
      ? ' Press Sync now to try again.'
      : ` Trying again ${nextAttemptIn(nextAttemptAt, nowMs, locale)}.`;
  const from =
    since === null ? '' : ` since ${formatRelativeTime(since, Math.max(nowMs, Date.parse(since)), locale)}`;
  return `Offline${from} — ${problem ?? 'the platform could not be reached.'}${retry}`;
}

/** "Last sync: succeeded (4 datasets, 12 items changed)". */
export function lastSyncLine(summary: SyncSummary | null): string | null {
  if (summary === null) return null;
  const changed = summary.datasets.reduce((sum, dataset) => sum + dataset.itemsChanged, 0);
  const failed = summary.datasets
    .filter((dataset) => dataset.outcome === 'failed')
    .map((dataset) => datasetLabel(dataset.dataset));
  const count = `${formatNumber(summary.datasets.length)} ${summary.datasets.length === 1 ? 'dataset' : 'datasets'}`;
  const items = `${formatNumber(changed)} ${changed === 1 ? 'item' : 'items'} changed`;
  const failures = failed.length === 0 ? '' : `; not refreshed: ${failed.join(', ')}`;
  return `Last sync in this window: ${outcomeLabel(summary.outcome).toLowerCase()} (${count}, ${items}${failures})`;
}
