import { openLedger } from '../../src/main/core/ledger/db';
import { FloatsRepository, type BalanceObservation } from '../../src/main/core/ledger/repositories/floats';
import { WorkspacesRepository } from '../../src/main/core/ledger/repositories/workspaces';

/**
 * Write balance snapshots into an existing (already migrated) ledger from another connection, the
 * way a CLI sync running beside the app would.
 */
export function recordBalances(
  ledgerPath: string,
  observations: BalanceObservation[],
  recordedAt: string,
): void {
  const db = openLedger(ledgerPath);
  try {
    const workspace = new WorkspacesRepository(db).first();
    if (!workspace) throw new Error(`No workspace in ${ledgerPath}: let FloatDesk open it first.`);
    new FloatsRepository(db).recordSnapshots(workspace.id, observations, recordedAt);
  } finally {
    db.close();
  }
}
