import { describe, expect, it } from 'vitest';
import { openLedger, type Ledger } from '../../../src/main/core/ledger/db';
import { migrate } from '../../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../../src/main/core/ledger/migrations';
import { useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();

describe('migration 0010-reconciliation', () => {
  const STEP = MIGRATIONS.findIndex((step) => step.name === 'reconciliation') + 1;
  const HASH = (n: number): string => n.toString(16).padStart(64, '0');

  function migrated(): Ledger {
    const ledger = openLedger(scratch.path);
    migrate(ledger, MIGRATIONS.slice(0, STEP));
    ledger.exec(`
      INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now'), (2, 'Other', 'platform', 'now');
      INSERT INTO audit_log (workspace_id, seq, at, actor, action, subject, details, prev_hash, hash)
        VALUES (1, 1, '2026-11-22T09:00:00.000Z', 'user', 'match.manual', 'decision:1', '{}', '${'0'.repeat(64)}', '${HASH(1)}'),
               (1, 2, '2026-11-22T09:01:00.000Z', 'user', 'decision.undone', 'decision:1', '{}', '${HASH(1)}', '${HASH(2)}');
      INSERT INTO bank_statements (id, workspace_id, file_name, file_sha256, section, format, account_key, line_count, imported_at)
        VALUES (1, 1, 'march.xml', '${'a'.repeat(64)}', 0, 'camt053', 'DE89', 2, 'now');
      INSERT INTO bank_lines (id, statement_id, workspace_id, account_key, bank_transaction_id, booking_date, currency,
          amount_minor, source_line)
        VALUES (1, 1, 1, 'DE89', 'B1', '2026-03-02', 'GBP', -250000, 3), (2, 1, 1, 'DE89', 'B2', '2026-03-03', 'GBP', -100, 9);
      INSERT INTO transfer_requests (id, workspace_id, payment_reference, created_at, created_utc, float_name, currency,
          requested_minor, status, first_seen_at, last_seen_at)
        VALUES (1, 1, 'REF00001', '2026-03-01T10:00:00+00:00', '2026-03-01T10:00:00.000Z', 'main', 'GBP', 250000,
          'approved', 'now', 'now');
    `);
    return ledger;
  }
  const decide = (values: Record<string, unknown> = {}): number =>
    Number(
      scratch
        .db!.prepare(
          `INSERT INTO recon_decisions (id, workspace_id, kind, payload, actor, created_at, audit_seq, undoes)
           VALUES (@id, @workspace, @kind, @payload, @actor, @at, @seq, @undoes)`,
        )
        .run({
          id: null,
          workspace: 1,
          kind: 'manual',
          payload: '{"note":"by hand"}',
          actor: 'user',
          at: '2026-11-22T09:00:00.000Z',
          seq: 1,
          undoes: null,
          ...values,
        }).lastInsertRowid,
    );
  const cover = (values: Record<string, unknown> = {}): unknown =>
    scratch
      .db!.prepare(
        `INSERT INTO recon_current (workspace_id, decision_id, role, line_id, request_id)
         VALUES (1, @decision, @role, @line, @request)`,
      )
      .run({ decision: 1, role: 'match', line: null, request: null, ...values });

  it('is step 10 and upgrades a version 9 ledger, keeping its data, with STRICT tables and triggers', () => {
    expect(STEP).toBe(10);
    scratch.db = openLedger(scratch.path);
    migrate(scratch.db, MIGRATIONS.slice(0, STEP - 1));
    scratch.db
      .prepare("INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')")
      .run();
    expect(migrate(scratch.db, MIGRATIONS.slice(0, STEP)).applied).toEqual(['0010-reconciliation']);
    expect(scratch.db.prepare('SELECT name FROM workspaces').pluck().all()).toEqual(['Books']);
    for (const table of ['recon_decisions', 'recon_current', 'recon_suggestions']) {
      expect(
        scratch.db.prepare('SELECT strict FROM pragma_table_list WHERE name = ?').pluck().get(table),
      ).toBe(1);
    }
    expect(
      scratch.db
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'recon%' ORDER BY name")
        .pluck()
        .all(),
    ).toEqual([
      'recon_current_in_force',
      'recon_decisions_no_delete',
      'recon_decisions_no_replace',
      'recon_decisions_no_update',
      'recon_decisions_undo_target',
    ]);
  });

  it('keeps decisions append-only, each tied to its audit entry; an undo names one decision of its workspace once', () => {
    scratch.db = migrated();
    expect(decide()).toBe(1);
    expect(() => decide({ kind: 'approve' })).toThrow(/CHECK/);
    expect(() => decide({ payload: '[]' })).toThrow(/CHECK/);
    expect(() => decide({ payload: '{oops' })).toThrow(/CHECK/);
    expect(() => decide({ actor: 'robot' })).toThrow(/CHECK/);
    expect(() => decide({ at: '2026-11-22 09:00' })).toThrow(/CHECK/);
    expect(() => decide({ seq: 9 })).toThrow(/FOREIGN KEY/);
    expect(() => decide({ kind: 'undo' })).toThrow(/CHECK/);
    expect(() => decide({ undoes: 1 })).toThrow(/CHECK/);
    expect(() => decide({ kind: 'undo', undoes: 99, seq: 2 })).toThrow(/FOREIGN KEY/);
    expect(decide({ kind: 'undo', undoes: 1, seq: 2 })).toBe(2);
    expect(() => decide({ kind: 'undo', undoes: 1, seq: 2 })).toThrow(/UNIQUE/);
    expect(() => decide({ kind: 'undo', undoes: 2, seq: 2 })).toThrow(/an undo cannot be undone/);
    expect(() => scratch.db!.prepare("UPDATE recon_decisions SET payload = '{}'").run()).toThrow(
      /append-only/,
    );
    expect(() => scratch.db!.prepare('DELETE FROM recon_decisions').run()).toThrow(/append-only/);
    expect(() =>
      scratch
        .db!.prepare(
          `INSERT OR REPLACE INTO recon_decisions (id, workspace_id, kind, payload, actor, created_at, audit_seq)
           VALUES (1, 1, 'manual', '{}', 'user', '2026-11-22T09:00:00.000Z', 1)`,
        )
        .run(),
    ).toThrow(/append-only/);
    expect(scratch.db.prepare('SELECT count(*) FROM recon_decisions').pluck().get()).toBe(2);
  });

  it('covers each line and request at most once per role, and only by a decision in force of the right kind', () => {
    scratch.db = migrated();
    decide();
    cover({ line: 1 });
    cover({ request: 1 });
    expect(() => cover({ line: 1 })).toThrow(/UNIQUE/);
    expect(() => cover({ request: 1 })).toThrow(/UNIQUE/);
    expect(() => cover({ line: 2, request: 1 })).toThrow(/CHECK/);
    expect(() => cover({})).toThrow(/CHECK/);
    expect(() => cover({ line: 99 })).toThrow(/FOREIGN KEY/);
    // A resolution is a role of its own, and only a 'resolve' decision takes it.
    expect(() => cover({ role: 'resolution', line: 1 })).toThrow(/only matches and resolutions in force/);
    decide({ kind: 'resolve', payload: '{"reasonCode":"bank_fee"}' });
    expect(() => cover({ decision: 2, role: 'resolution', line: 1 })).not.toThrow();
    // Once undone, a decision covers nothing new.
    decide({ kind: 'undo', undoes: 1, seq: 2 });
    scratch.db.prepare('DELETE FROM recon_current WHERE decision_id = 1').run();
    expect(() => cover({ line: 2 })).toThrow(/only matches and resolutions in force/);
  });

  it("keeps the last run's suggestions under a 24-hex-digit key per workspace", () => {
    scratch.db = migrated();
    const suggest = (values: Record<string, unknown> = {}): unknown =>
      scratch
        .db!.prepare(
          `INSERT INTO recon_suggestions (workspace_id, key, position, rule, reason, options, computed_at)
           VALUES (1, @key, 0, 'amount_date', @reason, @options, 'now')`,
        )
        .run({ key: 'a'.repeat(24), reason: 'tie', options: '[]', ...values });
    suggest();
    expect(() => suggest()).toThrow(/UNIQUE/);
    expect(() => suggest({ key: 'A'.repeat(24) })).toThrow(/CHECK/);
    expect(() => suggest({ key: 'b'.repeat(23) })).toThrow(/CHECK/);
    expect(() => suggest({ key: 'c'.repeat(24), reason: 'hunch' })).toThrow(/CHECK/);
    expect(() => suggest({ key: 'd'.repeat(24), options: '{}' })).toThrow(/CHECK/);
  });
});
