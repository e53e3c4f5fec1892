import { invoke, onEvent } from '../ipc/client';
import { keepPageCurrent } from './keep-current';
import { createCatalogueBrandStore } from './catalogue-brand-store';
import { createCatalogueChangesStore } from './catalogue-changes-store';
import { createCatalogueSearchStore } from './catalogue-search-store';

const client = { invoke };

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
  return keepPageCurrent({ onEvent }, () => {
    useCatalogueSearch.getState().refresh();
    useCatalogueChanges.getState().refresh();
    useCatalogueBrand.getState().reload();
  });
}
