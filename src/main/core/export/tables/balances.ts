/** The balances table: per currency and float, the latest snapshot and how fresh it is. */
import { freshnessOf } from '../../../../shared/domain/staleness';
import type { ExportRequest } from '../../../../shared/ipc/contract-export';
import { FloatsRepository, type StoredLatestRow } from '../../ledger/repositories/floats';
import { amountColumn, currencyColumn, type ExportColumn, type ExportTable } from '../columns';
import { storedAmountText, type ExportSource } from './source';

type Filters = Extract<ExportRequest, { table: 'balances' }>['filters'];

type BalanceRow = StoredLatestRow;

export function balancesTable(source: ExportSource, filters: Filters = {}): ExportTable<BalanceRow> {
  const nowMs = source.clock().getTime();
  const columns: ExportColumn<BalanceRow>[] = [
    currencyColumn((r) => r.currency),
    { key: 'float', header: 'Float', kind: 'text', value: (r) => r.name, width: 24 },
    amountColumn(
      'available',
      'Available',
      (r) =>
        r.recorded_at === null ? null : storedAmountText(r.available_minor, r.available_exact, r.currency),
      (r) => r.currency,
    ),
    amountColumn(
      'pending',
      'Pending',
      (r) => (r.recorded_at === null ? null : storedAmountText(r.pending_minor, r.pending_exact, r.currency)),
      (r) => r.currency,
    ),
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
  return {
    title: 'Balances',
    columns,
    rows: {
      [Symbol.iterator]: () =>
        new FloatsRepository(source.db).iterateLatestStored(source.workspaceId, {
          currency: filters.currency,
          name: filters.float,
        }),
    },
    totalRows: null,
  };
}
