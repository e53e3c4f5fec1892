/**
 * Reads of the transfer export, on the export's read-only connection or a render worker's: the rows
 * in the list's order (with their recorded changes when asked), each row's finished CSV line spelled
 * by SQLite, the ids in export order and a segment's lines, and what the line depends on. Statements
 * are prepared once per repository (those of a query's own text once per call) and streamed.
 */
import type Database from 'better-sqlite3';
import type { Ledger } from '../db';
import type { WindowPlan, WindowQuery } from '../../transfers/list-query';
import { segmentSql } from './transfer-csv-lines';
import { TRANSFER_SELECT, type StoredExportTransfer } from './transfer-export-columns';

/** A request joined with one recorded change of it (none: the change columns are null). */
export interface StoredTransferWithChange extends StoredExportTransfer {
  request_id: bigint;
  change_id: bigint | null;
  change_observed_at: string | null;
  change_status: string | null;
  change_requested_minor: bigint | null;
  change_requested_exact: string | null;
  change_approved_minor: bigint | null;
  change_approved_exact: string | null;
}

const CHANGE_SELECT = `r.id AS request_id, h.id AS change_id, h.observed_at AS change_observed_at,
  h.status AS change_status, h.requested_minor AS change_requested_minor, h.requested_exact AS change_requested_exact,
  h.approved_minor AS change_approved_minor, h.approved_exact AS change_approved_exact`;

/** The columns whose few distinct values the CSV line lists. */
export type DistinctColumn = 'currency' | 'float_name' | 'status';

/** Statements iterated on demand: each `[Symbol.iterator]()` streams the rows again. */
function streamed<T>(statement: Database.Statement, params: readonly unknown[]): Iterable<T> {
  return { [Symbol.iterator]: () => statement.iterate(...params) as IterableIterator<T> };
}

export class TransferExportRepository {
  private readonly distinctStatements = new Map<
    DistinctColumn,
    Database.Statement<[number, number], string>
  >();
  private submissionStatement: Database.Statement<[number], number> | undefined;
  private snapshotRead: Database.Statement | undefined;

  constructor(private readonly db: Ledger) {}

  /**
   * Opens a read transaction and takes its snapshot now: a snapshot is fixed by the first read, not
   * by BEGIN, and render workers must hold the one of the moment the core chose.
   */
  beginSnapshot(): void {
    this.snapshotRead ??= this.db.prepare('SELECT 1 FROM transfer_requests LIMIT 1');
    this.db.exec('BEGIN');
    this.snapshotRead.get();
  }

  /** Every match of the query in its order, as stored. */
  rows(query: WindowQuery, plan: WindowPlan): Iterable<StoredExportTransfer> {
    const statement = this.db.prepare(query.rowsSql(plan, TRANSFER_SELECT)).safeIntegers(true);
    return streamed(statement, query.params);
  }

  /** Every match in its order, each once per recorded change (oldest first), or once with none. */
  rowsWithChanges(query: WindowQuery, plan: WindowPlan): Iterable<StoredTransferWithChange> {
    const statement = this.db
      .prepare(
        query.rowsSql(
          plan,
          `${TRANSFER_SELECT}, ${CHANGE_SELECT}`,
          'LEFT JOIN transfer_request_history h ON h.transfer_request_id = r.id',
          'h.id',
        ),
      )
      .safeIntegers(true);
    return streamed(statement, query.params);
  }

  /** Every match's CSV line (`lineSql`, see transfer-csv-lines.ts) in the query's order. */
  lines(
    query: WindowQuery,
    plan: WindowPlan,
    lineSql: string,
    lineParams: readonly string[],
  ): Iterable<string> {
    const statement = this.db
      .prepare(query.rowsSql(plan, `${lineSql} AS line`))
      .pluck()
      .safeIntegers(true);
    return statement.iterate(...lineParams, ...query.params) as IterableIterator<string>;
  }

  /** The ids of every match in the query's order, streamed (stop early with return()). */
  ids(query: WindowQuery, plan: WindowPlan): IterableIterator<number> {
    return this.db
      .prepare(query.idsSql(plan))
      .pluck()
      .iterate(...query.params, -1, 0) as IterableIterator<number>;
  }

  /** Renders segments of ids (a JSON array) into their CSV lines, in the ids' order, with one statement. */
  segmentRenderer(lineSql: string): (lineParams: readonly string[], ids: string) => string[] {
    const statement = this.db.prepare(segmentSql(lineSql)).pluck().safeIntegers(true);
    return (lineParams, ids) => statement.all(...lineParams, ids) as string[];
  }

  /**
   * The few distinct values of an indexed column, one index seek each (a loose index scan) rather
   * than a pass over a million index entries.
   */
  distinctValues(workspaceId: number, column: DistinctColumn): string[] {
    let statement = this.distinctStatements.get(column);
    if (statement === undefined) {
      statement = this.db
        .prepare<[number, number], string>(
          `WITH RECURSIVE v(value) AS (
             SELECT min(${column}) FROM transfer_requests WHERE workspace_id = ?
             UNION ALL
             SELECT (SELECT min(${column}) FROM transfer_requests WHERE workspace_id = ? AND ${column} > v.value)
               FROM v WHERE v.value IS NOT NULL)
           SELECT value FROM v WHERE value IS NOT NULL`,
        )
        .pluck();
      this.distinctStatements.set(column, statement);
    }
    return statement.all(workspaceId, workspaceId);
  }

  /** Whether the workspace has submitted anything (a transfer_submissions row, refused or not). */
  hasSubmissions(workspaceId: number): boolean {
    this.submissionStatement ??= this.db
      .prepare<[number], number>('SELECT 1 FROM transfer_submissions WHERE workspace_id = ? LIMIT 1')
      .pluck();
    return this.submissionStatement.get(workspaceId) !== undefined;
  }
}
