import { describe, expect, it } from 'vitest';
import { openLedger } from '../../../src/main/core/ledger/db';
import { migrate } from '../../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../../src/main/core/ledger/migrations';
import { useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();

describe('migration 0005-transfer-drafts', () => {
  const STEP = MIGRATIONS.findIndex((step) => step.name === 'transfer-drafts') + 1;
  const request = (id: number, status = 'pending') =>
    scratch
      .db!.prepare(
        `INSERT INTO transfer_requests (id, workspace_id, payment_reference, created_at, created_utc, float_name,
           currency, requested_minor, status, first_seen_at, last_seen_at)
         VALUES (?, 1, ?, '2026-11-02T09:00:00+00:00', '2026-11-02T09:00:00Z', 'Main', 'GBP', 100, ?, 't1', 't1')`,
      )
      .run(id, `REF${id}`, status);

  it('is step 5 and upgrades a version 4 ledger: every request kept and marked for its list values', () => {
    expect(STEP).toBe(5);
    scratch.db = openLedger(scratch.path);
    migrate(scratch.db, MIGRATIONS.slice(0, STEP - 1));
    scratch.db
      .prepare("INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')")
      .run();
    request(7);
    const before = scratch.db.prepare('SELECT * FROM transfer_requests').all();
    expect(migrate(scratch.db, MIGRATIONS.slice(0, STEP)).applied).toEqual(['0005-transfer-drafts']);
    expect(scratch.db.prepare('SELECT * FROM transfer_requests').all()).toEqual([
      {
        ...(before[0] as object),
        list_stale: 1,
        list_reference: null,
        list_text: null,
        requested_key: null,
        approved_key: null,
        difference_key: null,
        last_changed_at: null,
      },
    ]);
    expect(
      scratch.db.prepare("SELECT strict FROM pragma_table_list WHERE name = 'transfer_drafts'").pluck().get(),
    ).toBe(1);
  });

  it('marks a request stale again when sync changes a listed value, not when it only touches it', () => {
    scratch.db = openLedger(scratch.path);
    migrate(scratch.db, MIGRATIONS.slice(0, STEP));
    scratch.db
      .prepare("INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')")
      .run();
    request(1);
    const stale = () =>
      scratch.db!.prepare('SELECT list_stale FROM transfer_requests WHERE id = 1').pluck().get();
    expect(stale()).toBe(1);
    scratch.db.prepare('UPDATE transfer_requests SET list_stale = 0').run();
    scratch.db.prepare("UPDATE transfer_requests SET last_seen_at = 't2' WHERE id = 1").run();
    expect(stale()).toBe(0);
    scratch.db
      .prepare("UPDATE transfer_requests SET status = 'approved', approved_minor = 100 WHERE id = 1")
      .run();
    expect(stale()).toBe(1);
    expect(() => scratch.db!.prepare('UPDATE transfer_requests SET list_stale = 2').run()).toThrow(/CHECK/);
  });

  it('keeps drafts as JSON objects of an existing workspace, with times and an optional reason', () => {
    scratch.db = openLedger(scratch.path);
    migrate(scratch.db, MIGRATIONS.slice(0, STEP));
    scratch.db
      .prepare("INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')")
      .run();
    const insert = (form: string, reason: string | null = null, workspace = 1) =>
      scratch
        .db!.prepare(
          'INSERT INTO transfer_drafts (workspace_id, form, reason, created_at, saved_at) VALUES (?, ?, ?, ?, ?)',
        )
        .run(workspace, form, reason, 't1', 't1');
    insert('{"amount":"2500.00"}', 'You are offline');
    expect(() => insert('{"amount":')).toThrow(/CHECK/);
    expect(() => insert('["amount"]')).toThrow(/CHECK/);
    expect(() => insert('{}', '')).toThrow(/CHECK/);
    expect(() => insert('{}', 'x'.repeat(501))).toThrow(/CHECK/);
    expect(() => insert('{}', null, 9)).toThrow(/FOREIGN KEY/);
    expect(() =>
      scratch
        .db!.prepare(
          "INSERT INTO transfer_drafts (workspace_id, form, created_at, saved_at) VALUES (1, '{}', 'now', x'00')",
        )
        .run(),
    ).toThrow(/cannot store BLOB value/);
    expect(scratch.db.prepare('SELECT form, reason FROM transfer_drafts').all()).toEqual([
      { form: '{"amount":"2500.00"}', reason: 'You are offline' },
    ]);
  });
});
