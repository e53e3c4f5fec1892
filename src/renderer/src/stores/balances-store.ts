import { create } from 'zustand';
import type { BalancePoint, FloatInsight } from '@shared/ipc/contract-floats';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import type { SyncClient } from './sync-store';

/**
 * The Balances screen's one store: every float's latest balance, threshold and runway from one
 * call (`floats:insights`), the histories its charts loaded (`floats:history`), and setting a
 * threshold. Built from the client it is given (stores/balances.ts passes the real one), so it is
 * tested in node with a fake.
 */
export type BalancesView =
  | { status: 'idle' }
  | { status: 'loading' }
  | {
      status: 'ready';
      floats: FloatInsight[];
      /** A reload after a ledger change is running; the figures shown are still the last ones. */
      refreshing: boolean;
      /** The last background reload failed; the figures shown are from before it. */
      refreshError: ErrorShape | null;
    }
  | { status: 'error'; error: ErrorShape };

export type HistoryView =
  | { status: 'loading'; since: string | undefined }
  | { status: 'ready'; since: string | undefined; points: BalancePoint[] }
  | { status: 'error'; since: string | undefined; error: ErrorShape };

export interface BalancesState {
  view: BalancesView;
  /** Per float (key: floatKey), the history its chart asked for. */
  histories: Readonly<Record<string, HistoryView>>;
  /** Load (or reload) the floats; while figures are shown they stay visible during the reload. */
  load(): Promise<void>;
  /** Load unless already loaded or loading (for a page that mounts). */
  ensureLoaded(): void;
  loadHistory(currency: string, name: string, since?: string): Promise<void>;
  /** Save (decimal text) or clear (null) a threshold; rejects with the core's error. */
  setThreshold(currency: string, name: string, threshold: string | null): Promise<FloatInsight>;
}

/** The key of a float's history. */
export const floatKey = (currency: string, name: string): string => `${currency} ${name}`;

export function createBalancesStore(client: SyncClient) {
  let latestRequest = 0;
  const historyRequests = new Map<string, number>();

  const useBalances = create<BalancesState>()((set, get) => ({
    view: { status: 'idle' },
    histories: {},
    async load() {
      const request = ++latestRequest;
      const before = get().view;
      set({
        view: before.status === 'ready' ? { ...before, refreshing: true } : { status: 'loading' },
      });
      try {
        const { floats } = await client.invoke('floats:insights', {});
        if (request === latestRequest)
          set({ view: { status: 'ready', floats, refreshing: false, refreshError: null } });
      } catch (thrown) {
        if (request !== latestRequest) return;
        const error = toErrorShape(thrown);
        const current = get().view;
        set({
          view:
            current.status === 'ready'
              ? { ...current, refreshing: false, refreshError: error }
              : { status: 'error', error },
        });
      }
    },
    ensureLoaded() {
      if (get().view.status === 'idle') void get().load();
    },
    async loadHistory(currency, name, since) {
      const key = floatKey(currency, name);
      const request = (historyRequests.get(key) ?? 0) + 1;
      historyRequests.set(key, request);
      const current = get().histories[key];
      if (current?.status !== 'ready' || current.since !== since)
        set({ histories: { ...get().histories, [key]: { status: 'loading', since } } });
      try {
        const { points } = await client.invoke('floats:history', {
          currency,
          name,
          ...(since ? { since } : {}),
        });
        if (historyRequests.get(key) === request)
          set({ histories: { ...get().histories, [key]: { status: 'ready', since, points } } });
      } catch (thrown) {
        if (historyRequests.get(key) === request && get().histories[key]?.status !== 'ready')
          set({
            histories: { ...get().histories, [key]: { status: 'error', since, error: toErrorShape(thrown) } },
          });
      }
    },
    async setThreshold(currency, name, threshold) {
      const row = await client.invoke('floats:threshold.set', { currency, name, threshold });
      const view = get().view;
      if (view.status === 'ready')
        set({
          view: {
            ...view,
            floats: view.floats.map((float) =>
              float.currency === currency && float.name === name ? row : float,
            ),
          },
        });
      return row;
    },
  }));

  /**
   * The one refresh rule: once loaded, reload when the ledger changes (this core or another
   * process, e.g. a CLI sync), when a running sync moves on from the floats (they are committed
   * before the next dataset starts, so the new balances need not wait for brands and templates),
   * when a sync ends, and when the event stream comes back after a drop (`onResume`: changes may
   * have happened meanwhile). Nothing is loaded before the screen first asked. Returns the stop.
   */
  function keepCurrent(onResume: (reload: () => void) => () => void): () => void {
    const reloadIfLoaded = (): void => {
      if (useBalances.getState().view.status !== 'idle') void useBalances.getState().load();
    };
    // The dataset of the last progress event seen in this run; null between runs.
    let lastDataset: string | null = null;
    const stops = [
      client.onEvent('ledger:changed', reloadIfLoaded),
      client.onEvent('sync:progress', ({ dataset }) => {
        // Moved on from the floats, or joined a run (say the first demo sync) after they were read.
        if (
          dataset !== 'floats' &&
          lastDataset !== dataset &&
          (lastDataset === null || lastDataset === 'floats')
        )
          reloadIfLoaded();
        lastDataset = dataset;
      }),
      client.onEvent('sync:finished', () => {
        lastDataset = null;
        reloadIfLoaded();
      }),
      onResume(reloadIfLoaded),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }

  return { useBalances, keepCurrent };
}
