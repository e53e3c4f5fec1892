import type { SyncStatusAnswer } from '@shared/ipc/contract';
import type { ErrorShape } from '@shared/ipc/errors';
import type { EventPayload } from '@shared/ipc/events';
import { formatRelativeTime } from './format-time';

/**
 * Words for sync state: the header indicator, the Settings freshness table and the error line.
 * Pure (no DOM, no store), so it is unit-tested in node.
 */

export type SyncProgress = EventPayload<'sync:progress'>;
export type SyncSummary = EventPayload<'sync:finished'>;
export type DatasetFreshness = SyncStatusAnswer['datasets'][number];
export type DatasetName = DatasetFreshness['dataset'];
export type SyncOutcome = NonNullable<DatasetFreshness['lastOutcome']>;
export type SyncConnection = SyncStatusAnswer['connection'];

const DATASET_LABELS: Record<DatasetName, string> = {
  floats: 'Floats',
  transfers: 'Transfer requests',
  brands: 'Brands',
  templates: 'Templates',
};

/** "Floats", "Transfer requests", ... (the name as a heading or table cell). */
export function datasetLabel(dataset: DatasetName): string {
  return DATASET_LABELS[dataset];
}

/** "floats", "transfer requests", ... (inside a sentence: "Syncing transfer requests…"). */
export function datasetInSentence(dataset: DatasetName): string {
  return DATASET_LABELS[dataset].toLowerCase();
}

const PHASES: Record<string, string> = {
  reading: 'reading',
  windows: 'reading by date',
  open: 're-reading open requests',
  'signed-off': 're-reading signed-off requests',
  saving: 'saving',
  assets: 'downloading images',
  downloading: 'downloading files',
};

/** The core's short phase word in plain words; an unknown phase is shown as sent. */
export function phaseInWords(phase: string): string {
  return PHASES[phase] ?? phase;
}

/** Whole percent done (0–100), or null while the total is unknown (or zero). */
export function progressPercent(progress: Pick<SyncProgress, 'done' | 'total'> | null): number | null {
  if (progress === null || progress.total === null || progress.total <= 0) return null;
  const ratio = progress.done / progress.total;
  if (!Number.isFinite(ratio)) return null;
  return Math.max(0, Math.min(100, Math.floor(ratio * 100)));
}

/** "Syncing transfer requests…", "Starting sync…" (the percent is shown beside it). */
export function progressText(progress: SyncProgress | null): string {
  return progress === null ? 'Starting sync…' : `Syncing ${datasetInSentence(progress.dataset)}…`;
}

/** "Syncing transfer requests… 40% (reading by date)": the whole line, e.g. for a tooltip. */
export function progressLine(progress: SyncProgress | null): string {
  if (progress === null) return progressText(progress);
  const percent = progressPercent(progress);
  const phase = phaseInWords(progress.phase);
  return `${progressText(progress)}${percent === null ? '' : ` ${percent}%`} (${phase})`;
}

export function outcomeLabel(outcome: SyncOutcome | null): string {
  switch (outcome) {
    case null:
      return 'Never synced';
    case 'running':
      return 'Syncing now';
    case 'succeeded':
      return 'Succeeded';
    case 'partial':
      return 'Partly — some items were skipped';
    case 'failed':
      return 'Failed';
    case 'cancelled':
      return 'Cancelled';
  }
}

/** "Demo workspace — built-in simulator", "Platform", or why there is no connection. */
export function connectionLabel(connection: SyncConnection): string {
  switch (connection.kind) {
    case 'demo':
      return 'Demo workspace — built-in simulator';
    case 'platform':
      return 'Platform';
    case 'none':
      return connection.problem === null
        ? 'Not connected yet (FloatDesk connects on the first sync)'
        : `Not connected: ${connection.problem}`;
  }
}

const ERROR_TITLES: Partial<Record<ErrorShape['code'], string>> = {
  offline: 'The last sync could not reach the platform',
  timeout: 'The platform took too long to answer',
  auth_failed: 'The platform did not accept this workspace’s credentials',
  clock_skew: 'This computer’s clock is too far from the platform’s',
  rate_limited: 'The platform asked FloatDesk to slow down',
  platform_rejected: 'The platform refused the request',
  malformed_response: 'The platform sent an answer FloatDesk could not read',
  ledger_busy: 'Another sync is using this workspace',
  ledger_corrupt: 'The ledger file is damaged',
  forbidden: 'This window may no longer talk to FloatDesk’s core',
};

/** A sync that could not run, in plain words: a short title plus the core's one-line message. */
export function syncErrorInWords(error: ErrorShape): { title: string; message: string } {
  return { title: ERROR_TITLES[error.code] ?? 'The last sync could not run', message: error.message };
}

/** The most recent successful refresh over the datasets, or null when none ever succeeded. */
export function latestRefresh(datasets: readonly DatasetFreshness[]): string | null {
  let latest: { iso: string; ms: number } | null = null;
  for (const { lastRefreshedAt } of datasets) {
    if (lastRefreshedAt === null) continue;
    const ms = Date.parse(lastRefreshedAt);
    if (Number.isNaN(ms)) continue;
    if (latest === null || ms > latest.ms) latest = { iso: lastRefreshedAt, ms };
  }
  return latest?.iso ?? null;
}

