import type { AppNotification } from '../../../shared/ipc/contract-notifications';
import { isoNow, type Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import { NotificationsRepository } from '../ledger/repositories/notifications';
import type { HandlerRegistry } from '../registry';

/** notifications:list and notifications:dismiss. */
export function registerNotificationHandlers(
  registry: HandlerRegistry,
  deps: {
    db: Ledger;
    workspaceId: number;
    clock: Clock;
    /** Notices the core holds outside the ledger (a damaged ledger), listed first. */
    notices?: () => AppNotification[];
  },
): void {
  const notifications = new NotificationsRepository(deps.db);
  registry.register('notifications:list', ({ unreadOnly }) => ({
    notifications: [
      ...(deps.notices?.() ?? []),
      ...notifications.list(deps.workspaceId, unreadOnly ?? false),
    ],
  }));
  registry.register('notifications:dismiss', ({ ids, all }) => ({
    dismissed: notifications.dismiss(
      deps.workspaceId,
      all === true ? 'all' : { ids: ids ?? [] },
      isoNow(deps.clock),
    ),
  }));
}
