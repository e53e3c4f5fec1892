/** The balance history table: every snapshot of every float, oldest first. */
import type { ExportRequest } from '../../../../shared/ipc/contract-export';
import {
  BalanceHistoryRepository,
  type StoredFloatSnapshot as SnapshotRow,
} from '../../ledger/repositories/balance-history';
import { amountColumn, currencyColumn, type ExportColumn, type ExportTable } from '../columns';
import { integerOf, storedAmountText, type ExportSource } from './source';

type Filters = Extract<ExportRequest, { table: 'balance-history' }>['filters'];

const COLUMNS: ExportColumn<SnapshotRow>[] = [
  currencyColumn((r) => r.currency),
  { key: 'float', header: 'Float', kind: 'text', value: (r) => r.name, width: 24 },
  { key: 'recorded_at', header: 'Recorded at', kind: 'timestamp', value: (r) => r.recorded_at },
  {
    key: 'platform_refreshed_at',
    header: 'Platform refreshed at',
    kind: 'timestamp',
    value: (r) => r.platform_refreshed_at,
  },
  amountColumn(
    'available',
    'Available',
    (r) => storedAmountText(r.available_minor, r.available_exact, r.currency),
    (r) => r.currency,
  ),
  amountColumn(
    'pending',
    'Pending',
    (r) => storedAmountText(r.pending_minor, r.pending_exact, r.currency),
    (r) => r.currency,
  ),
  { key: 'sync_run', header: 'Sync run', kind: 'integer', value: (r) => integerOf(r.sync_run_id) },
];

export function balanceHistoryTable(source: ExportSource, filters: Filters = {}): ExportTable<SnapshotRow> {
  return {
    title: 'Balance history',
    columns: COLUMNS,
    rows: new BalanceHistoryRepository(source.db).exportRows(source.workspaceId, filters),
    totalRows: null,
  };
}