export type IndicatorTone = 'pending' | 'running' | 'ok' | 'note' | 'warning' | 'offline' | 'error';

export interface IndicatorView {
  tone: IndicatorTone;
  /** The one line shown (and announced when it changes); a running sync's percent is apart. */
  text: string;
  /** Whole percent for the progress bar and beside the text; null: unknown (or not running). */
  percent: number | null;
  running: boolean;
  /** More words for a tooltip, e.g. the phase or the connection problem. */
  detail?: string;
}

export interface IndicatorInput {
  /** The last `sync:status` answer; null before the first one arrived. */
  status: SyncStatusAnswer | null;
  /** `sync:status` itself failed (and there is no answer to show). */
  statusError: ErrorShape | null;
  running: boolean;
  progress: SyncProgress | null;
  /** The last sync this window asked for could not run. */
  lastError: ErrorShape | null;
}

/** When the next attempt comes: "in 15 seconds", "in 4 minutes", "now". */
export function nextAttemptIn(iso: string, nowMs: number, locale?: string): string {
  const seconds = Math.round((Date.parse(iso) - nowMs) / 1000);
  if (!Number.isFinite(seconds) || seconds <= 0) return 'now';
  if (seconds < 90) return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(seconds, 'second');
  return formatRelativeTime(iso, nowMs, locale);
}

/**
 * Offline: the data shown is from the last refresh, and FloatDesk retries on its own (sooner than
 * the sync interval) — or at once when the computer reports the network back.
 */
function offlineView(status: SyncStatusAnswer, nowMs: number, locale: string | undefined): IndicatorView {
  const refreshed = latestRefresh(status.datasets);
  const ago =
    refreshed === null ? null : formatRelativeTime(refreshed, Math.max(nowMs, Date.parse(refreshed)), locale);
  const next = status.network.nextAttemptAt;
  const retry =
    next === null ? 'Press Sync now to try again.' : `Trying again ${nextAttemptIn(next, nowMs, locale)}.`;
  return {
    tone: 'offline',
    percent: null,
    running: false,
    text: ago === null ? 'Offline — nothing synced yet' : `Offline — showing data from ${ago}`,
    detail: `${status.network.problem ?? 'The platform could not be reached.'} ${retry}`,
  };
}

/**
 * The header's one line, by priority: syncing; not connected; offline; the last sync failed; cancelled;
 * never synced; synced (noting skipped items).
 */
export function describeIndicator(input: IndicatorInput, nowMs: number, locale?: string): IndicatorView {
  const idle = { percent: null, running: false } as const;
  if (input.running) {
    const percent = progressPercent(input.progress);
    return {
      tone: 'running',
      text: progressText(input.progress),
      percent,
      running: true,
      detail: progressLine(input.progress),
    };
  }
  const status = input.status;
  // Not connected says more than "the last sync failed" (which it then did, for that reason).
  if (status !== null && status.connection.kind === 'none' && status.connection.problem !== null) {
    return {
      ...idle,
      tone: 'error',
      text: `Not connected: ${status.connection.problem}`,
      detail: status.connection.problem,
    };
  }
  if (status !== null && status.network.state === 'offline') return offlineView(status, nowMs, locale);
  if (input.lastError !== null) {
    return {
      ...idle,
      tone: 'error',
      text: 'Last sync failed — details in Settings',
      detail: syncErrorInWords(input.lastError).title,
    };
  }
  if (status === null) {
    return input.statusError === null
      ? { ...idle, tone: 'pending', text: 'Checking sync status…' }
      : { ...idle, tone: 'warning', text: 'Sync status unavailable', detail: input.statusError.message };
  }
  const outcomes = status.datasets.map((dataset) => dataset.lastOutcome);
  const refreshed = latestRefresh(status.datasets);
  // A refresh stamped ahead of this computer's clock reads "just now", not "in 2 minutes".
  const ago =
    refreshed === null ? null : formatRelativeTime(refreshed, Math.max(nowMs, Date.parse(refreshed)), locale);
  if (outcomes.includes('failed')) {
    const failed = status.datasets
      .filter((dataset) => dataset.lastOutcome === 'failed')
      .map((dataset) => datasetLabel(dataset.dataset));
    return {
      ...idle,
      tone: 'error',
      text: 'Last sync failed — details in Settings',
      detail: `Not refreshed: ${failed.join(', ')}`,
    };
  }
  if (outcomes.includes('cancelled')) {
    return {
      ...idle,
      tone: 'warning',
      text: ago === null ? 'Sync cancelled' : `Sync cancelled · data from ${ago}`,
    };
  }
  if (refreshed === null || ago === null) return { ...idle, tone: 'pending', text: 'Not synced yet' };
  if (outcomes.includes('partial')) {
    return {
      ...idle,
      tone: 'note',
      text: `Synced ${ago} · some items skipped`,
      detail: 'Some items could not be read; details in Settings',
    };
  }
  return { ...idle, tone: 'ok', text: `Synced ${ago}` };
}
