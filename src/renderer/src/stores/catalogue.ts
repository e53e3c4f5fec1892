import { invoke, onEvent } from '../ipc/client';
import { useConnection } from './connection';
import { createCatalogueBrandStore } from './catalogue-brand-store';
import { createCatalogueChangesStore } from './catalogue-changes-store';
import { createCatalogueSearchStore } from './catalogue-search-store';

const client = { invoke };
const REFRESH_MS = 300;

/** The Brands list (see catalogue-search-store.ts). */
export const useCatalogueSearch = createCatalogueSearchStore(client).useSearch;
/** One brand's page (see catalogue-brand-store.ts). */
export const useCatalogueBrand = createCatalogueBrandStore(client).useBrand;
/** The "What changed" log (see catalogue-changes-store.ts). */
export const useCatalogueChanges = createCatalogueChangesStore(client).useChanges;

/** Ask the core directly (face-value checks, template update and preview: one answer each). */
export const catalogueInvoke = invoke;

/**
 * While a Brands view is open: ask again when the ledger changes (a sync brought brands) or the
 * event stream comes back after a drop. Returns the stop.
 */
export function keepCatalogueCurrent(): () => void {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (): void => {
    timer = undefined;
    last = Date.now();
    useCatalogueSearch.getState().refresh();
    useCatalogueChanges.getState().refresh();
    useCatalogueBrand.getState().reload();
  };
  const refresh = (): void => {
    if (timer !== undefined) return;
    timer = setTimeout(run, Math.max(0, last + REFRESH_MS - Date.now()));
  };
  const stopEvents = onEvent('ledger:changed', refresh);
  const stopResume = useConnection.subscribe((state, previous) => {
    if (state.resumed !== previous.resumed) refresh();
  });
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    stopEvents();
    stopResume();
  };
}
