import type {
  PlatformBankDetails,
  SavedPlatformBankDetails,
} from '../../../shared/ipc/contract-bank-details';
import { isoNow, type Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import { PlatformBankDetailsRepository } from '../ledger/repositories/platform-bank-details';
import type { HandlerRegistry } from '../registry';

/** settings:bank-details.get / .set: the platform's bank details of this workspace. */
export function registerBankDetailsHandlers(
  registry: HandlerRegistry,
  deps: { db: Ledger; workspaceId: number; clock: Clock },
): void {
  const repo = new PlatformBankDetailsRepository(deps.db);
  const read = (): { details: SavedPlatformBankDetails } => ({
    details: repo.get(deps.workspaceId) ?? null,
  });
  registry.register('settings:bank-details.get', read);
  registry.register('settings:bank-details.set', (input: PlatformBankDetails) => {
    // Kept as typed but without surrounding spaces: they would be copied into a bank's form.
    repo.put(deps.workspaceId, {
      payeeName: input.payeeName.trim(),
      account: input.account.trim(),
      bankCode: input.bankCode.trim(),
      bankName: input.bankName.trim(),
      note: input.note.trim(),
      updatedAt: isoNow(deps.clock),
    });
    return read();
  });
}
