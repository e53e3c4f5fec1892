import type { EventChannel } from '../../../shared/ipc/channels';
import type { ExportFinished } from '../../../shared/ipc/contract-export';
import type { Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import { exportJournals } from '../journals/journal-export';
import { previewJournals } from '../journals/journal-preview';
import { readRatesCsv } from '../journals/rates-csv';
import { mappingFor } from '../journals/mapping-source';
import { reconContext } from '../recon/context';
import type { HandlerRegistry } from '../registry';

/** journals:preview, journals:export and journals:rates.read: a period's reconciliation as journals for the books. */
export function registerJournalHandlers(
  registry: HandlerRegistry,
  deps: {
    db: Ledger;
    workspaceId: number;
    clock: Clock;
    actor: 'user' | 'cli';
    workspaceDir: string;
    emit: (name: EventChannel, payload: unknown) => void;
  },
): void {
  const context = reconContext(deps.db, deps.workspaceId, deps.clock, deps.actor);
  registry.register('journals:preview', (input) =>
    previewJournals(
      context,
      input.asOf,
      mappingFor(deps.db, deps.workspaceId, input.accounts) ?? { rows: [] },
      input.conversion,
    ),
  );
  registry.register('journals:rates.read', (input) => ({ rates: readRatesCsv(input.text, input.currency) }));
  registry.register('journals:export', async (input) => {
    const result = await exportJournals(context, deps.workspaceDir, input);
    // Written to the exports folder: each file is offered for download like any finished export.
    for (const file of result.files) {
      if (file.downloadId === null) continue;
      const finished: ExportFinished = {
        exportId: file.downloadId,
        outcome: 'done',
        rows: file.lines,
        bytes: file.bytes,
        path: file.path,
        fileName: file.fileName,
        error: null,
      };
      deps.emit('export:finished', finished);
    }
    return result;
  });
}
