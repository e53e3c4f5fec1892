import { AppError, toErrorShape } from '../../../shared/ipc/errors';
import type { Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import {
  SyncRunsRepository,
  type DatasetFreshness,
  type SyncTrigger,
} from '../ledger/repositories/sync-runs';
import type { Logger } from '../log/logger';
import { createPlatformClient, type PlatformClient } from '../platform/client';
import type { PlatformConnection } from '../workspace/connection';
import { isoNow } from '../clock';
import { ReachabilityTracker, type Reachability } from './reachability';
import { runSync, type SyncSummary } from './run';
import { DATASETS, type Dataset, type DatasetSync, type SyncProgress } from './types';

export interface SyncServiceOptions {
  db: Ledger;
  workspaceId: number;
  workspaceDir: string;
  clock: Clock;
  /** Resolves the platform connection once (the demo starts its simulator); may fail (no credentials). */
  connect: () => Promise<PlatformConnection>;
  /** The dataset syncs; `since` is the backfill start for transfer requests. */
  syncs: (options: { since?: string }) => Readonly<Record<Dataset, DatasetSync>>;
  /** Takes the workspace's sync lock (refused while another FloatDesk syncs); returns its release. */
  lock?: () => () => void;
  onProgress: (progress: SyncProgress) => void;
  onDatasetFinished?: (dataset: Dataset) => void;
  onFinished: (summary: SyncSummary) => void;
  /** The workspace's log: each run's start, end and failure. */
  log?: Logger;
}

export interface SyncStatus {
  running: boolean;
  progress: SyncProgress | null;
  connection: { kind: 'demo' | 'platform' | 'none'; problem: string | null };
  network: Reachability & { nextAttemptAt: string | null };
  datasets: DatasetFreshness[];
}

/** Add to a set that keeps only the latest few ids (ids that never come back must not pile up). */
function remember(ids: Set<string>, id: string): void {
  ids.add(id);
  for (const old of ids) {
    if (ids.size <= 32) break;
    ids.delete(old);
  }
}

/** One sync at a time per core; progress and results go out as events. */
export class SyncService {
  private client: PlatformClient | undefined;
  private connection: PlatformConnection | undefined;
  private connecting: Promise<PlatformClient> | undefined;
  private connectionProblem: string | null = null;
  private running: AbortController | undefined;
  /** requestIds of sync:run calls cancelled before they arrived, and of those that arrived. */
  private readonly cancelledAhead = new Set<string>();
  private readonly arrivedRequests = new Set<string>();
  /** Settles when the running sync has ended (its run recorded, its lock released). */
  private runEnded: Promise<void> | undefined;
  private progress: SyncProgress | null = null;
  private autoTimer: NodeJS.Timeout | undefined;
  private nextAttemptAt: string | null = null;
  /** Bumped by every start/stop, so an attempt still running from an old schedule ends that schedule. */
  private autoGeneration = 0;
  private autoSchedule: { intervalMs: number; schedule: (delayMs: number) => void } | undefined;
  private closed = false;
  private readonly reachability: ReachabilityTracker;

  constructor(private readonly options: SyncServiceOptions) {
    this.reachability = new ReachabilityTracker(() => isoNow(options.clock));
  }

  private ensureClient(): Promise<PlatformClient> {
    if (this.closed) return Promise.reject(new AppError('internal', 'FloatDesk is closing this workspace.'));
    this.connecting ??= this.options.connect().then(
      (connection) => {
        this.connection = connection;
        this.connectionProblem = null;
        this.client = createPlatformClient(connection.credentials);
        return this.client;
      },
      (error: unknown) => {
        this.connecting = undefined;
        this.connectionProblem = error instanceof Error ? error.message : String(error);
        throw error;
      },
    );
    return this.connecting;
  }

  async sync(request: {
    datasets?: readonly Dataset[];
    since?: string;
    trigger: SyncTrigger;
    requestId?: string;
  }): Promise<SyncSummary> {
    if (this.running) {
      throw new AppError(
        'ledger_busy',
        'A sync is already running in this workspace. Wait for it to finish or cancel it.',
      );
    }
    const controller = new AbortController();
    if (request.requestId !== undefined) {
      remember(this.arrivedRequests, request.requestId);
      if (this.cancelledAhead.delete(request.requestId))
        controller.abort(new AppError('internal', 'The sync was cancelled.'));
    }
    this.running = controller;
    const log = this.options.log;
    log?.info('sync.start', {
      trigger: request.trigger,
      datasets: request.datasets ?? 'all',
      since: request.since,
    });
    let ended = (): void => {};
    this.runEnded = new Promise<void>((resolve) => (ended = resolve));
    try {
      const client = await this.ensureClient().catch((error: unknown) => {
        const code = error instanceof AppError ? error.code : undefined;
        this.reachability.observeError(code, error instanceof Error ? error.message : String(error));
        this.bringAutoSyncForward();
        throw error;
      });
      const summary = await runSync({
        db: this.options.db,
        client,
        workspaceId: this.options.workspaceId,
        workspaceDir: this.options.workspaceDir,
        clock: this.options.clock,
        trigger: request.trigger,
        datasets: request.datasets ?? DATASETS,
        syncs: this.options.syncs({ since: request.since }),
        signal: controller.signal,
        log,
        lock: this.options.lock,
        onDatasetFinished: this.options.onDatasetFinished,
        onProgress: (progress) => {
          this.progress = progress;
          this.options.onProgress(progress);
        },
      });
      this.reachability.observeSummary(summary);
      this.bringAutoSyncForward();
      const ended = { runId: summary.runId, trigger: request.trigger, outcome: summary.outcome };
      const datasets = summary.datasets.map((d) => ({
        dataset: d.dataset,
        outcome: d.outcome,
        itemsRead: d.itemsRead,
        itemsChanged: d.itemsChanged,
        requestsMade: d.requestsMade,
        ...(d.errorCode === undefined ? {} : { errorCode: d.errorCode, errorMessage: d.errorMessage }),
      }));
      if (summary.outcome === 'failed' || summary.outcome === 'partial')
        log?.warn('sync.end', { ...ended, datasets });
      else log?.info('sync.end', { ...ended, datasets });
      this.options.onFinished(summary);
      return summary;
    } catch (error) {
      const { code, message, details } = toErrorShape(error);
      log?.error('sync.failed', { trigger: request.trigger, code, message, details });
      throw error;
    } finally {
      this.running = undefined;
      this.progress = null;
      ended();
    }
  }

  /** The connected platform client, connecting first if needed (Settings' connection test). */
  connectedClient(): Promise<PlatformClient> {
    return this.ensureClient();
  }

  /** New address or credentials: a running sync is cancelled and the next call connects afresh. */
  async reconnect(): Promise<void> {
    this.cancel();
    await this.connecting?.catch(() => undefined);
    const { client, connection } = this;
    this.client = this.connection = this.connecting = undefined;
    this.connectionProblem = null;
    await client?.close();
    await connection?.close();
  }

  /**
   * Cancel the running sync. A requestId of a sync:run that has not arrived yet (requests can
   * overtake each other) cancels that run as soon as it does.
   */
  cancel(requestId?: string): boolean {
    if (!this.running && requestId !== undefined) {
      // Already run (and over): nothing left to cancel.
      if (this.arrivedRequests.has(requestId)) return false;
      remember(this.cancelledAhead, requestId);
      return true;
    }
    if (!this.running) return false;
    this.running.abort(new AppError('internal', 'The sync was cancelled.'));
    return true;
  }

  status(): SyncStatus {
    return {
      running: this.running !== undefined,
      progress: this.progress,
      connection: { kind: this.connection?.kind ?? 'none', problem: this.connectionProblem },
      network: { ...this.reachability.snapshot(), nextAttemptAt: this.nextAttemptAt },
      datasets: new SyncRunsRepository(this.options.db).freshness(this.options.workspaceId, DATASETS),
    };
  }

  isRunning(): boolean {
    return this.running !== undefined;
  }

  hasSynced(): boolean {
    return new SyncRunsRepository(this.options.db).hasCompletedRun(this.options.workspaceId);
  }

  /**
   * Sync every `intervalMs` while the core runs. While the platform cannot be reached the next
   * attempt comes sooner and backs off (reachability.ts); a failed run waits for the next attempt.
   */
  startAutoSync(intervalMs: number, onError: (error: unknown) => void): void {
    this.stopAutoSync();
    const generation = ++this.autoGeneration;
    const schedule = (delayMs: number): void => {
      if (this.closed || generation !== this.autoGeneration) return;
      this.nextAttemptAt = new Date(this.options.clock().getTime() + delayMs).toISOString();
      this.autoTimer = setTimeout(() => {
        this.autoTimer = undefined;
        const attempt = this.running
          ? Promise.resolve()
          : this.sync({ trigger: 'auto' }).then(() => undefined);
        attempt.catch(onError).finally(() => schedule(this.reachability.nextDelayMs(intervalMs)));
      }, delayMs);
      this.autoTimer.unref();
    };
    this.autoSchedule = { intervalMs, schedule };
    schedule(this.reachability.nextDelayMs(intervalMs));
  }

  /** A sync just found the platform unreachable: the next automatic attempt comes sooner. */
  private bringAutoSyncForward(): void {
    const auto = this.autoSchedule;
    if (auto === undefined || this.autoTimer === undefined || this.nextAttemptAt === null) return;
    const delayMs = this.reachability.nextDelayMs(auto.intervalMs);
    if (this.options.clock().getTime() + delayMs >= Date.parse(this.nextAttemptAt)) return;
    clearTimeout(this.autoTimer);
    this.autoTimer = undefined;
    auto.schedule(delayMs);
  }

  stopAutoSync(): void {
    this.autoGeneration++;
    this.autoSchedule = undefined;
    if (this.autoTimer) clearTimeout(this.autoTimer);
    this.autoTimer = undefined;
    this.nextAttemptAt = null;
  }

  /**
   * Stop starting syncs and cancel the running one, waiting (at most `limitMs`) for it to record
   * how it ended and release the workspace's sync lock — which needs the ledger still open.
   */
  async stop(limitMs: number): Promise<void> {
    this.closed = true;
    this.stopAutoSync();
    if (!this.cancel()) return;
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs)));
    await Promise.race([this.runEnded, limit]);
    clearTimeout(timer);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopAutoSync();
    this.cancel();
    // A connection still being set up (the demo's simulator starting) is closed once it is ready.
    await this.connecting?.catch(() => undefined);
    await this.client?.close();
    await this.connection?.close();
  }
}
