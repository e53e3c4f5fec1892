import { isoNow, type Clock } from '../clock';
import { exportMapping, importMapping, readMapping, saveMapping } from '../journals/mapping-store';
import type { Ledger } from '../ledger/db';
import { reconContext } from '../recon/context';
import type { HandlerRegistry } from '../registry';

/** journals:mapping.*: Settings → Accounting, the accounts each float's journals go to. */
export function registerJournalMappingHandlers(
  registry: HandlerRegistry,
  deps: { db: Ledger; workspaceId: number; clock: Clock; actor: 'user' | 'cli' },
): void {
  const context = reconContext(deps.db, deps.workspaceId, deps.clock, deps.actor);
  registry.register('journals:mapping.get', () => readMapping(deps.db, deps.workspaceId));
  registry.register('journals:mapping.save', (input) =>
    saveMapping(context, input.rows, input.booksCurrency),
  );
  registry.register('journals:mapping.import', (input) => importMapping(context, input.text));
  registry.register('journals:mapping.export', () =>
    exportMapping(deps.db, deps.workspaceId, isoNow(deps.clock).slice(0, 10)),
  );
}
