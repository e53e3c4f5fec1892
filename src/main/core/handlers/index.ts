import type { AppStatus } from '../../../shared/ipc/contract';
import type { Ledger } from '../ledger/db';
import { schemaVersionOf } from '../ledger/migrate';
import { LATEST_SCHEMA_VERSION } from '../ledger/migrations';
import { FloatsRepository } from '../ledger/repositories/floats';
import { HandlerRegistry } from '../registry';
import type { SyncService } from '../sync/service';
import { registerAppHandlers } from './app';
import { registerFloatHandlers } from './floats';
import { registerSyncHandlers } from './sync';

export interface RegistryDeps {
  db: Ledger;
  workspaceId: number;
  appStatus: Omit<AppStatus, 'ledgerPath' | 'schemaVersion' | 'latestSchemaVersion'>;
  sync: SyncService;
}

/** Every channel's one handler; a test checks the set equals the contract. */
export function buildRegistry({ db, workspaceId, appStatus, sync }: RegistryDeps): HandlerRegistry {
  const registry = new HandlerRegistry();
  registerAppHandlers(registry, () => ({
    ...appStatus,
    ledgerPath: db.name,
    schemaVersion: schemaVersionOf(db),
    latestSchemaVersion: LATEST_SCHEMA_VERSION,
  }));
  registerFloatHandlers(registry, new FloatsRepository(db), workspaceId);
  registerSyncHandlers(registry, sync, appStatus.shell === 'cli' ? 'cli' : 'manual');
  return registry;
}
