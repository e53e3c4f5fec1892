import type { EventChannel } from '../../../shared/ipc/channels';
import { isoNow, type Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import { holdLock, SYNC_LOCK } from '../ledger/locks';
import type { Logger } from '../log/logger';
import { bringCatalogueUpToDate } from '../ledger/repositories/catalogue-index';
import { notifyAfterSync } from '../notifications/after-sync';
import { SyncRunsRepository } from '../ledger/repositories/sync-runs';
import type { WorkspaceRecord } from '../ledger/repositories/workspaces';
import { platformConnection, startDemoConnection } from '../workspace/connection';
import { brandSync } from './brands';
import { floatSync } from './floats';
import { SyncService } from './service';
import { templateSync } from './templates';
import { transferSync } from './transfers';
import type { Dataset, DatasetSync } from './types';

export interface SyncComposition {
  db: Ledger;
  workspace: WorkspaceRecord;
  workspaceDir: string;
  clock: Clock;
  /** Who holds the sync lock: 'cli', 'browser', 'electron'. */
  owner: string;
  credentials?: { apiKey: string; apiSecret: string };
  /** Read at each connect (Settings can change them); default: `credentials`. */
  resolveCredentials?: () => { apiKey: string; apiSecret: string } | undefined;
  /** The workspace record as it is now (its base URL can change); default: `workspace`. */
  currentWorkspace?: () => WorkspaceRecord;
  emit: (name: EventChannel, payload: unknown) => void;
  /** The workspace's log (sync runs: start, end, failures). */
  log?: Logger;
}

function datasetSyncs(options: { since?: string }): Record<Dataset, DatasetSync> {
  return {
    floats: floatSync(),
    transfers: transferSync({ since: options.since }),
    brands: brandSync({ assets: true }),
    templates: templateSync(),
  };
}

/** The sync service of one workspace: its connection (demo simulator or platform), lock and datasets. */
export function createSyncService(composition: SyncComposition): SyncService {
  const { db, workspace, clock } = composition;
  return new SyncService({
    db,
    workspaceId: workspace.id,
    workspaceDir: composition.workspaceDir,
    clock,
    connect: async () =>
      workspace.kind === 'demo'
        ? startDemoConnection(db, workspace.id, clock)
        : platformConnection(
            composition.currentWorkspace?.() ?? workspace,
            composition.resolveCredentials ? composition.resolveCredentials() : composition.credentials,
          ),
    syncs: datasetSyncs,
    log: composition.log,
    lock: () => {
      const held = holdLock(db, SYNC_LOCK, { owner: composition.owner });
      // With the lock held, any run still marked 'running' belongs to a process that is gone.
      new SyncRunsRepository(db).closeAbandonedRuns(workspace.id, isoNow(clock));
      return held.release;
    },
    onProgress: (progress) => composition.emit('sync:progress', progress),
    onDatasetFinished: () => composition.emit('ledger:changed', { source: 'this-core' }),
    onFinished: (summary) => {
      notifyAfterSync({ db, workspaceId: workspace.id, clock, emit: composition.emit }, summary.runId);
      composition.emit('sync:finished', summary);
      composition.emit('ledger:changed', { source: 'this-core' });
      // The catalogue search index follows the brands the sync stored; built now, while idle, so
      // the next search on the Brands screen does not wait for it (it would build it otherwise).
      setImmediate(() => {
        try {
          if (db.open) bringCatalogueUpToDate(db);
        } catch (error) {
          console.error('FloatDesk: could not bring the catalogue search index up to date:', error);
          composition.log?.error('catalogue.index.failed', { error });
        }
      });
    },
  });
}
