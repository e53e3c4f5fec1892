/** The tables an export request names, built on the export's read-only connection. */
import type { ExportRequest } from '../../../../shared/ipc/contract-export';
import type { CsvFastTable } from '../csv';
import { auditTable } from './audit';
import { balanceHistoryTable } from './balance-history';
import { balancesTable } from './balances';
import { brandChangesTable } from './brand-changes';
import { brandsTable } from './brands';
import { reconciliationTablesStepwise } from './reconciliation';
import type { ExportSource } from './source';
import { transfersTable } from './transfers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each table has its own row type
export type AnyTable = CsvFastTable<any>;

/** The tables of a request; `signal` is checked between the reconciliation report's steps. */
export async function exportTables(
  source: ExportSource,
  request: ExportRequest,
  signal?: AbortSignal,
): Promise<AnyTable[]> {
  switch (request.table) {
    case 'balances':
      return [balancesTable(source, request.filters)];
    case 'balance-history':
      return [balanceHistoryTable(source, request.filters)];
    case 'transfers':
      return [transfersTable(source, request)];
    case 'brands':
      return [brandsTable(source, request.filters)];
    case 'brand-changes':
      return [brandChangesTable(source, request.filters)];
    case 'reconciliation':
      return reconciliationTablesStepwise(source, request.filters ?? {}, signal);
    case 'audit':
      return [auditTable(source, request.filters)];
  }
}
