import type { AppNotification } from '@shared/ipc/contract-notifications';
import type { FloatRef } from '../transfers/transfer-links';

/**
 * The float a low-balance notice is about. The core writes its title as "Low balance: GBP Main"
 * (core/notifications/messages.ts, lowBalanceText); a unit test holds the two together.
 */
export function lowBalanceFloat(notification: Pick<AppNotification, 'kind' | 'title'>): FloatRef | null {
  if (notification.kind !== 'low_balance') return null;
  const match = /^Low balance: ([A-Z]{3}) (.+)$/.exec(notification.title);
  return match ? { currency: match[1] as string, name: match[2] as string } : null;
}
