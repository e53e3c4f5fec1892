/**
 * Outcomes of pulled changes recorded soon, not written yet (team_applied, migrations 0023, 0028):
 * one buffer per ledger connection, shared by every repository that reads what the buffer may hold
 * (TeamAppliedRepository, TeamConflictsRepository), so none of them answers without the outcomes
 * another one buffered. Each of their methods writes the buffer first (flush).
 */
import type Database from 'better-sqlite3';
import type { Ledger } from '../db';

/** Outcomes written per INSERT: a page of pending changes costs a few hundred statements less. */
const RECORD_ROWS = 250;
/** The values of one outcome: team_applied's columns written (workspace_id, seq, ... note). */
const OUTCOME_COLUMNS = 8;

/** What became of a pulled change, in team_applied's column order after workspace_id. */
export interface PendingOutcome {
  seq: number;
  changeId: string;
  state: string;
  decisionId: number | null;
  actor: string;
  actorName: string | null;
  note: string | null;
}

/** One buffer per connection: whoever builds a repository on this connection gets the same one. */
const BUFFERS = new WeakMap<Ledger, TeamPendingOutcomes>();

export class TeamPendingOutcomes {
  /**
   * The values of the outcomes recorded soon, not written yet, one row after another in column
   * order (OUTCOME_COLUMNS each): bound as they are, with no array per row to make and flatten.
   */
  private unwritten: (string | number | null)[] = [];
  /** Multi-row INSERTs of outcomes, by row count. */
  private readonly statements = new Map<number, Database.Statement>();

  private constructor(private readonly db: Ledger) {}

  /** The buffer of this ledger connection (made on first use). */
  static of(db: Ledger): TeamPendingOutcomes {
    let buffer = BUFFERS.get(db);
    if (buffer === undefined) {
      buffer = new TeamPendingOutcomes(db);
      BUFFERS.set(db, buffer);
    }
    return buffer;
  }

  /** Keep an outcome to write later; a full batch is written at once. */
  add(workspaceId: number, outcome: PendingOutcome): void {
    this.unwritten.push(
      workspaceId,
      outcome.seq,
      outcome.changeId,
      outcome.state,
      outcome.decisionId,
      outcome.actor,
      outcome.actorName,
      outcome.note,
    );
    if (this.unwritten.length >= RECORD_ROWS * OUTCOME_COLUMNS) this.flush();
  }

  /** Write the outcomes kept so far (in the caller's transaction). */
  flush(): void {
    const values = this.unwritten;
    if (values.length === 0) return;
    this.unwritten = [];
    this.statement(values.length / OUTCOME_COLUMNS).run(values);
  }

  /** Drop the outcomes not written yet: the transaction they were made in rolled back. */
  discard(): void {
    this.unwritten = [];
  }

  /** The INSERT of `count` outcomes, compiled once per count (a full batch's, and a page's rest). */
  private statement(count: number): Database.Statement {
    let statement = this.statements.get(count);
    if (statement === undefined) {
      statement = this.db.prepare(
        `INSERT INTO team_applied (workspace_id, seq, change_id, state, decision_id, actor, actor_name, note)
         VALUES ${Array.from({ length: count }, () => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}
         ON CONFLICT (workspace_id, seq) DO UPDATE SET state = excluded.state,
           decision_id = excluded.decision_id, note = excluded.note`,
      );
      this.statements.set(count, statement);
    }
    return statement;
  }
}
