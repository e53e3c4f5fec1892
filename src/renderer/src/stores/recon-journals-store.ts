import { create } from 'zustand';
import type { JournalConversion } from '@shared/ipc/contract-journals';
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
  /** The books' currency and rates the journals are converted at; null: each in its float's currency. */
  conversion: JournalConversion | null;
  /**
   * The floats' currencies of the period's journals, sorted, as last made (kept while a conversion
   * lacks a rate and the preview shows none).
   */
  currencies: string[];
  /** Follow the page's as-of date (the journals, once shown, are made again for it). */
  setAsOf(asOf: string): Promise<void>;
  /** Make the journals for the as-of date: on demand, as they read the whole period. */
  show(): Promise<void>;
  /** Make them again if they are shown (after a change of the ledger). */
  reload(): Promise<void>;
  /** Convert them (the preview and the export) as given; null: keep each in its float's currency. */
  convert(conversion: JournalConversion | null): Promise<void>;
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
        const { conversion } = get();
        const value = await client.invoke('journals:preview', {
          asOf,
          ...(conversion === null ? {} : { conversion }),
        });
        if (!tickets.isLatest(ticket)) return;
        const currencies = [
          ...new Set(value.journals.map((journal) => journal.convertedFrom ?? journal.currency)),
        ];
        set({
          view: { status: 'ready', value },
          ...(currencies.length > 0 ? { currencies: currencies.sort() } : {}),
        });
      } catch (thrown) {
        if (tickets.isLatest(ticket))
          set({ view: { status: 'error', error: toErrorShape(thrown), previous: shownValue(get().view) } });
      }
    }
    return {
      asOf: null,
      view: { status: 'idle' },
      conversion: null,
      currencies: [],
      setAsOf(asOf) {
        // Another period: its own currencies, and rates a person gives for it.
        if (asOf !== get().asOf) set({ currencies: [], conversion: null });
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
      convert(conversion) {
        set({ conversion });
        return get().reload();
      },
    };
  });
  return { useJournals };
}
