import { useEffect } from 'react';
import type { AppNotification } from '@shared/ipc/contract-notifications';
import { useBalances } from '../../stores/balances';
import { suggestedTopUp, topUpHref } from '../transfers/transfer-links';
import { lowBalanceFloat } from './low-balance-float';

/** "Request a top-up" for a low-balance notice: the form prefilled with what reaches the threshold. */
export function useLowBalanceTopUp(notification: AppNotification): { href: string; label: string } | null {
  const float = lowBalanceFloat(notification);
  const row = useBalances((state) =>
    float !== null && state.view.status === 'ready'
      ? state.view.floats.find((f) => f.currency === float.currency && f.name === float.name)
      : undefined,
  );
  // Not loaded yet, or a float the loaded list lacks (new since): ask once more.
  const needsRow = float !== null && row === undefined;
  useEffect(() => {
    if (needsRow && useBalances.getState().view.status !== 'loading') void useBalances.getState().load();
  }, [needsRow]);
  if (float === null) return null;
  const amount = suggestedTopUp(row?.available ?? null, row?.threshold ?? null);
  return { href: topUpHref(float, amount), label: 'Request a top-up' };
}
