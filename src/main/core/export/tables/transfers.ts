/**
 * The transfer requests table, with exactly the filters and sort of transfers:list (the same query
 * builder). The list_* columns it filters and sorts on must be fresh: see refreshTransferListValues.
 */
import type { ExportRequest } from '../../../../shared/ipc/contract-export';
import type { Ledger } from '../../ledger/db';
import { TransferListRepository } from '../../ledger/repositories/transfer-list';
import { buildWindowQuery, DEFAULT_SORT, windowPlan } from '../../transfers/list-query';
import { listValuesOf } from '../../transfers/row';
import { throwIfAborted, type CsvFastTable } from '../csv';
import { parallelTransfersCsvBody } from '../parallel/body';
import { transfersCsvBody } from './transfers-csv-sql';
import {
  HISTORY_COLUMNS,
  toExportRow,
  TRANSFER_COLUMNS,
  type StoredExportTransfer,
  type TransferExportRow,
} from './transfer-rows';
import type { ExportSource } from './source';
import { TRANSFER_SELECT } from './transfer-select';

type TransfersRequest = Extract<ExportRequest, { table: 'transfers' }>;

const HISTORY_SELECT = `r.id AS request_id, h.id AS change_id, h.observed_at AS change_observed_at,
  h.status AS change_status, h.requested_minor AS change_requested_minor, h.requested_exact AS change_requested_exact,
  h.approved_minor AS change_approved_minor, h.approved_exact AS change_approved_exact`;

interface HistoryJoined extends StoredExportTransfer {
  request_id: bigint;
  change_id: bigint | null;
  change_observed_at: string | null;
  change_status: string | null;
  change_requested_minor: bigint | null;
  change_requested_exact: string | null;
  change_approved_minor: bigint | null;
  change_approved_exact: string | null;
}

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
  return (
    reader
      .prepare<[number], number>(
        // `+workspace_id`: not the workspace index (a scan of every request) but the partial index
        // that holds only the stale rows (migration 0005), so the check costs nothing on 1M rows.
        'SELECT 1 FROM transfer_requests WHERE +workspace_id = ? AND list_stale = 1 LIMIT 1',
      )
      .pluck()
      .get(workspaceId) !== undefined
  );
}

/** Each request, then (with history) one row per recorded change of it, oldest first. */
function* withChanges(rows: Iterable<HistoryJoined>): Iterable<TransferExportRow> {
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
  const total = Number(
    source.db
      .prepare(query.countSql)
      .pluck()
      .get(...query.params),
  );
  const plan = windowPlan(query, total, 0, Math.max(total, 1));
  const title = 'Transfer requests';
  if (request.withHistory === true) {
    const statement = source.db
      .prepare(
        query.rowsSql(
          plan,
          `${TRANSFER_SELECT}, ${HISTORY_SELECT}`,
          'LEFT JOIN transfer_request_history h ON h.transfer_request_id = r.id',
          'h.id',
        ),
      )
      .safeIntegers(true);
    return {
      title,
      columns: [...TRANSFER_COLUMNS, ...HISTORY_COLUMNS],
      rows: {
        [Symbol.iterator]: () =>
          withChanges(statement.iterate(...query.params) as Iterable<HistoryJoined>)[Symbol.iterator](),
      },
      totalRows: null,
    };
  }
  const statement = source.db.prepare(query.rowsSql(plan, TRANSFER_SELECT)).safeIntegers(true);
  function* rows(): Iterable<TransferExportRow> {
    for (const row of statement.iterate(...query.params)) yield toExportRow(row as StoredExportTransfer);
  }
  return {
    title,
    columns: TRANSFER_COLUMNS,
    rows: { [Symbol.iterator]: () => rows()[Symbol.iterator]() },
    totalRows: total,
    csvBody: (dialect) =>
      source.parallel !== undefined && total >= source.parallel.fromRows
        ? parallelTransfersCsvBody(source.db, query, plan, dialect, source.parallel, hasStaleListValues)
        : transfersCsvBody(source.db, query, plan, dialect),
  };
}
