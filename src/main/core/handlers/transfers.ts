import type { EventChannel } from '../../../shared/ipc/channels';
import { AppError } from '../../../shared/ipc/errors';
import type { Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import { SettingsRepository } from '../ledger/repositories/settings';
import { TransferDraftsRepository } from '../ledger/repositories/transfer-drafts';
import { TransferListRepository } from '../ledger/repositories/transfer-list';
import type { PlatformClient } from '../platform/client';
import type { HandlerRegistry } from '../registry';
import { transferDetail } from '../transfers/detail';
import { TransferDrafts } from '../transfers/drafts';
import { ListValuesUpkeep, listTransfers, transferOptions } from '../transfers/list';
import { accountName } from '../transfers/sender';
import { submitTransferRequest } from '../transfers/submit';

export interface TransferHandlerDeps {
  db: Ledger;
  workspaceId: number;
  clock: Clock;
  emit: (name: EventChannel, payload: unknown) => void;
  /** The workspace's connected platform client (the sync service's). */
  client: () => Promise<PlatformClient>;
}

export function registerTransferHandlers(registry: HandlerRegistry, deps: TransferHandlerDeps): void {
  const { db, workspaceId } = deps;
  const list = new TransferListRepository(db);
  const upkeep = new ListValuesUpkeep(list, () => db.open);
  const drafts = new TransferDrafts(new TransferDraftsRepository(db), workspaceId, deps.clock);

  registry.register('transfers:list', (input) => listTransfers(upkeep, workspaceId, input));
  registry.register('transfers:options', () => transferOptions(list, workspaceId));
  registry.register('transfers:detail', ({ id }) => transferDetail(list, workspaceId, id));
  // One submission at a time: a second click (or a second window) while the first is still out would
  // register a second top-up under a newly generated reference.
  let sending = false;
  registry.register('transfers:submit', async (input) => {
    if (sending) {
      throw new AppError(
        'ledger_busy',
        'A transfer request is being sent already. Wait for its outcome before sending another; nothing was sent this time.',
        { outcome: 'not_sent' },
      );
    }
    sending = true;
    try {
      // Who sent it: the person's name from Settings, else this computer's account name.
      const sender = (): string | null =>
        new SettingsRepository(db).get(workspaceId)?.signerName ?? accountName();
      return await submitTransferRequest({ ...deps, drafts, sender }, input);
    } finally {
      sending = false;
    }
  });
  registry.register('transfers:drafts.list', () => ({ drafts: drafts.list() }));
  registry.register('transfers:drafts.save', ({ id, form, reason }) => drafts.save(form, { id, reason }));
  registry.register('transfers:drafts.delete', ({ id }) => ({ deleted: drafts.delete(id) }));
}
