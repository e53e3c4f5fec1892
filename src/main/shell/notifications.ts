import type { BrowserWindow, NotificationConstructorOptions } from 'electron';
import type { EventChannel } from '../../shared/ipc/channels';
import { NotificationSchema } from '../../shared/ipc/contract-notifications';
import type { CoreWorker } from '../core/worker-client';

/**
 * Desktop notifications for the core's 'notifications:new' events (low balance, a request approved, edited,
 * removed or cancelled). The shell stays thin: the core decides what to say; this only shows it.
 */
export interface DesktopNotice {
  title: string;
  body: string;
}

/** Electron's Notification class, as far as it is used here (a test passes a fake). */
export interface NotificationClass {
  isSupported(): boolean;
  new (options: NotificationConstructorOptions): {
    show(): void;
    on(event: 'click', listener: () => void): unknown;
  };
}

/** The notice for one core event; undefined for any other event or a payload that is not a notification. */
export function desktopNoticeOf(name: EventChannel, payload: unknown): DesktopNotice | undefined {
  if (name !== 'notifications:new') return undefined;
  const parsed = NotificationSchema.safeParse(payload);
  if (!parsed.success) return undefined;
  return { title: parsed.data.title, body: parsed.data.message };
}

/** Show a desktop notification for every 'notifications:new' event; a click brings the window forward. */
export function showDesktopNotifications(
  core: Pick<CoreWorker, 'onEvent'>,
  Notification: NotificationClass,
  window: () => BrowserWindow | undefined,
): () => void {
  return core.onEvent((name, payload) => {
    const notice = desktopNoticeOf(name, payload);
    if (notice === undefined || !Notification.isSupported()) return;
    const notification = new Notification({ title: notice.title, body: notice.body });
    notification.on('click', () => {
      const target = window();
      if (target === undefined || target.isDestroyed()) return;
      if (target.isMinimized()) target.restore();
      target.focus();
    });
    notification.show();
  });
}
