import { create } from 'zustand';
import type { BalancePoint, FloatInsight } from '@shared/ipc/contract-floats';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import { invoke, onEvent } from '../ipc/client';

/** Per float: threshold, below-threshold flag and runway (floats:insights), and loaded histories. */
export const floatKey = (currency: string, name: string): string => `${currency} ${name}`;

export type InsightsView =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; byFloat: Readonly<Record<string, FloatInsight>> }
  | { status: 'error'; error: ErrorShape };

export type HistoryView =
  | { status: 'loading'; since: string | undefined }
  | { status: 'ready'; since: string | undefined; points: BalancePoint[] }
  | { status: 'error'; since: string | undefined; error: ErrorShape };

interface InsightsStore {
  insights: InsightsView;
  histories: Readonly<Record<string, HistoryView>>;
  loadInsights(): Promise<void>;
  loadHistory(currency: string, name: string, since?: string): Promise<void>;
  /** Save (decimal text) or clear (null) a threshold; rejects with the core's error. */
  setThreshold(currency: string, name: string, threshold: string | null): Promise<FloatInsight>;
}

let insightsRequest = 0;
const historyRequests = new Map<string, number>();

const byFloat = (floats: readonly FloatInsight[]): Record<string, FloatInsight> =>
  Object.fromEntries(floats.map((insight) => [floatKey(insight.currency, insight.name), insight]));

export const useBalanceInsights = create<InsightsStore>()((set, get) => ({
  insights: { status: 'idle' },
  histories: {},
  async loadInsights() {
    const request = ++insightsRequest;
    if (get().insights.status !== 'ready') set({ insights: { status: 'loading' } });
    try {
      const { floats } = await invoke('floats:insights', {});
      if (request === insightsRequest) set({ insights: { status: 'ready', byFloat: byFloat(floats) } });
    } catch (thrown) {
      // Figures already shown stay; a first load that fails says so.
      if (request === insightsRequest && get().insights.status !== 'ready')
        set({ insights: { status: 'error', error: toErrorShape(thrown) } });
    }
  },
  async loadHistory(currency, name, since) {
    const key = floatKey(currency, name);
    const request = (historyRequests.get(key) ?? 0) + 1;
    historyRequests.set(key, request);
    const current = get().histories[key];
    if (current?.status !== 'ready' || current.since !== since)
      set({ histories: { ...get().histories, [key]: { status: 'loading', since } } });
    try {
      const { points } = await invoke('floats:history', { currency, name, ...(since ? { since } : {}) });
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
    const insight = await invoke('floats:threshold.set', { currency, name, threshold });
    const insights = get().insights;
    const base = insights.status === 'ready' ? insights.byFloat : {};
    set({ insights: { status: 'ready', byFloat: { ...base, [floatKey(currency, name)]: insight } } });
    return insight;
  },
}));

/**
 * Reload the insights when the ledger changes or a sync ends; returns the stop. (Histories reload
 * by themselves when their float's latest balance changes: see FloatHistoryCard.)
 */
export function keepInsightsCurrent(): () => void {
  const reload = (): void => void useBalanceInsights.getState().loadInsights();
  const stops = [onEvent('ledger:changed', reload), onEvent('sync:finished', reload)];
  return () => stops.forEach((stop) => stop());
}
