/**
 * The transfer requests table, with exactly the filters and sort of transfers:list (the same query
 * builder). The list_* columns it filters and sorts on must be fresh: see refreshTransferListValues.
 */
import type { ExportRequest } from '../../../../shared/ipc/contract-export';
import type { Ledger } from '../../ledger/db';
import {
  TransferExportRepository,
  type StoredTransferWithChange,
} from '../../ledger/repositories/transfer-export';
import { TransferListRepository } from '../../ledger/repositories/transfer-list';
import { buildWindowQuery, DEFAULT_SORT, windowPlan } from '../../transfers/list-query';
import { listValuesOf } from '../../transfers/row';
import { throwIfAborted, type CsvFastTable } from '../csv';
import { parallelTransfersCsvBody } from '../parallel/body';
import { transfersCsvBody } from './transfers-csv-body';
import { HISTORY_COLUMNS, toExportRow, TRANSFER_COLUMNS, type TransferExportRow } from './transfer-rows';
import type { ExportSource } from './source';

type TransfersRequest = Extract<ExportRequest, { table: 'transfers' }>;

/** Rows per refresh step (one short write transaction each); the event loop runs between steps. */
export const REFRESH_STEP_ROWS = 5_000;

/**
 * On the writer connection, before the export reads: brings new and changed requests' list values
 * up to date, a batch at a time with a yield to the event loop between batches (a first refresh of
 * a million requests must not block the worker), checking the cancel signal between batches.
 */
export async function refreshTransferListValues(
  writer: Ledger,
  signal?: AbortSignal,
  stepRows = REFRESH_STEP_ROWS,
): Promise<number> {
  const repository = new TransferListRepository(writer);
  let total = 0;
  for (;;) {
    const done = repository.refreshStale(listValuesOf, stepRows);
    total += done;
    if (done < stepRows) return total;
    await new Promise((resolve) => setImmediate(resolve));
    throwIfAborted(signal);
  }
}

/**
 * Whether a request of the workspace waits for its list values, as the connection's snapshot sees
 * it. On the export's reader inside its read transaction this is the snapshot's first read: it
 * fixes the snapshot and tells whether the filter and sort columns in it are fresh.
 */
export function hasStaleListValues(reader: Ledger, workspaceId: number): boolean {
  return new TransferListRepository(reader).hasStaleIn(workspaceId);
}

/** Each request, then (with history) one row per recorded change of it, oldest first. */
function* withChanges(rows: Iterable<StoredTransferWithChange>): Iterable<TransferExportRow> {
  let current: bigint | undefined;
  for (const row of rows) {
    if (row.request_id !== current) {
      current = row.request_id;
      yield toExportRow(row);
    }
    if (row.change_id === null) continue;
    yield toExportRow(
      {
        ...row,
        status: row.change_status ?? row.status,
        requested_minor: row.change_requested_minor,
        requested_exact: row.change_requested_exact,
        approved_minor: row.change_approved_minor,
        approved_exact: row.change_approved_exact,
      },
      'change',
      row.change_observed_at,
    );
  }
}

export function transfersTable(
  source: ExportSource,
  request: Omit<TransfersRequest, 'table'>,
): CsvFastTable<TransferExportRow> {
  const query = buildWindowQuery(source.workspaceId, request.filters, request.sort ?? DEFAULT_SORT);
  const total = new TransferListRepository(source.db).count(query.countSql, query.params);
  const plan = windowPlan(query, total, 0, Math.max(total, 1));
  const title = 'Transfer requests';
  const repository = new TransferExportRepository(source.db);
  if (request.withHistory === true) {
    const stored = repository.rowsWithChanges(query, plan);
    return {
      title,
      columns: [...TRANSFER_COLUMNS, ...HISTORY_COLUMNS],
      rows: { [Symbol.iterator]: () => withChanges(stored)[Symbol.iterator]() },
      totalRows: null,
    };
  }
  const stored = repository.rows(query, plan);
  function* rows(): Iterable<TransferExportRow> {
    for (const row of stored) yield toExportRow(row);
  }
  return {
    title,
    columns: TRANSFER_COLUMNS,
    rows: { [Symbol.iterator]: () => rows()[Symbol.iterator]() },
    totalRows: total,
    csvBody: (dialect) =>
      source.parallel !== undefined && total >= source.parallel.fromRows
        ? parallelTransfersCsvBody(source.db, repository, query, plan, dialect, source.parallel)
        : transfersCsvBody(source.db, repository, query, plan, dialect),
  };
}
