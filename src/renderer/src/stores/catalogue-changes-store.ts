import type { ChannelInput, ChannelOutput } from '@shared/ipc/contract';
import { CHANGES_PAGE_SIZE, changesViewKey, type ChangesView } from '../features/catalogue/catalogue-query';
import type { CatalogueClient } from './catalogue-client';
import { createViewQueryStore, type ViewQueryState } from './view-query-store';

export type ChangesResult = ChannelOutput<'catalogue:changes'>;

/** The "What changed" log: one catalogue:changes per view (dates, kinds, page); older answers dropped. */
export type CatalogueChangesState = ViewQueryState<ChangesView, ChangesResult>;

export function changesInput(view: ChangesView): ChannelInput<'catalogue:changes'> {
  const input: ChannelInput<'catalogue:changes'> = {
    offset: view.page * CHANGES_PAGE_SIZE,
    limit: CHANGES_PAGE_SIZE,
  };
  if (view.from) input.from = view.from;
  if (view.to) input.to = view.to;
  if (view.kinds.length > 0) input.kinds = view.kinds;
  return input;
}

export function createCatalogueChangesStore(client: CatalogueClient) {
  const useChanges = createViewQueryStore(changesViewKey, (view: ChangesView) =>
    client.invoke('catalogue:changes', changesInput(view)),
  );
  return { useChanges };
}
