import type { HandlerRegistry } from '../registry';
import type { SyncTrigger } from '../ledger/repositories/sync-runs';
import type { SyncService } from '../sync/service';

export function registerSyncHandlers(
  registry: HandlerRegistry,
  sync: SyncService,
  trigger: SyncTrigger,
): void {
  registry.register('sync:run', ({ datasets, since }) => sync.sync({ datasets, since, trigger }));
  registry.register('sync:cancel', () => ({ cancelled: sync.cancel() }));
  registry.register('sync:status', () => sync.status());
}
