/**
 * The audit_log table (migration 0009): appending an entry, and reading the chain back — for
 * verification (every column as stored, whatever its type), for export (streamed in seq order) and
 * the workspaces it has entries of. The entry's hash and the rules of what goes into it are in
 * recon/audit (entry-hash.ts, audit-log.ts).
 */
import type Database from 'better-sqlite3';
import type { HashedFields } from '../../recon/audit/entry-hash';
import type { Ledger } from '../db';
import { optionalFilter } from './optional-filter';

/** The stored columns of an entry that is appended: the hashed ones and the hash. */
export interface AuditLogInsert extends HashedFields {
  hash: string;
}

/** An entry as verification reads it: columns as stored, types unchecked (a tamperer may change them). */
export interface StoredAuditRow {
  workspace_id: unknown;
  seq: unknown;
  at: unknown;
  actor: unknown;
  action: unknown;
  subject: unknown;
  details: unknown;
  prev_hash: unknown;
  hash: unknown;
}

/** An entry as exported: details as the stored canonical JSON text, byte for byte. */
export interface AuditRow {
  seq: bigint;
  at: string;
  actor: string;
  action: string;
  subject: string;
  details: string;
  prev_hash: string;
  hash: string;
}

/** Which entries an export takes: by dates and action, or a report's bound. */
export type AuditRowsFilter =
  /** Whole UTC days, both ends included (the entries' `at` is UTC with Z); absent: no bound. */
  | { from?: string | undefined; to?: string | undefined; action?: string | undefined }
  /** A sign-off's frozen report: the entries up to the sign-off's own entry. */
  | { uptoSeq: number }
  /** A report of a date: the entries before the day after it. */
  | { before: string };

const EXPORT_SELECT = 'SELECT seq, at, actor, action, subject, details, prev_hash, hash FROM audit_log';

export class AuditLogRepository {
  private lastStatement: Database.Statement<[number], { seq: number; hash: string }> | undefined;
  private insertStatement: Database.Statement | undefined;

  constructor(private readonly db: Ledger) {}

  /** The newest entry's seq and hash (none: the log of the workspace is empty). */
  last(workspaceId: number): { seq: number; hash: string } | undefined {
    this.lastStatement ??= this.db.prepare<[number], { seq: number; hash: string }>(
      'SELECT seq, hash FROM audit_log WHERE workspace_id = ? ORDER BY seq DESC LIMIT 1',
    );
    return this.lastStatement.get(workspaceId);
  }

  insert(entry: AuditLogInsert): void {
    this.insertStatement ??= this.db.prepare(
      `INSERT INTO audit_log (workspace_id, seq, at, actor, action, subject, details, prev_hash, hash)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertStatement.run(
      entry.workspaceId,
      entry.seq,
      entry.at,
      entry.actor,
      entry.action,
      entry.subject,
      entry.details,
      entry.prevHash,
      entry.hash,
    );
  }

  /** The newest entry of this action about this subject: when, and its details as stored. */
  lastAbout(
    workspaceId: number,
    action: string,
    subject: string,
  ): { at: string; details: string } | undefined {
    return this.db
      .prepare<[number, string, string], { at: string; details: string }>(
        `SELECT at, details FROM audit_log WHERE workspace_id = ? AND action = ? AND subject = ?
          ORDER BY seq DESC LIMIT 1`,
      )
      .get(workspaceId, action, subject);
  }

  count(workspaceId: number): number {
    return this.db
      .prepare<[number], number>('SELECT count(*) FROM audit_log WHERE workspace_id = ?')
      .pluck()
      .get(workspaceId) as number;
  }

  /** Every entry of the workspace in seq order, streamed, each column as stored. */
  *chain(workspaceId: number): Generator<StoredAuditRow> {
    yield* this.db
      .prepare<[number], StoredAuditRow>(
        `SELECT workspace_id, seq, at, actor, action, subject, details, prev_hash, hash FROM audit_log
          WHERE workspace_id = ? ORDER BY seq, id`,
      )
      .iterate(workspaceId);
  }

  /** Every workspace of the ledger and every one the log has entries of, in id order. */
  workspaceIds(): number[] {
    return this.db
      .prepare<[], number>(
        `SELECT id FROM workspaces UNION SELECT DISTINCT workspace_id FROM audit_log ORDER BY 1`,
      )
      .pluck()
      .all();
  }

  /** The entries an export takes, in seq order: each `[Symbol.iterator]()` streams them again. */
  exportRows(workspaceId: number, filter: AuditRowsFilter): Iterable<AuditRow> {
    const [where, params] = exportWhere(filter);
    const statement = this.db
      .prepare<unknown[], AuditRow>(`${EXPORT_SELECT} WHERE workspace_id = ? AND ${where} ORDER BY seq`)
      .safeIntegers(true);
    return { [Symbol.iterator]: () => statement.iterate(workspaceId, ...params) };
  }
}

function exportWhere(filter: AuditRowsFilter): [string, Array<string | number | null>] {
  if ('uptoSeq' in filter) return ['seq <= ?', [filter.uptoSeq]];
  if ('before' in filter) return ['at < ?', [filter.before]];
  return [
    `(? IS NULL OR substr(at, 1, 10) >= ?) AND (? IS NULL OR substr(at, 1, 10) <= ?)
       AND (? IS NULL OR action = ?)`,
    [...optionalFilter(filter.from), ...optionalFilter(filter.to), ...optionalFilter(filter.action)],
  ];
}
