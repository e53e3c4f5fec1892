/**
 * A ledger file holding bench/reconcile's data as an import and a sync store them: the requests
 * through TransfersRepository, the bank lines as one statement. For the benchmarks of the
 * reconciliation service and of what is built on it (journals).
 */
import { openLedger } from '../../src/main/core/ledger/db';
import { migrate } from '../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import { BankStatementsRepository } from '../../src/main/core/ledger/repositories/bank-statements';
import { TransfersRepository } from '../../src/main/core/ledger/repositories/transfers';
import { WorkspacesRepository } from '../../src/main/core/ledger/repositories/workspaces';
import { reconcileData } from './data';

export const SEED_DATA = 20261102;

export function seedReconcileLedger(
  path: string,
  count: number,
): { lines: number; requests: number; data: ReturnType<typeof reconcileData> } {
  const data = reconcileData(count, SEED_DATA);
  const db = openLedger(path);
  try {
    migrate(db, MIGRATIONS);
    const workspace = new WorkspacesRepository(db).ensure({
      name: 'bench',
      kind: 'platform',
      baseUrl: 'https://platform.invalid/api/v2',
      now: '2026-11-22T12:00:00Z',
    });
    new TransfersRepository(db).upsertTransferRequests(
      workspace.id,
      data.requests.map((request) => ({
        float: request.float,
        requested: request.requested,
        approved: request.approved,
        payment_reference: request.paymentReference,
        status: request.status,
        created_at: request.createdAt,
      })),
      { syncRunId: null, observedAt: '2026-11-22T12:00:00Z' },
    );
    const outcome = new BankStatementsRepository(db).store(
      workspace.id,
      { format: 'csv', account: 'GB00BENCH', lines: data.lines, errors: [], opening: null, closing: null },
      { fileName: 'bench.csv', fileSha256: 'b'.repeat(64), importedAt: '2026-11-22T12:00:00Z' },
    );
    return { lines: outcome.linesAdded, requests: data.requests.length, data };
  } finally {
    db.close();
  }
}
