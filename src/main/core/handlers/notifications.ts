import { isoNow, type Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import { NotificationsRepository } from '../ledger/repositories/notifications';
import type { HandlerRegistry } from '../registry';

/** notifications:list and notifications:dismiss. */
export function registerNotificationHandlers(
  registry: HandlerRegistry,
  deps: { db: Ledger; workspaceId: number; clock: Clock },
): void {
  const notifications = new NotificationsRepository(deps.db);
  registry.register('notifications:list', ({ unreadOnly }) => ({
    notifications: notifications.list(deps.workspaceId, unreadOnly ?? false),
  }));
  registry.register('notifications:dismiss', ({ ids, all }) => ({
    dismissed: notifications.dismiss(
      deps.workspaceId,
      all === true ? 'all' : { ids: ids ?? [] },
      isoNow(deps.clock),
    ),
  }));
}
