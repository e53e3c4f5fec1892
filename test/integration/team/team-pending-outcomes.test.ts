/**
 * The outcomes of pulled changes recorded soon (not written yet) are one buffer per ledger
 * connection: whichever team repository on that connection is asked next writes them first, so a
 * conflict read or write never misses an outcome buffered by the applied repository, and a rollback
 * drops them for all.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLedger, type Ledger } from '../../../src/main/core/ledger/db';
import { migrate } from '../../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../../src/main/core/ledger/migrations';
import { TeamAppliedRepository } from '../../../src/main/core/ledger/repositories/team-applied';
import { TeamConflictsRepository } from '../../../src/main/core/ledger/repositories/team-conflicts';
import { makeTempDir } from '../../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let db: Ledger;

beforeEach(() => {
  temp = makeTempDir();
  db = openLedger(join(temp.dir, 'ledger.sqlite'));
  migrate(db, MIGRATIONS);
  db.prepare(
    "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')",
  ).run();
  db.prepare(
    `INSERT INTO team_links (workspace_id, database_url, login, role, joined_at, pulled_hash)
     VALUES (1, 'postgres://ana@db/team', 'ana', 'preparer', 'now', ?)`,
  ).run('0'.repeat(64));
});

afterEach(() => {
  if (db.open) db.close();
  temp.cleanup();
});

const outcome = (seq: number) => ({
  seq,
  changeId: `c${seq}`,
  state: 'pending' as const,
  decisionId: null,
  actor: 'ben',
  actorName: null,
  note: 'Waits.',
});

const written = (): number => db.prepare<[], number>('SELECT count(*) FROM team_applied').pluck().get()!;

describe('outcomes recorded soon', () => {
  it('are written before a conflict is read or kept', () => {
    const applied = new TeamAppliedRepository(db);
    const conflicts = new TeamConflictsRepository(db);
    applied.recordSoon(1, outcome(1));
    expect(written()).toBe(0);
    expect(conflicts.conflicts(1)).toEqual([]);
    expect(written()).toBe(1);
    applied.recordSoon(1, outcome(2));
    conflicts.addConflict(1, 'line:1', 1, 2);
    expect(written()).toBe(2);
  });

  it('are seen by every repository on the connection, and dropped for all on a rollback', () => {
    new TeamAppliedRepository(db).recordSoon(1, outcome(1));
    expect(new TeamAppliedRepository(db).pendingCount(1)).toBe(1);
    const applied = new TeamAppliedRepository(db);
    applied.recordSoon(1, outcome(2));
    applied.discard();
    expect(new TeamConflictsRepository(db).conflicts(1)).toEqual([]);
    expect(written()).toBe(1);
  });
});

describe('why changes wait', () => {
  it('lists the first reasons in the team order, each with its count, and counts them all', () => {
    const applied = new TeamAppliedRepository(db);
    for (let seq = 1; seq <= 14; seq++)
      applied.recordSoon(1, {
        ...outcome(seq),
        note: seq <= 3 ? 'Waits for the statement.' : `Waits for ${seq}.`,
      });
    applied.recordSoon(1, { ...outcome(15), state: 'skipped', note: 'Not here.' });
    expect(applied.pendingReasons(1, 4)).toEqual([
      { reason: 'Waits for the statement.', count: 3 },
      { reason: 'Waits for 4.', count: 1 },
      { reason: 'Waits for 5.', count: 1 },
      { reason: 'Waits for 6.', count: 1 },
    ]);
    expect(applied.pendingCount(1)).toBe(14);
  });
});
