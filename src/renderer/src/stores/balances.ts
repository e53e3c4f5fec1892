import { create } from 'zustand';
import type { FloatBalance } from '@shared/domain/floats';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import { invoke, onEvent } from '../ipc/client';
import { useConnection } from './connection';

/** The floats and their latest balances (`floats:list`), kept current by `ledger:changed`. */
export type BalancesView =
  | { status: 'idle' }
  | { status: 'loading' }
  | {
      status: 'ready';
      floats: FloatBalance[];
      /** A reload after a ledger change is running; the figures shown are still the last ones. */
      refreshing: boolean;
      /** The last background reload failed; the figures shown are from before it. */
      refreshError: ErrorShape | null;
    }
  | { status: 'error'; error: ErrorShape };

interface BalancesStore {
  view: BalancesView;
  /** Load (or reload) the list; while figures are shown they stay visible during the reload. */
  load(): Promise<void>;
  /** Load unless already loaded or loading (for a page that mounts). */
  ensureLoaded(): void;
}

let latestRequest = 0;

export const useBalances = create<BalancesStore>()((set, get) => ({
  view: { status: 'idle' },
  async load() {
    const request = ++latestRequest;
    const before = get().view;
    set({
      view: before.status === 'ready' ? { ...before, refreshing: true } : { status: 'loading' },
    });
    try {
      const { floats } = await invoke('floats:list', {});
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
}));

/**
 * Reload when the ledger changes (this core or another process, e.g. a CLI sync), when a running
 * sync moves on from the floats (they are committed before the next dataset starts, so the new
 * balances need not wait for brands and templates), and when the event stream comes back after a
 * drop (changes may have happened meanwhile). Nothing is reloaded before the list was first asked
 * for. Call once, after the bridge is connected.
 */
export function keepBalancesCurrent(): () => void {
  const reloadIfLoaded = (): void => {
    if (useBalances.getState().view.status !== 'idle') void useBalances.getState().load();
  };
  const stopEvents = onEvent('ledger:changed', reloadIfLoaded);
  // The dataset of the last progress event seen in this run; null between runs.
  let lastDataset: string | null = null;
  const stopProgress = onEvent('sync:progress', ({ dataset }) => {
    // Moved on from the floats, or joined a run (say the first demo sync) after they were read.
    if (dataset !== 'floats' && lastDataset !== dataset && (lastDataset === null || lastDataset === 'floats'))
      reloadIfLoaded();
    lastDataset = dataset;
  });
  const stopFinished = onEvent('sync:finished', () => {
    lastDataset = null;
  });
  const stopResume = useConnection.subscribe((state, previous) => {
    if (state.resumed !== previous.resumed) reloadIfLoaded();
  });
  return () => {
    stopEvents();
    stopProgress();
    stopFinished();
    stopResume();
  };
}
