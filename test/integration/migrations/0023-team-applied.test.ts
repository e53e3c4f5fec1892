/**
 * Migration 0023-team-applied: each colleague's change once, in one of four states, at most one
 * local decision per change; how far the log was gone through; how a conflict was settled.
 */
import { describe, expect, it } from 'vitest';
import { migratedTo, useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();

function ledger(): NonNullable<typeof scratch.db> {
  return migratedTo(scratch, 'team-applied', (db) => {
    db.prepare(
      `INSERT INTO team_links (workspace_id, database_url, login, role, joined_at, pulled_hash)
       VALUES (1, 'postgres://ana@db/team', 'ana', 'preparer', 'now', ?)`,
    ).run('0'.repeat(64));
    db.prepare(
      "INSERT INTO team_conflicts (workspace_id, subject, standing_seq, other_seq) VALUES (1, 'line:A', 1, 2)",
    ).run();
  });
}

describe('migration 0023-team-applied', () => {
  it('keeps each pulled change once, in a known state', () => {
    const db = ledger();
    const add = db.prepare(
      `INSERT INTO team_applied (workspace_id, seq, change_id, state, actor, actor_name)
       VALUES (1, ?, ?, ?, 'ben', 'Ben Ode')`,
    );
    add.run(1, 'c1', 'pending');
    expect(() => add.run(1, 'c2', 'applied')).toThrow(/UNIQUE|PRIMARY/);
    expect(() => add.run(2, 'c1', 'applied')).toThrow(/UNIQUE/);
    expect(() => add.run(3, 'c3', 'done')).toThrow(/CHECK/);
    expect(() =>
      db
        .prepare(
          "INSERT INTO team_applied (workspace_id, seq, change_id, state, actor, decision_id) VALUES (1, 4, 'c4', 'applied', 'ben', 99)",
        )
        .run(),
    ).toThrow(/FOREIGN KEY/);
  });

  it('starts every link at the beginning of the log and leaves earlier conflicts unsettled', () => {
    const db = ledger();
    expect(db.prepare('SELECT applied_seq, retried_inputs FROM team_links').get()).toEqual({
      applied_seq: 0,
      retried_inputs: null,
    });
    expect(db.prepare('SELECT settled_choice, settled_by FROM team_conflicts').get()).toEqual({
      settled_choice: null,
      settled_by: null,
    });
    expect(() => db.prepare("UPDATE team_conflicts SET settled_choice = 'both'").run()).toThrow(/CHECK/);
  });
});
