/**
 * The bank lines and requests one page shows (of items, of suggestions), read by id, with the ids
 * the whole workspace's world would give them (world.ts: qualified where a bank id or a reference
 * repeats), so a page needs a page's worth of the ledger.
 */
import { BankStatementsRepository } from '../ledger/repositories/bank-statements';
import { ReconInputsRepository } from '../ledger/repositories/recon-inputs';
import type { ReconContext } from './context';
import { lineKey, requestKey, worldOf, type ReconWorld } from './world';

export function readPageWorld(
  context: ReconContext,
  lineRows: readonly number[],
  requestRows: readonly number[],
): ReconWorld {
  const { db, workspaceId } = context;
  const statements = new BankStatementsRepository(db);
  const inputs = new ReconInputsRepository(db);
  const lines = statements.linesByIds(workspaceId, [...new Set(lineRows)]);
  const requests = inputs.requestsByIds(workspaceId, [...new Set(requestRows)]);
  const repeatedIds = statements.repeatedBankIds(
    workspaceId,
    lines.map((line) => line.bankTransactionId),
  );
  const repeatedReferences = inputs.repeatedReferences(
    workspaceId,
    requests.map((request) => request.paymentReference),
  );
  return worldOf(
    lines.map((line) => ({ ...line, key: lineKey(line, repeatedIds.has(line.bankTransactionId)) })),
    requests.map((request) => ({
      ...request,
      key: requestKey(request, repeatedReferences.has(request.paymentReference)),
    })),
  );
}
