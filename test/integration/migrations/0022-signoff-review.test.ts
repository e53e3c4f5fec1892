/**
 * Migration 0022-signoff-review: sign-offs and unlocks rebuilt with every row and id kept (and their
 * append-only triggers made again), a colleague's sign-off recordable as 'sync', and reviews: one
 * per sign-off, append-only, a rejection with its reason.
 */
import { describe, expect, it } from 'vitest';
import { openLedger } from '../../../src/main/core/ledger/db';
import { migrate } from '../../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../../src/main/core/ledger/migrations';
import { useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();
const STEP = MIGRATIONS.findIndex((step) => step.name === 'signoff-review') + 1;
const HASH = 'a'.repeat(64);
const CHANGE = '0b9f6a1e-6d1c-4a57-9d7e-2f0c1d3e4a5b';

function before(): NonNullable<typeof scratch.db> {
  const db = openLedger(scratch.path);
  scratch.db = db;
  migrate(db, MIGRATIONS.slice(0, STEP - 1));
  db.prepare(
    "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')",
  ).run();
  for (const seq of [1, 2, 3])
    db.prepare(
      `INSERT INTO audit_log (workspace_id, seq, at, actor, action, subject, details, prev_hash, hash)
       VALUES (1, ?, '2026-11-01T09:00:00.000Z', 'user', 'period.signed_off', 'signoff:1', '{}', ?, ?)`,
    ).run(seq, seq === 1 ? '0'.repeat(64) : HASH, HASH);
  db.prepare(
    `INSERT INTO recon_signoffs (id, workspace_id, as_of, signed_at, actor, note, locked_requests, locked_lines,
       audit_seq, audit_hash, report_gzip, report_sha256, actor_name)
     VALUES (4, 1, '2026-10-31', '2026-11-01T09:00:00.000Z', 'cli', 'October', 2, 1, 1, ?, x'1f8b', ?, 'Ana')`,
  ).run(HASH, HASH);
  db.prepare(
    `INSERT INTO recon_signoff_unlocks (id, workspace_id, signoff_id, reason, actor, at, audit_seq, actor_name)
     VALUES (7, 1, 4, 'Bank corrected a line', 'user', '2026-11-02T09:00:00.000Z', 2, NULL)`,
  ).run();
  return db;
}

describe('migration 0022-signoff-review', () => {
  it('keeps every sign-off and unlock with its id, and they hold without a review', () => {
    const db = before();
    expect(migrate(db, MIGRATIONS.slice(0, STEP)).applied).toEqual(['0022-signoff-review']);
    expect(
      db.prepare('SELECT id, actor, actor_name, needs_review, team_change FROM recon_signoffs').all(),
    ).toEqual([{ id: 4, actor: 'cli', actor_name: 'Ana', needs_review: 0, team_change: null }]);
    expect(db.prepare('SELECT id, signoff_id, reason FROM recon_signoff_unlocks').all()).toEqual([
      { id: 7, signoff_id: 4, reason: 'Bank corrected a line' },
    ]);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(() => db.prepare("UPDATE recon_signoffs SET note = 'x'").run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM recon_signoff_unlocks').run()).toThrow(/append-only/);
  });

  it('takes one review per sign-off, a rejection only with a reason, and never changes it', () => {
    const db = before();
    migrate(db, MIGRATIONS.slice(0, STEP));
    const signOff = db.prepare(
      `INSERT INTO recon_signoffs (id, workspace_id, as_of, signed_at, actor, note, locked_requests, locked_lines,
         audit_seq, audit_hash, report_gzip, report_sha256, needs_review, team_change, team_login)
       VALUES (5, 1, '2026-11-30', '2026-12-01T09:00:00.000Z', 'sync', '', 1, 0, 3, ?, x'1f8b', ?, ?, ?, 'ana')`,
    );
    expect(() => signOff.run(HASH, HASH, 1, null)).toThrow(/CHECK/); // a review needs the team's id
    signOff.run(HASH, HASH, 1, CHANGE);
    const review = db.prepare(
      `INSERT INTO recon_signoff_reviews (workspace_id, signoff_id, verdict, note, reviewer, at, audit_seq, team_change)
       VALUES (1, 5, ?, ?, 'ben', '2026-12-02T09:00:00.000Z', 3, ?)`,
    );
    expect(() => review.run('rejected', '', CHANGE.replace('0b', '1b'))).toThrow(/CHECK/);
    expect(() => review.run('maybe', 'fine', CHANGE.replace('0b', '1b'))).toThrow(/CHECK/);
    review.run('approved', '', CHANGE.replace('0b', '1b'));
    expect(() => review.run('rejected', 'Changed my mind', CHANGE.replace('0b', '2b'))).toThrow(
      /at most once/,
    );
    expect(() => db.prepare("UPDATE recon_signoff_reviews SET verdict = 'rejected'").run()).toThrow(
      /append-only/,
    );
    expect(() => db.prepare('DELETE FROM recon_signoff_reviews').run()).toThrow(/append-only/);
  });
});
