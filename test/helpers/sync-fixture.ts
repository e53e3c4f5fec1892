import { join } from 'node:path';
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { migrate } from '../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import { WorkspacesRepository } from '../../src/main/core/ledger/repositories/workspaces';
import { SyncRunsRepository } from '../../src/main/core/ledger/repositories/sync-runs';
import type { PlatformClient } from '../../src/main/core/platform/client';
import type { DatasetOutcome, DatasetSync, SyncContext, SyncProgress } from '../../src/main/core/sync/types';

/** A migrated ledger file in `dir` with its workspace, for running dataset syncs directly. */
export interface SyncLedger {
  db: Ledger;
  workspaceId: number;
  dir: string;
  /** Progress updates of every run so far. */
  progress: Array<Omit<SyncProgress, 'dataset'>>;
  /** Run one dataset sync in a new sync run (a sync_runs row, as the orchestrator would make). */
  run(
    sync: DatasetSync,
    client: PlatformClient,
    options?: {
      at?: Date;
      signal?: AbortSignal;
      onProgress?: (update: Omit<SyncProgress, 'dataset'>) => void;
    },
  ): Promise<DatasetOutcome & { runId: number }>;
  close(): void;
}

export function openSyncLedger(dir: string): SyncLedger {
  const db = openLedger(join(dir, 'ledger.sqlite'));
  migrate(db, MIGRATIONS);
  const workspace = new WorkspacesRepository(db).ensure({
    name: 'Test',
    kind: 'demo',
    baseUrl: null,
    now: '2026-11-01T00:00:00.000Z',
  });
  const progress: SyncLedger['progress'] = [];
  return {
    db,
    workspaceId: workspace.id,
    dir,
    progress,
    async run(sync, client, options = {}) {
      const at = options.at ?? new Date('2026-11-02T09:00:00.000Z');
      const runId = new SyncRunsRepository(db).startRun(workspace.id, 'manual', at.toISOString());
      const context: SyncContext = {
        db,
        client,
        workspaceId: workspace.id,
        workspaceDir: dir,
        syncRunId: runId,
        clock: () => at,
        signal: options.signal ?? new AbortController().signal,
        progress: (update) => {
          progress.push(update);
          options.onProgress?.(update);
        },
      };
      return { ...(await sync(context)), runId };
    },
    close: () => db.close(),
  };
}
