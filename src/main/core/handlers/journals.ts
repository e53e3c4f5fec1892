import type { Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import { exportJournals } from '../journals/journal-export';
import { previewJournals } from '../journals/journal-preview';
import { mappingFor } from '../journals/mapping-source';
import { reconContext } from '../reconcile/context';
import type { HandlerRegistry } from '../registry';

/** journals:preview and journals:export: a period's reconciliation as journals for the books. */
export function registerJournalHandlers(
  registry: HandlerRegistry,
  deps: { db: Ledger; workspaceId: number; clock: Clock; actor: 'user' | 'cli'; workspaceDir: string },
): void {
  const context = reconContext(deps.db, deps.workspaceId, deps.clock, deps.actor);
  registry.register('journals:preview', (input) =>
    previewJournals(context, input.asOf, mappingFor(input.accounts) ?? { rows: [] }),
  );
  registry.register('journals:export', (input) => exportJournals(context, deps.workspaceDir, input));
}
