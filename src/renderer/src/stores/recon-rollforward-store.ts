import { create } from 'zustand';
import { toErrorShape } from '@shared/ipc/errors';
import { shownValue, ticketCounter, type Loadable, type ReconClient, type Rollforward } from './recon-client';

export interface RollforwardPeriod {
  from: string;
  to: string;
}

export interface ReconRollforwardState {
  /** The period shown (or being loaded); null before the first load. */
  period: RollforwardPeriod | null;
  view: Loadable<Rollforward>;
  load(period: RollforwardPeriod): Promise<void>;
  reload(): Promise<void>;
}

/** The float roll-forward per currency over a period (`recon:rollforward`). */
export function createReconRollforwardStore(client: ReconClient) {
  const tickets = ticketCounter();
  const useRollforward = create<ReconRollforwardState>()((set, get) => ({
    period: null,
    view: { status: 'idle' },
    async load(period) {
      const ticket = tickets.take();
      set({ period, view: { status: 'loading', previous: shownValue(get().view) } });
      try {
        const value = await client.invoke('recon:rollforward', { from: period.from, to: period.to });
        if (tickets.isLatest(ticket)) set({ view: { status: 'ready', value } });
      } catch (thrown) {
        if (tickets.isLatest(ticket))
          set({ view: { status: 'error', error: toErrorShape(thrown), previous: shownValue(get().view) } });
      }
    },
    reload() {
      const { period } = get();
      return period === null ? Promise.resolve() : get().load(period);
    },
  }));
  return { useRollforward };
}
