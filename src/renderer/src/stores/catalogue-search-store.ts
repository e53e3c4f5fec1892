import type { ChannelInput, ChannelOutput } from '@shared/ipc/contract';
import { brandsViewKey, PAGE_SIZE, type BrandsView } from '../features/catalogue/catalogue-query';
import type { CatalogueClient } from './catalogue-client';
import { createViewQueryStore, type ViewQueryState } from './view-query-store';

export type SearchResult = ChannelOutput<'catalogue:search'>;

/**
 * The Brands list: one catalogue:search per view (text, facet filters, sort, page). The last
 * answer stays on screen while the next is on its way, so typing never blanks the list; an answer
 * to an older view is dropped.
 */
export type CatalogueSearchState = ViewQueryState<BrandsView, SearchResult>;

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
  const useSearch = createViewQueryStore(brandsViewKey, (view: BrandsView) =>
    client.invoke('catalogue:search', searchInput(view)),
  );
  return { useSearch };
}
