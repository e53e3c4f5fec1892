/** The balances table: per currency and float, the latest snapshot and how fresh it is. */
import { freshnessOf } from '../../../../shared/domain/staleness';
import type { ExportRequest } from '../../../../shared/ipc/contract-export';
import type { ExportColumn, ExportTable } from '../columns';
import { storedAmountText, type ExportSource } from './source';

type Filters = Extract<ExportRequest, { table: 'balances' }>['filters'];

interface BalanceRow {
  currency: string;
  name: string;
  recorded_at: string | null;
  platform_refreshed_at: string | null;
  available_minor: bigint | null;
  available_exact: string | null;
  pending_minor: bigint | null;
  pending_exact: string | null;
}

export function balancesTable(source: ExportSource, filters: Filters = {}): ExportTable<BalanceRow> {
  const nowMs = source.clock().getTime();
  const columns: ExportColumn<BalanceRow>[] = [
    { key: 'currency', header: 'Currency', kind: 'text', value: (r) => r.currency, width: 9 },
    { key: 'float', header: 'Float', kind: 'text', value: (r) => r.name, width: 24 },
    {
      key: 'available',
      header: 'Available',
      kind: 'amount',
      value: (r) =>
        r.recorded_at === null ? null : storedAmountText(r.available_minor, r.available_exact, r.currency),
      currency: (r) => r.currency,
    },
    {
      key: 'pending',
      header: 'Pending',
      kind: 'amount',
      value: (r) =>
        r.recorded_at === null ? null : storedAmountText(r.pending_minor, r.pending_exact, r.currency),
      currency: (r) => r.currency,
    },
    {
      key: 'platform_refreshed_at',
      header: 'Platform refreshed at',
      kind: 'timestamp',
      value: (r) => r.platform_refreshed_at,
    },
    { key: 'recorded_at', header: 'Recorded at', kind: 'timestamp', value: (r) => r.recorded_at },
    {
      key: 'staleness',
      header: 'Staleness',
      kind: 'text',
      value: (r) => freshnessOf(r.platform_refreshed_at, nowMs),
    },
  ];
  const params = [
    source.workspaceId,
    filters.currency ?? null,
    filters.currency ?? null,
    filters.float ?? null,
    filters.float ?? null,
  ];
  const statement = source.db
    .prepare<typeof params, BalanceRow>(
      `SELECT f.currency, f.name, s.recorded_at, s.platform_refreshed_at,
              s.available_minor, s.available_exact, s.pending_minor, s.pending_exact
         FROM floats f
         LEFT JOIN balance_snapshots s ON s.id = (
           SELECT id FROM balance_snapshots WHERE float_id = f.id ORDER BY recorded_at DESC, id DESC LIMIT 1)
        WHERE f.workspace_id = ? AND (? IS NULL OR f.currency = ?) AND (? IS NULL OR f.name = ?)
        ORDER BY f.currency, f.name COLLATE NOCASE, f.id`,
    )
    .safeIntegers(true);
  return {
    title: 'Balances',
    columns,
    rows: { [Symbol.iterator]: () => statement.iterate(...params) },
    totalRows: null,
  };
}
