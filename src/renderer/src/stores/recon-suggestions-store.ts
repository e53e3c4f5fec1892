import { create } from 'zustand';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import { shownValue, ticketCounter, type Loadable, type ReconClient, type Suggestion } from './recon-client';
import type { ReconDecisionsState } from './recon-decisions-store';
import { lineWords } from '../features/reconciliation/line-words';

/** Suggestions shown at first, and added by each "Show more". */
export const SUGGESTION_PAGE = 25;

export interface ReconSuggestionsState {
  /** The suggestions shown: the first pages of the queue. */
  view: Loadable<Suggestion[]>;
  /** How many suggestions wait in all (null until first loaded). */
  total: number | null;
  /** The next page is on its way. */
  loadingMore: boolean;
  /** The suggestion a confirmation or rejection is on its way for. */
  busyKey: string | null;
  /** The last confirmation or rejection that failed, shown on its suggestion. */
  failure: { key: string; error: ErrorShape } | null;
  reload(): Promise<void>;
  /** Shows the next page of the queue. */
  showMore(): Promise<void>;
  confirm(key: string, option: number): Promise<void>;
  reject(key: string): Promise<void>;
}

/** "bank line of 2 Oct 2026 for −£300.00 with request RF18…" for announcements. */
export function optionWords(option: Suggestion['options'][number]): string {
  const lines =
    option.lines !== undefined && option.lines.length === option.lineIds.length
      ? option.lines.map(lineWords).join(' and ')
      : `${option.lineIds.length === 1 ? 'bank line' : 'bank lines'} ${option.lineIds.join(', ')}`;
  const requests = `${option.requestReferences.length === 1 ? 'request' : 'requests'} ${option.requestReferences.join(', ')}`;
  return `${lines} with ${requests}`;
}

/** The suggestion queue (`recon:suggestions`): confirm one option, or reject the suggestion. */
export function createReconSuggestionsStore(
  client: ReconClient,
  deps: { decisions: () => ReconDecisionsState; changed: () => void },
) {
  const tickets = ticketCounter();
  const useSuggestions = create<ReconSuggestionsState>()((set, get) => {
    async function load(): Promise<void> {
      const ticket = tickets.take();
      set({ view: { status: 'loading', previous: shownValue(get().view) } });
      // As many as the person sees now, so a reload after a decision keeps their place.
      const limit = Math.min(500, Math.max(SUGGESTION_PAGE, shownValue(get().view)?.length ?? 0));
      try {
        const { suggestions, total } = await client.invoke('recon:suggestions', { limit });
        if (tickets.isLatest(ticket)) set({ view: { status: 'ready', value: suggestions }, total });
      } catch (thrown) {
        if (tickets.isLatest(ticket))
          set({ view: { status: 'error', error: toErrorShape(thrown), previous: shownValue(get().view) } });
      }
    }
    async function decide(
      key: string,
      send: () => Promise<{ decisionId: number; auditSeq: number }>,
      describe: (suggestion: Suggestion | undefined) => { text: string; ids: string[] },
    ): Promise<void> {
      if (get().busyKey !== null) return;
      const suggestion = shownValue(get().view)?.find((candidate) => candidate.key === key);
      set({ busyKey: key, failure: null });
      try {
        const decision = await send();
        const { text, ids } = describe(suggestion);
        // Gone from the queue at once; the reload that follows confirms it.
        const shown = shownValue(get().view) ?? [];
        const remaining = shown.filter((candidate) => candidate.key !== key);
        const total = get().total;
        set({
          busyKey: null,
          view: { status: 'ready', value: remaining },
          total: total === null ? null : total - (shown.length - remaining.length),
        });
        deps.decisions().record(decision, text, ids);
        deps.changed();
      } catch (thrown) {
        set({ busyKey: null, failure: { key, error: toErrorShape(thrown) } });
      }
    }
    return {
      view: { status: 'idle' },
      total: null,
      loadingMore: false,
      busyKey: null,
      failure: null,
      reload: load,
      async showMore() {
        const shown = shownValue(get().view);
        if (shown === null || get().loadingMore) return;
        const ticket = tickets.take();
        set({ loadingMore: true });
        try {
          const page = await client.invoke('recon:suggestions', {
            offset: shown.length,
            limit: SUGGESTION_PAGE,
          });
          if (!tickets.isLatest(ticket)) return;
          const known = new Set(shown.map((suggestion) => suggestion.key));
          const added = page.suggestions.filter((suggestion) => !known.has(suggestion.key));
          set({ view: { status: 'ready', value: [...shown, ...added] }, total: page.total });
        } catch (thrown) {
          if (tickets.isLatest(ticket))
            set({ view: { status: 'error', error: toErrorShape(thrown), previous: shown } });
        } finally {
          set({ loadingMore: false });
        }
      },
      confirm(key, option) {
        return decide(
          key,
          () => client.invoke('recon:match.confirm', { key, option }),
          (suggestion) => {
            const chosen = suggestion?.options[option];
            return chosen
              ? {
                  text: `Confirmed the match of ${optionWords(chosen)}`,
                  ids: [...chosen.lineIds, ...chosen.requestReferences],
                }
              : { text: 'Confirmed the suggested match', ids: [] };
          },
        );
      },
      reject(key) {
        return decide(
          key,
          () => client.invoke('recon:match.reject', { key }),
          (suggestion) => ({
            text: 'Rejected a suggestion: its options will not be proposed again',
            ids: suggestion
              ? [...new Set(suggestion.options.flatMap((o) => [...o.lineIds, ...o.requestReferences]))]
              : [],
          }),
        );
      },
    };
  });
  return { useSuggestions };
}
