/**
 * The notice after opening a workspace whose files were readable by other users: stored as a
 * notification (the banner in the app, a desktop notification in Electron) and logged.
 */
import { isoNow } from '../clock';
import { NotificationsRepository } from '../ledger/repositories/notifications';
import type { Logger } from '../log/logger';
import type { MadePrivate } from '../workspace/private-workspace';
import { filesMadePrivateText } from './messages';
import type { NotifierContext } from './after-sync';

/** Raises the notice when anything was changed or refused; a failure is logged, never thrown. */
export function notifyFilesMadePrivate(
  context: NotifierContext & { log: Pick<Logger, 'warn'> },
  parts: readonly MadePrivate[],
): void {
  const phrases = parts.flatMap((part) => part.phrases);
  const failed = parts.reduce((sum, part) => sum + part.failed, 0);
  if (phrases.length === 0 && failed === 0) return;
  context.log.warn('workspace.files.made_private', { entries: phrases, failed });
  try {
    const createdAt = isoNow(context.clock);
    const stored = new NotificationsRepository(context.db).insert({
      ...filesMadePrivateText(phrases, failed),
      workspaceId: context.workspaceId,
      createdAt,
      syncRunId: null,
      dedupeKey: `files_made_private:${createdAt}`,
    });
    if (stored !== undefined) context.emit('notifications:new', stored);
  } catch (error) {
    context.log.warn('workspace.files.notice_failed', { error });
  }
}
