import type { Dataset } from '../../sync/types';
import type { Ledger } from '../db';

export type SyncOutcome = 'running' | 'succeeded' | 'failed' | 'cancelled' | 'partial';
export type SyncTrigger = 'manual' | 'auto' | 'cli' | 'demo' | 'startup';

export interface DatasetResult {
  outcome: Exclude<SyncOutcome, 'running'>;
  itemsRead: number;
  itemsChanged: number;
  requestsMade: number;
  errorCode?: string;
  errorMessage?: string;
}

export interface DatasetFreshness {
  dataset: Dataset;
  /** When a run of this dataset last finished successfully (or partially). */
  lastRefreshedAt: string | null;
  lastOutcome: SyncOutcome | null;
  lastError: string | null;
}

/** Sync runs and their per-dataset outcomes: each write is its own short transaction. */
export class SyncRunsRepository {
  constructor(private readonly db: Ledger) {}

  startRun(workspaceId: number, trigger: SyncTrigger, now: string): number {
    const row = this.db
      .prepare<[number, string, string], { id: number }>(
        "INSERT INTO sync_runs (workspace_id, trigger, started_at, outcome) VALUES (?, ?, ?, 'running') RETURNING id",
      )
      .get(workspaceId, trigger, now);
    if (!row) throw new Error('Starting a sync run returned no id.');
    return row.id;
  }

  startDataset(runId: number, dataset: Dataset, now: string): void {
    this.db
      .prepare(
        "INSERT INTO sync_run_datasets (sync_run_id, dataset, started_at, outcome) VALUES (?, ?, ?, 'running')",
      )
      .run(runId, dataset, now);
  }

  finishDataset(runId: number, dataset: Dataset, result: DatasetResult, now: string): void {
    this.db
      .prepare(
        `UPDATE sync_run_datasets
            SET finished_at = ?, outcome = ?, items_read = ?, items_changed = ?, requests_made = ?,
                error_code = ?, error_message = ?
          WHERE sync_run_id = ? AND dataset = ?`,
      )
      .run(
        now,
        result.outcome,
        result.itemsRead,
        result.itemsChanged,
        result.requestsMade,
        result.errorCode ?? null,
        result.errorMessage ?? null,
        runId,
        dataset,
      );
  }

  finishRun(runId: number, outcome: Exclude<SyncOutcome, 'running'>, now: string): void {
    this.db
      .prepare('UPDATE sync_runs SET finished_at = ?, outcome = ? WHERE id = ?')
      .run(now, outcome, runId);
  }

  /** Runs left 'running' by a process that died: closed as failed so the history stays truthful. */
  closeAbandonedRuns(workspaceId: number, now: string): number {
    return this.db.transaction(() => {
      this.db
        .prepare(
          `UPDATE sync_run_datasets SET finished_at = ?, outcome = 'failed', error_message = 'interrupted'
            WHERE outcome = 'running' AND sync_run_id IN (SELECT id FROM sync_runs WHERE workspace_id = ? AND outcome = 'running')`,
        )
        .run(now, workspaceId);
      return this.db
        .prepare(
          "UPDATE sync_runs SET finished_at = ?, outcome = 'failed' WHERE workspace_id = ? AND outcome = 'running'",
        )
        .run(now, workspaceId).changes;
    })();
  }

  freshness(workspaceId: number, datasets: readonly Dataset[]): DatasetFreshness[] {
    const lastGood = this.db.prepare<[number, string], { finished_at: string }>(
      `SELECT d.finished_at FROM sync_run_datasets d JOIN sync_runs r ON r.id = d.sync_run_id
        WHERE r.workspace_id = ? AND d.dataset = ? AND d.outcome IN ('succeeded', 'partial')
        ORDER BY d.finished_at DESC LIMIT 1`,
    );
    const last = this.db.prepare<[number, string], { outcome: SyncOutcome; error_message: string | null }>(
      `SELECT d.outcome, d.error_message FROM sync_run_datasets d JOIN sync_runs r ON r.id = d.sync_run_id
        WHERE r.workspace_id = ? AND d.dataset = ? ORDER BY d.id DESC LIMIT 1`,
    );
    return datasets.map((dataset) => {
      const latest = last.get(workspaceId, dataset);
      return {
        dataset,
        lastRefreshedAt: lastGood.get(workspaceId, dataset)?.finished_at ?? null,
        lastOutcome: latest?.outcome ?? null,
        lastError: latest?.error_message ?? null,
      };
    });
  }

  hasCompletedRun(workspaceId: number): boolean {
    return (
      this.db
        .prepare<[number], { n: number }>(
          "SELECT count(*) AS n FROM sync_runs WHERE workspace_id = ? AND outcome IN ('succeeded', 'partial')",
        )
        .get(workspaceId)?.n !== 0
    );
  }
}
