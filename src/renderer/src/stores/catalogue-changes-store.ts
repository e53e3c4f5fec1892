import { create } from 'zustand';
import type { ChannelInput, ChannelOutput } from '@shared/ipc/contract';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import { CHANGES_PAGE_SIZE, changesViewKey, type ChangesView } from '../features/catalogue/catalogue-query';
import type { CatalogueClient } from './catalogue-client';

export type ChangesResult = ChannelOutput<'catalogue:changes'>;

/** The "What changed" log: one catalogue:changes per view (dates, kinds, page); older answers dropped. */
export interface CatalogueChangesState {
  key: string | null;
  shownKey: string | null;
  result: ChangesResult | null;
  error: ErrorShape | null;
  setView(view: ChangesView): void;
  refresh(): void;
}

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
  let current: ChangesView | null = null;
  let request = 0;
  const useChanges = create<CatalogueChangesState>()((set, get) => {
    const run = (view: ChangesView, key: string): void => {
      const mine = ++request;
      client.invoke('catalogue:changes', changesInput(view)).then(
        (result) => {
          if (mine === request) set({ result, shownKey: key, error: null });
        },
        (thrown: unknown) => {
          if (mine === request) set({ error: toErrorShape(thrown), shownKey: key });
        },
      );
    };
    return {
      key: null,
      shownKey: null,
      result: null,
      error: null,
      setView(view) {
        const key = changesViewKey(view);
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
  return { useChanges };
}
