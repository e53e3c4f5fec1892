import { describe, expect, it } from 'vitest';
import { openLedger, type Ledger } from '../../../src/main/core/ledger/db';
import { migrate } from '../../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../../src/main/core/ledger/migrations';
import { useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();

describe('migration 0011-period-close', () => {
  const STEP = MIGRATIONS.findIndex((step) => step.name === 'period-close') + 1;
  const HASH = (n: number): string => n.toString(16).padStart(64, '0');

  /** A version 10 ledger with a decision, its audit entries and two notifications. */
  function atVersion10(): Ledger {
    const ledger = openLedger(scratch.path);
    migrate(ledger, MIGRATIONS.slice(0, STEP - 1));
    ledger.exec(`
      INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now');
      INSERT INTO audit_log (workspace_id, seq, at, actor, action, subject, details, prev_hash, hash)
        VALUES (1, 1, '2026-11-22T09:00:00.000Z', 'user', 'match.manual', 'decision:1', '{}', '${'0'.repeat(64)}', '${HASH(1)}'),
               (1, 2, '2026-11-22T09:01:00.000Z', 'user', 'period.signed_off', 'signoff:1', '{}', '${HASH(1)}', '${HASH(2)}'),
               (1, 3, '2026-11-22T09:02:00.000Z', 'user', 'period.unlocked', 'signoff:1', '{}', '${HASH(2)}', '${HASH(3)}');
      INSERT INTO bank_statements (id, workspace_id, file_name, file_sha256, section, format, account_key, line_count, imported_at)
        VALUES (1, 1, 'oct.xml', '${'a'.repeat(64)}', 0, 'camt053', 'GB29', 1, 'now');
      INSERT INTO bank_lines (id, statement_id, workspace_id, account_key, bank_transaction_id, booking_date, currency,
          amount_minor, source_line)
        VALUES (1, 1, 1, 'GB29', 'B1', '2026-10-02', 'GBP', -250000, 3);
      INSERT INTO transfer_requests (id, workspace_id, payment_reference, created_at, created_utc, float_name, currency,
          requested_minor, status, first_seen_at, last_seen_at)
        VALUES (1, 1, 'REF00001', '2026-10-01T10:00:00+00:00', '2026-10-01T10:00:00.000Z', 'main', 'GBP', 250000,
          'approved', 'now', 'now');
      INSERT INTO recon_decisions (id, workspace_id, kind, payload, actor, created_at, audit_seq)
        VALUES (1, 1, 'manual', '{}', 'user', '2026-11-22T09:00:00.000Z', 1);
      INSERT INTO notifications (id, workspace_id, kind, title, message, created_at, read_at, dedupe_key)
        VALUES (7, 1, 'low_balance', 'Low', 'm', 'now', NULL, 'low_balance:1:1'),
               (9, 1, 'transfer_approved', 'Approved', 'm', 'now', 'later', 'transfer:1:approved');
    `);
    return ledger;
  }
  const signOff = (values: Record<string, unknown> = {}): unknown =>
    scratch
      .db!.prepare(
        `INSERT INTO recon_signoffs (id, workspace_id, as_of, signed_at, actor, note, locked_requests, locked_lines,
           audit_seq, audit_hash, report_gzip, report_sha256)
         VALUES (@id, 1, @asOf, '2026-11-22T09:01:00.000Z', @actor, '', 1, 1, @seq, @hash, x'1f8b', @sha)`,
      )
      .run({
        id: null,
        asOf: '2026-10-31',
        actor: 'user',
        seq: 2,
        hash: HASH(2),
        sha: 'b'.repeat(64),
        ...values,
      });
  const lockItem = (values: Record<string, unknown> = {}): unknown =>
    scratch
      .db!.prepare(
        `INSERT INTO recon_signoff_items (signoff_id, decision_id, line_id, request_id, status, approved_text)
         VALUES (1, 1, @line, @request, @status, @approved)`,
      )
      .run({ line: null, request: null, status: null, approved: null, ...values });
  const unlock = (values: Record<string, unknown> = {}): unknown =>
    scratch
      .db!.prepare(
        `INSERT INTO recon_signoff_unlocks (workspace_id, signoff_id, reason, actor, at, audit_seq)
         VALUES (1, @signOff, @reason, 'user', '2026-11-22T09:02:00.000Z', 3)`,
      )
      .run({ signOff: 1, reason: 'Bank corrected the statement', ...values });
  const drift = (now: string | null, verb = 'INSERT', id: number | null = null): unknown =>
    scratch
      .db!.prepare(
        `${verb} INTO recon_signoff_drift (id, signoff_id, request_id, field, signed_off, now_text, detected_at)
         VALUES (?, 1, 1, 'status', 'approved', ?, 'now')`,
      )
      .run(id, now);
  const rows = (table: string): unknown[] => scratch.db!.prepare(`SELECT * FROM ${table} ORDER BY id`).all();

  it('is step 11 and upgrades a version 10 ledger: notifications rebuilt with every row and id, STRICT tables', () => {
    expect(STEP).toBe(11);
    scratch.db = atVersion10();
    const before = scratch.db.prepare('SELECT * FROM notifications ORDER BY id').all();
    const keys = "SELECT * FROM pragma_foreign_key_list('notifications') ORDER BY id, seq";
    const keysBefore = scratch.db.prepare(keys).all();
    expect(keysBefore.map((key) => (key as { table: string }).table).sort()).toEqual([
      'sync_runs',
      'workspaces',
    ]);
    expect(migrate(scratch.db, MIGRATIONS.slice(0, STEP)).applied).toEqual(['0011-period-close']);
    expect(scratch.db.prepare('SELECT * FROM notifications ORDER BY id').all()).toEqual(before);
    // The rebuilt table keeps every foreign key of the old one, exactly.
    expect(scratch.db.prepare(keys).all()).toEqual(keysBefore);
    for (const table of [
      'recon_signoffs',
      'recon_signoff_items',
      'recon_signoff_unlocks',
      'recon_signoff_drift',
      'notifications',
    ]) {
      expect(
        scratch.db.prepare('SELECT strict FROM pragma_table_list WHERE name = ?').pluck().get(table),
      ).toBe(1);
    }
    expect(
      scratch.db.prepare("SELECT name FROM sqlite_schema WHERE name = 'notifications_unread'").pluck().get(),
    ).toBe('notifications_unread');
    expect(scratch.db.pragma('foreign_key_check')).toEqual([]);
    // The new kind is accepted; the dedupe key still holds; a new row gets a new id.
    const insert = scratch.db.prepare(
      `INSERT INTO notifications (workspace_id, kind, title, message, created_at, dedupe_key)
       VALUES (1, ?, 'Signed-off request changed', 'm', 'now', ?)`,
    );
    expect(Number(insert.run('signoff_drift', 'signoff_drift:1').lastInsertRowid)).toBe(10);
    expect(() => insert.run('signoff_drift', 'signoff_drift:1')).toThrow(/UNIQUE/);
    expect(() => insert.run('something_else', 'k')).toThrow(/CHECK/);
  });

  it('keeps sign-offs and their locked items append-only, each sign-off tied to its audit entry', () => {
    scratch.db = atVersion10();
    migrate(scratch.db, MIGRATIONS);
    expect(() => signOff({ asOf: '31/10/2026' })).toThrow(/CHECK/);
    expect(() => signOff({ actor: 'robot' })).toThrow(/CHECK/);
    expect(() => signOff({ hash: 'X'.repeat(64) })).toThrow(/CHECK/);
    expect(() => signOff({ sha: 'b'.repeat(63) })).toThrow(/CHECK/);
    expect(() => signOff({ seq: 9 })).toThrow(/FOREIGN KEY/);
    signOff();
    expect(() => signOff({ id: 1 })).toThrow(/append-only/);
    expect(() => lockItem({ request: 1 })).toThrow(/CHECK/); // a request keeps its status
    expect(() => lockItem({ line: 1, status: 'approved' })).toThrow(/CHECK/);
    expect(() => lockItem({ line: 1, request: 1, status: 'approved' })).toThrow(/CHECK/);
    expect(() => lockItem({})).toThrow(/CHECK/);
    expect(() => lockItem({ line: 99 })).toThrow(/FOREIGN KEY/);
    lockItem({ line: 1 });
    lockItem({ request: 1, status: 'approved', approved: '2500.00 GBP' });
    expect(() => lockItem({ line: 1 })).toThrow(/append-only/);
    expect(() => scratch.db!.prepare("UPDATE recon_signoffs SET note = 'x'").run()).toThrow(/append-only/);
    expect(() => scratch.db!.prepare('DELETE FROM recon_signoffs').run()).toThrow(/append-only/);
    expect(() => scratch.db!.prepare("UPDATE recon_signoff_items SET status = 'x'").run()).toThrow(
      /append-only/,
    );
    expect(() => scratch.db!.prepare('DELETE FROM recon_signoff_items').run()).toThrow(/append-only/);
  });

  it('refuses INSERT OR REPLACE on every unique key of every append-only table, and changes nothing', () => {
    scratch.db = atVersion10();
    migrate(scratch.db, MIGRATIONS);
    signOff();
    lockItem({ line: 1 });
    lockItem({ request: 1, status: 'approved', approved: '2500.00 GBP' });
    unlock();
    drift('removed');
    const tables = ['recon_signoffs', 'recon_signoff_items', 'recon_signoff_unlocks', 'recon_signoff_drift'];
    const before = tables.map(rows);
    const replace =
      (sql: string, values: Record<string, unknown> = {}) =>
      () =>
        scratch.db!.prepare(`INSERT OR REPLACE ${sql}`).run(values);
    // recon_signoffs: its id (and (id, workspace_id), which contains it).
    expect(
      replace(
        `INTO recon_signoffs (id, workspace_id, as_of, signed_at, actor, note, locked_requests, locked_lines,
           audit_seq, audit_hash, report_gzip, report_sha256)
         VALUES (1, 1, '2026-09-30', '2026-11-22T09:01:00.000Z', 'user', 'swapped', 0, 0, 2, '${HASH(2)}',
           x'1f8b', '${'c'.repeat(64)}')`,
      ),
    ).toThrow(/append-only/);
    // recon_signoff_items: its id, (signoff_id, decision_id, line_id), (signoff_id, decision_id, request_id).
    const item = `INTO recon_signoff_items (id, signoff_id, decision_id, line_id, request_id, status, approved_text)
                  VALUES (@id, 1, 1, @line, @request, @status, @approved)`;
    expect(replace(item, { id: 1, line: null, request: 1, status: 'removed', approved: null })).toThrow(
      /append-only/,
    );
    expect(replace(item, { id: null, line: 1, request: null, status: null, approved: null })).toThrow(
      /append-only/,
    );
    expect(replace(item, { id: null, line: null, request: 1, status: 'removed', approved: null })).toThrow(
      /append-only/,
    );
    // recon_signoff_unlocks: its id, and signoff_id (one unlock per sign-off).
    const unlockRow = `INTO recon_signoff_unlocks (id, workspace_id, signoff_id, reason, actor, at, audit_seq)
                       VALUES (@id, 1, 1, 'A different reason', 'user', '2026-11-22T09:02:00.000Z', 3)`;
    expect(replace(unlockRow, { id: null })).toThrow(/at most once/);
    expect(replace(unlockRow, { id: 1 })).toThrow(/at most once/);
    // recon_signoff_drift: its id, its only unique key.
    expect(() => drift(null, 'INSERT OR REPLACE', 1)).toThrow(/append-only/);
    expect(() => drift(null, 'REPLACE', 1)).toThrow(/append-only/);
    expect(tables.map(rows)).toEqual(before);
  });

  it('unlocks a sign-off at most once, with a reason; drift is a log: the same value may come again', () => {
    scratch.db = atVersion10();
    migrate(scratch.db, MIGRATIONS);
    signOff();
    expect(() => unlock({ reason: '  ' })).toThrow(/CHECK/);
    expect(() => unlock({ signOff: 2 })).toThrow(/FOREIGN KEY/);
    unlock();
    expect(() => unlock()).toThrow(/at most once/);
    expect(() => scratch.db!.prepare("UPDATE recon_signoff_unlocks SET reason = 'other'").run()).toThrow(
      /append-only/,
    );
    expect(() => scratch.db!.prepare('DELETE FROM recon_signoff_unlocks').run()).toThrow(/append-only/);
    // approved → removed → approved (back) → removed again: every change is its own row.
    drift('removed');
    drift('approved');
    drift('removed');
    drift(null);
    expect(() => scratch.db!.prepare("UPDATE recon_signoff_drift SET now_text = 'x'").run()).toThrow(
      /append-only/,
    );
    expect(() => scratch.db!.prepare('DELETE FROM recon_signoff_drift').run()).toThrow(/append-only/);
    expect(scratch.db.prepare('SELECT now_text FROM recon_signoff_drift ORDER BY id').pluck().all()).toEqual([
      'removed',
      'approved',
      'removed',
      null,
    ]);
    expect(
      scratch.db
        .prepare("SELECT name FROM sqlite_schema WHERE tbl_name = 'recon_signoff_drift' AND type = 'index'")
        .pluck()
        .all(),
    ).toEqual(['recon_signoff_drift_last']);
  });
});
