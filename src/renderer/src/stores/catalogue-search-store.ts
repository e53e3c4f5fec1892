import { create } from 'zustand';
import type { ChannelInput, ChannelOutput } from '@shared/ipc/contract';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import { brandsViewKey, PAGE_SIZE, type BrandsView } from '../features/catalogue/catalogue-query';
import type { CatalogueClient } from './catalogue-client';

export type SearchResult = ChannelOutput<'catalogue:search'>;

/**
 * The Brands list: one catalogue:search per view (text, facet filters, sort, page). The last
 * answer stays on screen while the next is on its way, so typing never blanks the list; an answer
 * to an older view is dropped.
 */
export interface CatalogueSearchState {
  /** The view asked for last. */
  key: string | null;
  /** The view the result answers. */
  shownKey: string | null;
  result: SearchResult | null;
  error: ErrorShape | null;
  loading: boolean;
  setView(view: BrandsView): void;
  /** Ask again for the current view (ledger changed, Retry). */
  refresh(): void;
}

export function searchInput(view: BrandsView): ChannelInput<'catalogue:search'> {
  const input: ChannelInput<'catalogue:search'> = {
    filters: view.filters,
    offset: view.page * PAGE_SIZE,
    limit: PAGE_SIZE,
  };
  if (view.text) input.text = view.text;
  if (view.sort) {
    input.sort = view.sort.column;
    input.direction = view.sort.direction;
  }
  return input;
}

export function createCatalogueSearchStore(client: CatalogueClient) {
  let current: BrandsView | null = null;
  let request = 0;
  const useSearch = create<CatalogueSearchState>()((set, get) => {
    const run = (view: BrandsView, key: string): void => {
      const mine = ++request;
      set({ loading: true });
      client.invoke('catalogue:search', searchInput(view)).then(
        (result) => {
          if (mine === request) set({ result, shownKey: key, error: null, loading: false });
        },
        (thrown: unknown) => {
          if (mine === request) set({ error: toErrorShape(thrown), shownKey: key, loading: false });
        },
      );
    };
    return {
      key: null,
      shownKey: null,
      result: null,
      error: null,
      loading: false,
      setView(view) {
        const key = brandsViewKey(view);
        current = view;
        if (key === get().key) return;
        set({ key });
        run(view, key);
      },
      refresh() {
        const key = get().key;
        if (current && key) run(current, key);
      },
    };
  });
  return { useSearch };
}
