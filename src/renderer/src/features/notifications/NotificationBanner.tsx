import { useEffect } from 'react';
import type { AppNotification } from '@shared/ipc/contract-balances';
import { RelativeTime } from '../../components/RelativeTime';
import { followNotifications, useNotifications } from '../../stores/notifications';
import './notifications.css';

const TONE: Record<AppNotification['kind'], 'warning' | 'success' | 'info' | 'danger'> = {
  low_balance: 'warning',
  transfer_approved: 'success',
  transfer_edited: 'info',
  transfer_removed: 'danger',
  transfer_cancelled: 'danger',
};

function NotificationItem({ notification }: { notification: AppNotification }) {
  const dismiss = useNotifications((state) => state.dismiss);
  return (
    <li
      className={`notification notification-${TONE[notification.kind]}`}
      data-testid={`notification-${notification.kind}`}
    >
      <div className="notification-text">
        <p className="notification-title">{notification.title}</p>
        <p className="notification-message">{notification.message}</p>
        <p className="notification-time">
          <RelativeTime iso={notification.at} />
        </p>
      </div>
      <button
        type="button"
        className="notification-dismiss"
        aria-label={`Dismiss: ${notification.title}`}
        onClick={() => void dismiss(notification.id)}
      >
        Dismiss
      </button>
    </li>
  );
}

/** Unread notifications at the top of the page (low balances, requests decided); each dismissible. */
export function NotificationBanner() {
  const unread = useNotifications((state) => state.unread);
  const error = useNotifications((state) => state.error);
  const dismissAll = useNotifications((state) => state.dismissAll);

  useEffect(() => followNotifications(), []);

  return (
    <section className="notification-banner" aria-label="Notifications" data-testid="notification-banner">
      {/* Always in the page, so additions are announced. */}
      <div role="status" aria-live="polite" aria-atomic="false">
        {unread.length === 0 ? null : (
          <>
            <div className="notification-bar">
              <p className="notification-count">
                {unread.length === 1 ? '1 unread notification' : `${unread.length} unread notifications`}
              </p>
              {unread.length > 1 ? (
                <button type="button" className="notification-dismiss" onClick={() => void dismissAll()}>
                  Dismiss all
                </button>
              ) : null}
            </div>
            <ul className="notification-list">
              {unread.map((notification) => (
                <NotificationItem key={notification.id} notification={notification} />
              ))}
            </ul>
          </>
        )}
        {error === null ? null : (
          <p className="notification-error">Notifications could not be updated: {error.message}</p>
        )}
      </div>
    </section>
  );
}
