import { useEffect } from 'react';
import type { AppNotification } from '@shared/ipc/contract-notifications';
import { floatKey, useBalanceInsights } from '../../stores/balance-insights';
import { useBalances } from '../../stores/balances';
import { suggestedTopUp, topUpHref } from '../transfers/transfer-links';
import { lowBalanceFloat } from './low-balance-float';

/** "Request a top-up" for a low-balance notice: the form prefilled with what reaches the threshold. */
export function useLowBalanceTopUp(notification: AppNotification): { href: string; label: string } | null {
  const float = lowBalanceFloat(notification);
  const key = float ? floatKey(float.currency, float.name) : null;
  const insight = useBalanceInsights((state) =>
    key !== null && state.insights.status === 'ready' ? state.insights.byFloat[key] : undefined,
  );
  const balance = useBalances((state) =>
    key !== null && state.view.status === 'ready'
      ? state.view.floats.find((f) => floatKey(f.currency, f.name) === key)
      : undefined,
  );
  const needsInsights = key !== null && insight === undefined;
  useEffect(() => {
    if (!needsInsights) return;
    useBalances.getState().ensureLoaded();
    void useBalanceInsights.getState().loadInsights();
  }, [needsInsights]);
  if (float === null) return null;
  const amount = suggestedTopUp(balance?.available ?? null, insight?.threshold ?? null);
  return { href: topUpHref(float, amount), label: 'Request a top-up' };
}
