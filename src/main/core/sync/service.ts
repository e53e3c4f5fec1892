import { AppError } from '../../../shared/ipc/errors';
import type { Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import {
  SyncRunsRepository,
  type DatasetFreshness,
  type SyncTrigger,
} from '../ledger/repositories/sync-runs';
import { createPlatformClient, type PlatformClient } from '../platform/client';
import type { PlatformConnection } from '../workspace/connection';
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
}

export interface SyncStatus {
  running: boolean;
  progress: SyncProgress | null;
  connection: { kind: 'demo' | 'platform' | 'none'; problem: string | null };
  datasets: DatasetFreshness[];
}

/** One sync at a time per core; progress and results go out as events. */
export class SyncService {
  private client: PlatformClient | undefined;
  private connection: PlatformConnection | undefined;
  private connecting: Promise<PlatformClient> | undefined;
  private connectionProblem: string | null = null;
  private running: AbortController | undefined;
  private progress: SyncProgress | null = null;
  private autoTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: SyncServiceOptions) {}

  private ensureClient(): Promise<PlatformClient> {
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
  }): Promise<SyncSummary> {
    if (this.running) {
      throw new AppError(
        'ledger_busy',
        'A sync is already running in this workspace. Wait for it to finish or cancel it.',
      );
    }
    const controller = new AbortController();
    this.running = controller;
    try {
      const client = await this.ensureClient();
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
        lock: this.options.lock,
        onDatasetFinished: this.options.onDatasetFinished,
        onProgress: (progress) => {
          this.progress = progress;
          this.options.onProgress(progress);
        },
      });
      this.options.onFinished(summary);
      return summary;
    } finally {
      this.running = undefined;
      this.progress = null;
    }
  }

  cancel(): boolean {
    if (!this.running) return false;
    this.running.abort(new AppError('internal', 'The sync was cancelled.'));
    return true;
  }

  status(): SyncStatus {
    return {
      running: this.running !== undefined,
      progress: this.progress,
      connection: { kind: this.connection?.kind ?? 'none', problem: this.connectionProblem },
      datasets: new SyncRunsRepository(this.options.db).freshness(this.options.workspaceId, DATASETS),
    };
  }

  hasSynced(): boolean {
    return new SyncRunsRepository(this.options.db).hasCompletedRun(this.options.workspaceId);
  }

  /** Sync every `intervalMs` while the core runs; a failed run (offline, say) waits for the next tick. */
  startAutoSync(intervalMs: number, onError: (error: unknown) => void): void {
    this.stopAutoSync();
    this.autoTimer = setInterval(() => {
      if (this.running) return;
      this.sync({ trigger: 'auto' }).catch(onError);
    }, intervalMs);
    this.autoTimer.unref();
  }

  stopAutoSync(): void {
    if (this.autoTimer) clearInterval(this.autoTimer);
    this.autoTimer = undefined;
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
