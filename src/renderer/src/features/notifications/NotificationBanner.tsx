import { useEffect, useState } from 'react';
import type { AppNotification } from '@shared/ipc/contract-notifications';
import { RelativeTime } from '../../components/RelativeTime';
import { followNotifications, useNotifications } from '../../stores/notifications';
import { useLowBalanceTopUp } from './low-balance-top-up';
import './notifications.css';
import { formatNumber } from '../../lib/format-money';

const TONE: Record<AppNotification['kind'], 'warning' | 'success' | 'info' | 'danger'> = {
  low_balance: 'warning',
  transfer_approved: 'success',
  transfer_edited: 'info',
  transfer_removed: 'danger',
  transfer_cancelled: 'danger',
  signoff_drift: 'danger',
  files_made_private: 'info',
  ledger_damaged: 'danger',
};

/** Newest first; beyond these a "Show all" keeps a pile of notices from pushing the screen away. */
const SHOWN_AT_FIRST = 5;

/** Where a notification's subject is handled, for a link next to it (most need none). */
const FOLLOW_UP: Partial<Record<AppNotification['kind'], { href: string; label: string }>> = {
  signoff_drift: { href: '#/reconciliation', label: 'Review in Reconciliation' },
};

function NotificationItem({ notification }: { notification: AppNotification }) {
  const dismiss = useNotifications((state) => state.dismiss);
  const topUp = useLowBalanceTopUp(notification);
  const followUp = topUp ?? FOLLOW_UP[notification.kind];
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
          {followUp ? (
            <>
              {' · '}
              <a href={followUp.href} className="notification-link" data-testid="notification-follow-up">
                {followUp.label}
              </a>
            </>
          ) : null}
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

/**
 * Unread notifications at the top of the page (low balances, requests decided, signed-off requests
 * changed at the platform); each dismissible.
 */
export function NotificationBanner() {
  const unread = useNotifications((state) => state.unread);
  const error = useNotifications((state) => state.error);
  const dismissAll = useNotifications((state) => state.dismissAll);
  const [showAll, setShowAll] = useState(false);
  const hidden = showAll ? 0 : Math.max(0, unread.length - SHOWN_AT_FIRST);

  useEffect(() => followNotifications(), []);

  return (
    <section className="notification-banner" aria-label="Notifications" data-testid="notification-banner">
      {/* Always in the page, so additions are announced. */}
      <div role="status" aria-live="polite" aria-atomic="false">
        {unread.length === 0 ? null : (
          <>
            <div className="notification-bar">
              <p className="notification-count">
                {unread.length === 1
                  ? '1 unread notification'
                  : `${formatNumber(unread.length)} unread notifications`}
              </p>
              {unread.length > 1 ? (
                <button type="button" className="notification-dismiss" onClick={() => void dismissAll()}>
                  Dismiss all
                </button>
              ) : null}
            </div>
            <ul className="notification-list">
              {unread.slice(0, unread.length - hidden).map((notification) => (
                <NotificationItem key={notification.id} notification={notification} />
              ))}
            </ul>
            {hidden > 0 || showAll ? (
              <button
                type="button"
                className="notification-dismiss notification-more"
                aria-expanded={showAll}
                onClick={() => setShowAll(!showAll)}
              >
                {showAll ? 'Show fewer' : `Show ${hidden} more`}
              </button>
            ) : null}
          </>
        )}
        {error === null ? null : (
          <p className="notification-error">Notifications could not be updated: {error.message}</p>
        )}
      </div>
    </section>
  );
}
