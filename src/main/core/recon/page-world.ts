/**
 * The bank lines and requests one page shows (of items, of suggestions), read by id, with the ids
 * the whole workspace's world would give them (world.ts: qualified where a bank id or a reference
 * repeats), so a page needs a page's worth of the ledger.
 */
import { BankStatementsRepository } from '../ledger/repositories/bank-statements';
import { ReconInputsRepository, type ReconRequestRow } from '../ledger/repositories/recon-inputs';
import type { StoredBankLine } from '../ledger/repositories/bank-line-reads';
import type { ReconContext } from './context';
import { lineKey, requestKey, worldOf, type ReconWorld } from './world';

export function readPageWorld(
  context: ReconContext,
  lineRows: readonly number[],
  requestRows: readonly number[],
): ReconWorld {
  const { db, workspaceId } = context;
  return keyedWorld(
    context,
    new BankStatementsRepository(db).linesByIds(workspaceId, [...new Set(lineRows)]),
    new ReconInputsRepository(db).requestsByIds(workspaceId, [...new Set(requestRows)]),
  );
}

/** A world of these rows (each once), with the ids the whole workspace's world would give them. */
export function keyedWorld(
  context: ReconContext,
  lines: readonly StoredBankLine[],
  requests: readonly ReconRequestRow[],
): ReconWorld {
  const { db, workspaceId } = context;
  const statements = new BankStatementsRepository(db);
  const inputs = new ReconInputsRepository(db);
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

/** The texts an id could have been made from: itself, and what comes before each '@' (world.ts). */
function idBases(ids: readonly string[]): string[] {
  const bases = new Set<string>();
  for (const id of ids) {
    bases.add(id);
    for (let at = id.indexOf('@'); at > 0; at = id.indexOf('@', at + 1)) bases.add(id.slice(0, at));
  }
  return [...bases];
}

/**
 * The items a person names by id (a bank line by its id, a request by its reference, qualified or
 * not), read with every row that could carry such an id, so an id names here exactly the row the
 * whole workspace's world would give it — or none.
 */
export function readNamedWorld(
  context: ReconContext,
  named: { lineIds: readonly string[]; requestReferences: readonly string[] },
): ReconWorld {
  const { db, workspaceId } = context;
  return readPageWorld(
    context,
    new BankStatementsRepository(db).lineRowsByBankIds(workspaceId, idBases(named.lineIds)),
    new ReconInputsRepository(db).requestRowsByReferences(workspaceId, idBases(named.requestReferences)),
  );
}
