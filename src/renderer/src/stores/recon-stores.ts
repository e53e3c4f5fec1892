import type { ReconClient } from './recon-client';
import { createReconDecisionsStore } from './recon-decisions-store';
import { createReconImportStore } from './recon-import-store';
import { createReconItemsStore } from './recon-items-store';
import { createReconJournalsStore } from './recon-journals-store';
import { createReconOverviewStore } from './recon-overview-store';
import { createReconPeriodStore } from './recon-signoff-store';
import { createReconRollforwardStore } from './recon-rollforward-store';
import { createReconSuggestionsStore } from './recon-suggestions-store';

/**
 * Every store of the Reconciliation screen, built on one client and wired together: an import, a
 * run, a decision, a sign-off or an unlock changes the summary, the open items, the suggestion queue,
 * the roll-forward, the journals and the sign-offs, so each of those reloads after it.
 */
export function createReconStores(client: ReconClient) {
  const changed = (): void => void refreshAll();
  const { useDecisions } = createReconDecisionsStore(client, changed);
  // A run answers with its own summary: the rest follows it.
  const { useOverview } = createReconOverviewStore(client, () => void refreshAll({ summary: false }));
  const { useImport } = createReconImportStore(client, changed);
  const { useItems } = createReconItemsStore(client, {
    decisions: () => useDecisions.getState(),
    changed,
  });
  const { useSuggestions } = createReconSuggestionsStore(client, {
    decisions: () => useDecisions.getState(),
    changed,
  });
  const { useRollforward } = createReconRollforwardStore(client);
  const { useJournals } = createReconJournalsStore(client);
  const { usePeriod } = createReconPeriodStore(client, {
    decisions: () => useDecisions.getState(),
    changed,
  });

  /** Reload what is on screen (anything never loaded stays unloaded). */
  async function refreshAll(options: { summary?: boolean } = {}): Promise<void> {
    const loaded = <T extends { status: string }>(view: T): boolean => view.status !== 'idle';
    await Promise.all([
      options.summary !== false && loaded(useOverview.getState().summary)
        ? useOverview.getState().reload()
        : undefined,
      loaded(useItems.getState().view) ? useItems.getState().reload() : undefined,
      loaded(useSuggestions.getState().view) ? useSuggestions.getState().reload() : undefined,
      useRollforward.getState().reload(),
      useJournals.getState().reload(),
      loaded(usePeriod.getState().signOffs) ? usePeriod.getState().reload() : undefined,
    ]);
  }

  return {
    useDecisions,
    useOverview,
    useImport,
    useItems,
    useSuggestions,
    useRollforward,
    useJournals,
    usePeriod,
    refreshAll,
  };
}

export type ReconStores = ReturnType<typeof createReconStores>;
