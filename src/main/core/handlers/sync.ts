import type { HandlerRegistry } from '../registry';
import type { SyncTrigger } from '../ledger/repositories/sync-runs';
import type { SyncService } from '../sync/service';

export function registerSyncHandlers(
  registry: HandlerRegistry,
  sync: SyncService,
  trigger: SyncTrigger,
): void {
  registry.register('sync:run', ({ datasets, since, requestId }) =>
    sync.sync({ datasets, since, trigger, requestId }),
  );
  registry.register('sync:cancel', ({ requestId }) => ({ cancelled: sync.cancel(requestId) }));
  registry.register('sync:status', () => sync.status());
}
