/** The balance history table: every snapshot of every float, oldest first. */
import type { ExportRequest } from '../../../../shared/ipc/contract-export';
import type { ExportColumn, ExportTable } from '../columns';
import { integerOf, storedAmountText, type ExportSource } from './source';

type Filters = Extract<ExportRequest, { table: 'balance-history' }>['filters'];

interface SnapshotRow {
  currency: string;
  name: string;
  recorded_at: string;
  platform_refreshed_at: string | null;
  available_minor: bigint | null;
  available_exact: string | null;
  pending_minor: bigint | null;
  pending_exact: string | null;
  sync_run_id: bigint | null;
}

const COLUMNS: ExportColumn<SnapshotRow>[] = [
  { key: 'currency', header: 'Currency', kind: 'text', value: (r) => r.currency, width: 9 },
  { key: 'float', header: 'Float', kind: 'text', value: (r) => r.name, width: 24 },
  { key: 'recorded_at', header: 'Recorded at', kind: 'timestamp', value: (r) => r.recorded_at },
  {
    key: 'platform_refreshed_at',
    header: 'Platform refreshed at',
    kind: 'timestamp',
    value: (r) => r.platform_refreshed_at,
  },
  {
    key: 'available',
    header: 'Available',
    kind: 'amount',
    value: (r) => storedAmountText(r.available_minor, r.available_exact, r.currency),
    currency: (r) => r.currency,
  },
  {
    key: 'pending',
    header: 'Pending',
    kind: 'amount',
    value: (r) => storedAmountText(r.pending_minor, r.pending_exact, r.currency),
    currency: (r) => r.currency,
  },
  { key: 'sync_run', header: 'Sync run', kind: 'integer', value: (r) => integerOf(r.sync_run_id) },
];

export function balanceHistoryTable(source: ExportSource, filters: Filters = {}): ExportTable<SnapshotRow> {
  const optional = (value: string | undefined): [string | null, string | null] => [
    value ?? null,
    value ?? null,
  ];
  const params = [
    source.workspaceId,
    ...optional(filters.currency),
    ...optional(filters.float),
    ...optional(filters.from),
    ...optional(filters.to),
  ];
  const statement = source.db
    .prepare<typeof params, SnapshotRow>(
      `SELECT f.currency, f.name, s.recorded_at, s.platform_refreshed_at, s.available_minor, s.available_exact,
              s.pending_minor, s.pending_exact, s.sync_run_id
         FROM balance_snapshots s JOIN floats f ON f.id = s.float_id
        WHERE f.workspace_id = ? AND (? IS NULL OR f.currency = ?) AND (? IS NULL OR f.name = ?)
          AND (? IS NULL OR substr(s.recorded_at, 1, 10) >= ?) AND (? IS NULL OR substr(s.recorded_at, 1, 10) <= ?)
        ORDER BY f.currency, f.name COLLATE NOCASE, f.id, s.recorded_at, s.id`,
    )
    .safeIntegers(true);
  return {
    title: 'Balance history',
    columns: COLUMNS,
    rows: { [Symbol.iterator]: () => statement.iterate(...params) },
    totalRows: null,
  };
}
