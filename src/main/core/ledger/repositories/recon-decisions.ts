/**
 * Reconciliation decisions (migration 0010): the append-only record of decisions and the items each
 * decision in force covers (recon_current); the last run's suggestions are in recon-suggestions.ts.
 * Writes must run inside the caller's transaction, the one that also appends the audit entry.
 */
import type Database from 'better-sqlite3';
import { AppError } from '../../../../shared/ipc/errors';
import type { Ledger } from '../db';

export const DECISION_KINDS = ['auto_match', 'confirm', 'reject', 'manual', 'resolve', 'undo'] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];
export type DecisionActor = 'user' | 'cli' | 'sync';
export type CurrentRole = 'match' | 'resolution';

export interface NewDecision {
  kind: DecisionKind;
  payload: Record<string, unknown>;
  actor: DecisionActor;
  /** The person's name as set in Settings when the decision was made (null: none, or the CLI). */
  actorName?: string | null;
  createdAt: string;
  auditSeq: number;
  undoes?: number;
}

export interface StoredDecision {
  id: number;
  kind: DecisionKind;
  payload: Record<string, unknown>;
  actor: DecisionActor;
  actorName: string | null;
  createdAt: string;
  auditSeq: number;
  undoes: number | null;
  /** The id of the undo that took this decision back, or null while it is in force. */
  undoneBy: number | null;
}

/** Bank line and transfer request row ids a decision covers. */
export interface ItemRows {
  lines: readonly number[];
  requests: readonly number[];
}

interface DecisionRow {
  id: number;
  kind: DecisionKind;
  payload: string;
  actor: DecisionActor;
  actor_name: string | null;
  created_at: string;
  audit_seq: number;
  undoes: number | null;
  undone_by: number | null;
}

const SELECT_DECISION = `
  SELECT d.id, d.kind, d.payload, d.actor, d.actor_name, d.created_at, d.audit_seq, d.undoes,
         (SELECT u.id FROM recon_decisions u WHERE u.undoes = d.id) AS undone_by
    FROM recon_decisions d`;

function toDecision(row: DecisionRow): StoredDecision {
  return {
    id: row.id,
    kind: row.kind,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    actor: row.actor,
    actorName: row.actor_name,
    createdAt: row.created_at,
    auditSeq: row.audit_seq,
    undoes: row.undoes,
    undoneBy: row.undone_by,
  };
}

function requireTransaction(db: Ledger): void {
  if (!db.inTransaction)
    throw new Error(
      'Reconciliation decisions are written inside the transaction that appends their audit entry.',
    );
}

export class ReconDecisionsRepository {
  /** The two statements a run repeats once per automatic match, compiled once. */
  private insertDecision: Database.Statement | undefined;
  private insertCurrent: Database.Statement | undefined;

  constructor(private readonly db: Ledger) {}

  /** The id the next decision gets (inside the transaction that inserts it, so its audit entry can name it). */
  nextId(): number {
    requireTransaction(this.db);
    return (
      (this.db.prepare('SELECT coalesce(max(id), 0) + 1 FROM recon_decisions').pluck().get() as number) ?? 1
    );
  }

