import type { Ledger } from '../db';

export interface RecentSyncRun {
  id: number;
  trigger: string;
  startedAt: string;
  finishedAt: string | null;
  outcome: string;
  datasets: Array<{
    dataset: string;
    outcome: string;
    errorCode: string | null;
    errorMessage: string | null;
  }>;
}

/** What the diagnostics report reads from the ledger: the SQLite version and the last sync runs. */
export class DiagnosticsRepository {
  constructor(private readonly db: Ledger) {}

  sqliteVersion(): string {
    return this.db.prepare<[], { v: string }>('SELECT sqlite_version() AS v').get()?.v ?? 'unknown';
  }

  /** The newest runs first, each with its datasets in the order they ran. */
  recentSyncRuns(workspaceId: number, limit: number): RecentSyncRun[] {
    const runs = this.db
      .prepare<
        [number, number],
        { id: number; trigger: string; started_at: string; finished_at: string | null; outcome: string }
      >(
        `SELECT id, trigger, started_at, finished_at, outcome FROM sync_runs
          WHERE workspace_id = ? ORDER BY id DESC LIMIT ?`,
      )
      .all(workspaceId, limit);
    const datasets = this.db.prepare<
      [number],
      { dataset: string; outcome: string; error_code: string | null; error_message: string | null }
    >(
      'SELECT dataset, outcome, error_code, error_message FROM sync_run_datasets WHERE sync_run_id = ? ORDER BY id',
    );
    return runs.map((run) => ({
      id: run.id,
      trigger: run.trigger,
      startedAt: run.started_at,
      finishedAt: run.finished_at,
      outcome: run.outcome,
      datasets: datasets.all(run.id).map((row) => ({
        dataset: row.dataset,
        outcome: row.outcome,
        errorCode: row.error_code,
        errorMessage: row.error_message,
      })),
    }));
  }
}
