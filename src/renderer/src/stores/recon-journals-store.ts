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
  /** The page's as-of date: the journals are those of the period ending on it. */
  asOf: string | null;
  view: Loadable<JournalPreview>;
  /** Follow the page's as-of date (the journals, once shown, are made again for it). */
  setAsOf(asOf: string): Promise<void>;
  /** Make the journals for the as-of date: on demand, as they read the whole period. */
  show(): Promise<void>;
  /** Make them again if they are shown (after a change of the ledger). */
  reload(): Promise<void>;
}

/**
 * The journals of the period ending on the as-of date, as an export would write them
 * (`journals:preview`). Made only once a person asks for them, then kept current.
 */
export function createReconJournalsStore(client: ReconClient) {
  const tickets = ticketCounter();
  const useJournals = create<ReconJournalsState>()((set, get) => {
    async function load(asOf: string): Promise<void> {
      const ticket = tickets.take();
      set({ view: { status: 'loading', previous: shownValue(get().view) } });
      try {
        const value = await client.invoke('journals:preview', { asOf });
        if (tickets.isLatest(ticket)) set({ view: { status: 'ready', value } });
      } catch (thrown) {
        if (tickets.isLatest(ticket))
          set({ view: { status: 'error', error: toErrorShape(thrown), previous: shownValue(get().view) } });
      }
    }
    return {
      asOf: null,
      view: { status: 'idle' },
      setAsOf(asOf) {
        set({ asOf });
        return get().reload();
      },
      show() {
        const { asOf } = get();
        return asOf === null ? Promise.resolve() : load(asOf);
      },
      reload() {
        const { asOf, view } = get();
        return asOf === null || view.status === 'idle' ? Promise.resolve() : load(asOf);
      },
    };
  });
  return { useJournals };
}