  /** Append a decision with the id nextId() gave; returns it. */
  insert(workspaceId: number, id: number, decision: NewDecision): number {
    requireTransaction(this.db);
    this.insertDecision ??= this.db.prepare(
      `INSERT INTO recon_decisions (id, workspace_id, kind, payload, actor, actor_name, created_at, audit_seq, undoes)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertDecision.run(
      id,
      workspaceId,
      decision.kind,
      JSON.stringify(decision.payload),
      decision.actor,
      decision.actorName ?? null,
      decision.createdAt,
      decision.auditSeq,
      decision.undoes ?? null,
    );
    return id;
  }

  get(workspaceId: number, id: number): StoredDecision | undefined {
    const row = this.db
      .prepare<[number, number], DecisionRow>(`${SELECT_DECISION} WHERE d.workspace_id = ? AND d.id = ?`)
      .get(workspaceId, id);
    return row ? toDecision(row) : undefined;
  }

  /** The decisions of these ids, in no particular order. */
  byIds(workspaceId: number, ids: readonly number[]): StoredDecision[] {
    return this.db
      .prepare<[number, string], DecisionRow>(
        `${SELECT_DECISION} WHERE d.workspace_id = ? AND d.id IN (SELECT value FROM json_each(?))`,
      )
      .all(workspaceId, JSON.stringify(ids))
      .map(toDecision);
  }

  /** Decisions of these kinds, oldest first: all of them, those in force, or those undone. */
  list(
    workspaceId: number,
    kinds: readonly DecisionKind[],
    which: 'all' | 'in_force' | 'undone' = 'all',
  ): StoredDecision[] {
    const filter = {
      all: '',
      in_force: 'AND NOT EXISTS (SELECT 1 FROM recon_decisions x WHERE x.undoes = d.id)',
      undone: 'AND EXISTS (SELECT 1 FROM recon_decisions x WHERE x.undoes = d.id)',
    }[which];
    return this.db
      .prepare<[number, string], DecisionRow>(
        `${SELECT_DECISION} WHERE d.workspace_id = ? AND d.kind IN (SELECT value FROM json_each(?)) ${filter}
          ORDER BY d.id`,
      )
      .all(workspaceId, JSON.stringify(kinds))
      .map(toDecision);
  }

  /** Record that the decision covers these items; a unique key refuses an item covered twice. */
  addCurrent(workspaceId: number, decisionId: number, role: CurrentRole, items: ItemRows): void {
    this.addCurrentMany(workspaceId, role, [{ decisionId, items }]);
  }

  /**
   * The items several decisions cover, in one statement: a first run covers some 140,000 items, and
   * one call each took twice as long as the rows themselves.
   */
  addCurrentMany(
    workspaceId: number,
    role: CurrentRole,
    decisions: ReadonlyArray<{ decisionId: number; items: ItemRows }>,
  ): void {
    requireTransaction(this.db);
    const rows = decisions.flatMap(({ decisionId, items }) => [
      ...items.lines.map((line) => [decisionId, line, null]),
      ...items.requests.map((request) => [decisionId, null, request]),
    ]);
    this.insertCurrent ??= this.db.prepare(
      `INSERT INTO recon_current (workspace_id, decision_id, role, line_id, request_id)
       SELECT ?, value ->> 0, ?, value ->> 1, value ->> 2 FROM json_each(?) ORDER BY key`,
    );
    try {
      this.insertCurrent.run(workspaceId, role, JSON.stringify(rows));
    } catch (error) {
      throw alreadyCovered(error, role);
    }
  }

  removeCurrent(decisionId: number): void {
    requireTransaction(this.db);
    this.db.prepare('DELETE FROM recon_current WHERE decision_id = ?').run(decisionId);
  }

  /** Which of these rows a decision in force already covers in `role`: row id → decision id. */
  covered(
    workspaceId: number,
    role: CurrentRole,
    items: ItemRows,
  ): { lines: Map<number, number>; requests: Map<number, number> } {
    type Row = { line_id: number | null; request_id: number | null; decision_id: number };
    const rows = this.db
      .prepare<[number, string, string, string], Row>(
        `SELECT line_id, request_id, decision_id FROM recon_current
          WHERE workspace_id = ? AND role = ?
            AND (line_id IN (SELECT value FROM json_each(?)) OR request_id IN (SELECT value FROM json_each(?)))`,
      )
      .all(workspaceId, role, JSON.stringify(items.lines), JSON.stringify(items.requests));
    const lines = new Map<number, number>();
    const requests = new Map<number, number>();
    for (const row of rows) {
      if (row.line_id !== null) lines.set(row.line_id, row.decision_id);
      if (row.request_id !== null) requests.set(row.request_id, row.decision_id);
    }
    return { lines, requests };
  }

  /** Every decision in force in `role`, with the rows it covers, oldest first. */
  current(workspaceId: number, role: CurrentRole): Array<StoredDecision & ItemRows> {
    // Two reads, so each decision's payload is read once, not once per item it covers.
    const decisions = this.db
      .prepare<[number, string], DecisionRow>(
        `SELECT d.id, d.kind, d.payload, d.actor, d.actor_name, d.created_at, d.audit_seq, d.undoes, NULL AS undone_by
           FROM recon_decisions d
          WHERE d.id IN (SELECT decision_id FROM recon_current WHERE workspace_id = ? AND role = ?)
          ORDER BY d.id`,
      )
      .all(workspaceId, role);
    const byId = new Map<number, StoredDecision & { lines: number[]; requests: number[] }>();
    for (const row of decisions) byId.set(row.id, { ...toDecision(row), lines: [], requests: [] });
    const items = this.db
      .prepare<[number, string], { decision_id: number; line_id: number | null; request_id: number | null }>(
        'SELECT decision_id, line_id, request_id FROM recon_current WHERE workspace_id = ? AND role = ? ORDER BY id',
      )
      .all(workspaceId, role);
    for (const item of items) {
      const decision = byId.get(item.decision_id);
      if (decision === undefined) continue;
      if (item.line_id !== null) decision.lines.push(item.line_id);
      if (item.request_id !== null) decision.requests.push(item.request_id);
    }
    return [...byId.values()];
  }

  /** Which of these suggestion keys a decision in force settled (rejected it, or confirmed an option). */
  settledKeys(workspaceId: number, keys: readonly string[]): Set<string> {
    return new Set(
      this.db
        .prepare<[number, string], string>(
          `SELECT DISTINCT json_extract(d.payload, '$.key') FROM recon_decisions d
            WHERE d.workspace_id = ? AND d.kind IN ('reject', 'confirm')
              AND json_extract(d.payload, '$.key') IN (SELECT value FROM json_each(?))
              AND NOT EXISTS (SELECT 1 FROM recon_decisions u WHERE u.undoes = d.id)`,
        )
        .pluck()
        .all(workspaceId, JSON.stringify(keys)),
    );
  }

  /** The decision in force in `role` (a match, else a resolution) of each of these rows that is in one. */
  matchesOfRows(
    workspaceId: number,
    rows: ItemRows,
    role: CurrentRole = 'match',
  ): { lines: Map<number, number>; requests: Map<number, number> } {
    const query = (column: 'line_id' | 'request_id', ids: readonly number[]) =>
      new Map(
        this.db
          .prepare<[number, string, string], { row: number; decision: number }>(
            `SELECT ${column} AS row, decision_id AS decision FROM recon_current
              WHERE workspace_id = ? AND role = ? AND ${column} IN (SELECT value FROM json_each(?))`,
          )
          .all(workspaceId, role, JSON.stringify(ids))
          .map((found) => [found.row, found.decision] as const),
      );
    return { lines: query('line_id', rows.lines), requests: query('request_id', rows.requests) };
  }
}

/** A decision in force already covers one of the items: said as such; any other error as it is. */
function alreadyCovered(error: unknown, role: CurrentRole): unknown {
  if ((error as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE') return error;
  return new AppError(
    'invalid_input',
    `An item is already ${role === 'match' ? 'matched' : 'resolved'}: undo that decision first. Nothing was changed.`,
    { role },
  );
}
