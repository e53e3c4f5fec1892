import { invoke, onEvent } from '../ipc/client';
import type { ReconClient } from './recon-client';
import { keepPageCurrent } from './keep-current';
import { createReconStores } from './recon-stores';

/** The typed client: it validates every answer against contract-recon.ts's schemas. */
const client: ReconClient = { invoke, onEvent };

const stores = createReconStores(client);

export const useReconDecisions = stores.useDecisions;
export const useReconOverview = stores.useOverview;
export const useReconImport = stores.useImport;
export const useReconItems = stores.useItems;
export const useReconSuggestions = stores.useSuggestions;
export const useReconRollforward = stores.useRollforward;
export const useReconJournals = stores.useJournals;
export const useReconPeriod = stores.usePeriod;

/** After Settings → Reconciliation changed: what the Reconciliation screen showed is read again. */
export function refreshRecon(): Promise<void> {
  return stores.refreshAll();
}

/**
 * While the Reconciliation page is open: follow ledger changes and the event stream's return, at
 * most every half second (a refresh reloads every view of the screen).
 */
export function keepReconCurrent(): () => void {
  return keepPageCurrent(client, () => void stores.refreshAll(), 500);
}
