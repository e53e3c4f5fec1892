import { create } from 'zustand';
import { toErrorShape } from '@shared/ipc/errors';
import {
  shownValue,
  ticketCounter,
  type JournalPreview,
  type Loadable,
  type ReconClient,
} from './recon-client';

export interface ReconJournalsState {
  /** The as-of date shown (or being loaded); null before the first load. */
  asOf: string | null;
  view: Loadable<JournalPreview>;
  load(asOf: string): Promise<void>;
  reload(): Promise<void>;
}

/** The journals of the period ending on the as-of date, as an export would write them (`journals:preview`). */
export function createReconJournalsStore(client: ReconClient) {
  const tickets = ticketCounter();
  const useJournals = create<ReconJournalsState>()((set, get) => ({
    asOf: null,
    view: { status: 'idle' },
    async load(asOf) {
      const ticket = tickets.take();
      set({ asOf, view: { status: 'loading', previous: shownValue(get().view) } });
      try {
        const value = await client.invoke('journals:preview', { asOf });
        if (tickets.isLatest(ticket)) set({ view: { status: 'ready', value } });
      } catch (thrown) {
        if (tickets.isLatest(ticket))
          set({ view: { status: 'error', error: toErrorShape(thrown), previous: shownValue(get().view) } });
      }
    },
    reload() {
      const { asOf } = get();
      return asOf === null ? Promise.resolve() : get().load(asOf);
    },
  }));
  return { useJournals };
}
