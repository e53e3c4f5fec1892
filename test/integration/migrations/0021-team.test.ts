/**
 * Migration 0021-team: a workspace's link to its team (no password column, a postgres URL with a
 * login), the outbox (each change once, each decision shared once), the team's log append-only,
 * and the conflicts.
 */
import { describe, expect, it } from 'vitest';
import { migratedTo, useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();

function ledger(): NonNullable<typeof scratch.db> {
  return migratedTo(scratch, 'team');
}

describe('migration 0021-team', () => {
  it('links a workspace to a team by URL and login, never with a password column', () => {
    const db = ledger();
    const columns = (
      db.prepare("SELECT name FROM pragma_table_info('team_links')").pluck().all() as string[]
    ).join(' ');
    expect(columns).not.toMatch(/password|secret/);
    const link = db.prepare(
      `INSERT INTO team_links (workspace_id, database_url, login, role, joined_at, pulled_hash)
       VALUES (1, ?, 'ana', ?, 'now', ?)`,
    );
    expect(() => link.run('https://ana@db/team', 'preparer', '0'.repeat(64))).toThrow(/CHECK/);
    expect(() => link.run('postgres://ana@db/team', 'boss', '0'.repeat(64))).toThrow(/CHECK/);
    link.run('postgres://ana@db/team', 'preparer', '0'.repeat(64));
    expect(db.prepare('SELECT pulled_seq, members FROM team_links').get()).toEqual({
      pulled_seq: 0,
      members: '[]',
    });
  });

  it('keeps each change once in the outbox, and the pulled log unchangeable', () => {
    const db = ledger();
    const queue = db.prepare(
      `INSERT INTO team_outbox (workspace_id, change_id, kind, subject, payload, made_at)
       VALUES (1, '0b9f6a1e-6d1c-4a57-9d7e-2f0c1d3e4a5b', 'decision.manual', 'line:A', '{}', 'now')`,
    );
    queue.run();
    expect(() => queue.run()).toThrow(/UNIQUE/);
    db.prepare(
      `INSERT INTO team_log (workspace_id, seq, change_id, kind, subject, payload, actor, made_at, received_at,
         prev_hash, hash) VALUES (1, 1, 'c', 'decision.manual', 'line:A', '{}', 'ana', 'a', 'b', 'p', 'h')`,
    ).run();
    expect(() => db.prepare("UPDATE team_log SET actor = 'ben'").run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM team_log').run()).toThrow(/append-only/);
    expect(db.prepare('SELECT count(*) FROM team_conflicts').pluck().get()).toBe(0);
  });
});
