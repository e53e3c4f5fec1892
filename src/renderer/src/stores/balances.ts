import { invoke, onEvent } from '../ipc/client';
import { createBalancesStore } from './balances-store';
import { useEventStream } from './event-stream';

export { floatKey, type BalancesView, type HistoryView } from './balances-store';

const store = createBalancesStore({ invoke, onEvent });

/** Every float's latest balance, threshold and runway, and the histories (see balances-store.ts). */
export const useBalances = store.useBalances;

/**
 * Keep the balances current by the store's one refresh rule, the event stream's return included.
 * Call once, after the bridge is connected.
 */
export function keepBalancesCurrent(): () => void {
  return store.keepCurrent((reload) =>
    useEventStream.subscribe((state, previous) => {
      if (state.resumed !== previous.resumed) reload();
    }),
  );
}
