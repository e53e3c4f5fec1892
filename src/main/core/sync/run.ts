import { AppError, toErrorShape } from '../../../shared/ipc/errors';
import { isoNow, type Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import { translateStorageError } from '../ledger/storage-errors';
import {
  SyncRunsRepository,
  type DatasetResult,
  type SyncOutcome,
  type SyncTrigger,
} from '../ledger/repositories/sync-runs';
import type { Logger } from '../log/logger';
import type { PlatformClient } from '../platform/client';
import { DATASETS, type Dataset, type DatasetSync, type SyncProgress } from './types';

export interface SyncRequest {
  db: Ledger;
  client: PlatformClient;
  workspaceId: number;
  workspaceDir: string;
  clock: Clock;
  trigger: SyncTrigger;
  /** Which datasets, in this order; default all. */
  datasets?: readonly Dataset[];
  syncs: Readonly<Record<Dataset, DatasetSync>>;
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
  /** A dataset committed its last change (the UI can reload what it shows). */
  onDatasetFinished?: (dataset: Dataset) => void;
  /** Holds the workspace's sync lock for the duration; returns the release function. */
  lock?: () => () => void;
  /** The workspace's log: each dataset that fails or stops short says why. */
  log?: Logger;
}

export interface SyncSummary {
  runId: number;
  outcome: Exclude<SyncOutcome, 'running'>;
  datasets: Array<{ dataset: Dataset } & DatasetResult & { incomplete?: string }>;
}

function overallOutcome(results: SyncSummary['datasets'], cancelled: boolean): SyncSummary['outcome'] {
  if (cancelled) return 'cancelled';
  if (results.every((result) => result.outcome === 'succeeded')) return 'succeeded';
  if (results.every((result) => result.outcome === 'failed')) return 'failed';
  return 'partial';
}

/**
 * One sync run: each dataset in turn, each committing in its own transactions, so a failure in one
 * leaves what earlier datasets (and earlier windows of the same dataset) wrote, and the next run
 * resumes. A failed dataset does not stop the others; a cancellation stops the run.
 */
export async function runSync(request: SyncRequest): Promise<SyncSummary> {
  const release = request.lock?.();
  const runs = new SyncRunsRepository(request.db);
  const now = (): string => isoNow(request.clock);
  const signal = request.signal ?? new AbortController().signal;
  let runId: number;
  try {
    runId = runs.startRun(request.workspaceId, request.trigger, now());
  } catch (error) {
    // Not even the run could be recorded (a full disk, say): the lock goes, the failure in words.
    release?.();
    throw translateStorageError(error, request.db.name);
  }
  const results: SyncSummary['datasets'] = [];
  let cancelled = false;
  try {
    for (const dataset of request.datasets ?? DATASETS) {
      // Cancelled before it began (Cancel pressed as Sync now was on its way): the first dataset
      // still runs into the cancellation, so the run and its dataset say what happened.
      if (signal.aborted && results.length > 0) {
        cancelled = true;
        break;
      }
      runs.startDataset(runId, dataset, now());
      let result: SyncSummary['datasets'][number];
      try {
        const outcome = await request.syncs[dataset]({
          db: request.db,
          client: request.client,
          workspaceId: request.workspaceId,
          workspaceDir: request.workspaceDir,
          syncRunId: runId,
          trigger: request.trigger,
          clock: request.clock,
          signal,
          progress: (update) => request.onProgress?.({ dataset, ...update }),
        });
        result = {
          dataset,
          outcome: outcome.incomplete ? 'partial' : 'succeeded',
          itemsRead: outcome.itemsRead,
          itemsChanged: outcome.itemsChanged,
          requestsMade: outcome.requestsMade,
          ...(outcome.incomplete ? { incomplete: outcome.incomplete, errorMessage: outcome.incomplete } : {}),
        };
      } catch (error) {
        cancelled = signal.aborted;
        // A ledger failure (full disk, damage, busy) is said as such, never as the network's.
        const shape = toErrorShape(translateStorageError(error, request.db.name));
        if (!cancelled) {
          const { code, message, details } = shape;
          request.log?.warn('sync.dataset.failed', { runId, dataset, code, message, details });
        }
        result = {
          dataset,
          outcome: cancelled ? 'cancelled' : 'failed',
          itemsRead: 0,
          itemsChanged: 0,
          requestsMade: 0,
          errorCode: cancelled ? 'cancelled' : shape.code,
          errorMessage: cancelled ? 'Cancelled.' : shape.message,
        };
      }
      if (result.incomplete)
        request.log?.warn('sync.dataset.incomplete', { runId, dataset, why: result.incomplete });
      runs.finishDataset(runId, dataset, result, now());
      results.push(result);
      request.onDatasetFinished?.(dataset);
      if (cancelled) break;
    }
    const outcome = overallOutcome(results, cancelled);
    runs.finishRun(runId, outcome, now());
    return { runId, outcome, datasets: results };
  } catch (error) {
    try {
      runs.finishRun(runId, 'failed', now());
    } catch {
      // The ledger that just failed may refuse this too (a full disk): the next run closes it.
    }
    const translated = translateStorageError(error, request.db.name);
    throw translated instanceof AppError
      ? translated
      : new AppError('internal', 'The sync stopped unexpectedly.', { cause: String(error) });
  } finally {
    release?.();
  }
}
