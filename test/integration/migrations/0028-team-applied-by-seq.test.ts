/**
 * Migration 0028-team-applied-by-seq: what became of each pulled change is kept as it was, by its
 * place in the team's log, without an index on the change's id (the log's is the one).
 */
import { describe, expect, it } from 'vitest';
import { migratedTo, useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();

function ledger(): NonNullable<typeof scratch.db> {
  return migratedTo(scratch, 'team-applied-by-seq', (db) => {
    db.prepare(
      `INSERT INTO team_links (workspace_id, database_url, login, role, joined_at, pulled_hash)
       VALUES (1, 'postgres://ana@db/team', 'ana', 'preparer', 'now', ?)`,
    ).run('0'.repeat(64));
    const add = db.prepare(
      `INSERT INTO team_applied (workspace_id, seq, change_id, state, actor, actor_name, note)
       VALUES (1, ?, ?, ?, 'ben', 'Ben Ode', ?)`,
    );
    add.run(1, 'c1', 'pending', 'Waits for bank line 1.');
    add.run(2, 'c2', 'skipped', 'Nothing to do here.');
  });
}

describe('migration 0028-team-applied-by-seq', () => {
  it('keeps every record as it was', () => {
    const db = ledger();
    expect(
      db
        .prepare('SELECT seq, change_id, state, decision_id, actor, actor_name, note FROM team_applied')
        .all(),
    ).toEqual([
      {
        seq: 1,
        change_id: 'c1',
        state: 'pending',
        decision_id: null,
        actor: 'ben',
        actor_name: 'Ben Ode',
        note: 'Waits for bank line 1.',
      },
      {
        seq: 2,
        change_id: 'c2',
        state: 'skipped',
        decision_id: null,
        actor: 'ben',
        actor_name: 'Ben Ode',
        note: 'Nothing to do here.',
      },
    ]);
  });

  it('keeps one record per place in the log, its checks, and no index on the change id', () => {
    const db = ledger();
    const add = db.prepare(
      `INSERT INTO team_applied (workspace_id, seq, change_id, state, actor) VALUES (1, ?, ?, ?, 'ben')`,
    );
    expect(() => add.run(1, 'c9', 'applied')).toThrow(/UNIQUE|PRIMARY/);
    expect(() => add.run(3, 'c3', 'done')).toThrow(/CHECK/);
    expect(() =>
      db
        .prepare(
          "INSERT INTO team_applied (workspace_id, seq, change_id, state, actor, decision_id) VALUES (1, 4, 'c4', 'applied', 'ben', 99)",
        )
        .run(),
    ).toThrow(/FOREIGN KEY/);
    const indexes = db
      .prepare<[], { name: string; sql: string | null }>(
        "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'team_applied' ORDER BY name",
      )
      .all();
    // The key, decision_id's UNIQUE, and the waiting ones: change_id is in none of them.
    expect(indexes.map((index) => index.name)).toEqual([
      'sqlite_autoindex_team_applied_1',
      'sqlite_autoindex_team_applied_2',
      'team_applied_pending',
    ]);
    const columns = indexes.flatMap((index) =>
      db
        .prepare<[], { name: string }>(`SELECT name FROM pragma_index_info('${index.name}')`)
        .all()
        .map((column) => column.name),
    );
    expect(columns).not.toContain('change_id');
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
  });
});
