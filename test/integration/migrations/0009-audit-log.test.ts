import { describe, expect, it } from 'vitest';
import { openLedger, type Ledger } from '../../../src/main/core/ledger/db';
import { migrate } from '../../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../../src/main/core/ledger/migrations';
import { useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();

describe('migration 0009-audit-log', () => {
  const STEP = MIGRATIONS.findIndex((step) => step.name === 'audit-log') + 1;
  const ZEROS = '0'.repeat(64);
  const HASH = 'a'.repeat(64);
  const insert = (values: Record<string, unknown>): unknown =>
    scratch
      .db!.prepare(
        `INSERT INTO audit_log (workspace_id, seq, at, actor, action, subject, details, prev_hash, hash)
         VALUES (@workspace_id, @seq, @at, @actor, @action, @subject, @details, @prev_hash, @hash)`,
      )
      .run({
        workspace_id: 1,
        seq: 1,
        at: '2026-11-22T09:00:00.000Z',
        actor: 'user',
        action: 'match.confirmed',
        subject: 'bank-line:1',
        details: '{}',
        prev_hash: ZEROS,
        hash: HASH,
        ...values,
      });

  function migrated(): Ledger {
    const ledger = openLedger(scratch.path);
    migrate(ledger, MIGRATIONS.slice(0, STEP));
    ledger
      .prepare("INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')")
      .run();
    return ledger;
  }

  it('is step 9 and upgrades a version 8 ledger, keeping its data', () => {
    expect(STEP).toBe(9);
    scratch.db = openLedger(scratch.path);
    migrate(scratch.db, MIGRATIONS.slice(0, STEP - 1));
    scratch.db
      .prepare("INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')")
      .run();
    expect(migrate(scratch.db, MIGRATIONS.slice(0, STEP)).applied).toEqual(['0009-audit-log']);
    expect(scratch.db.prepare('SELECT name FROM workspaces').pluck().all()).toEqual(['Books']);
    expect(
      scratch.db.prepare("SELECT strict FROM pragma_table_list WHERE name = 'audit_log'").pluck().get(),
    ).toBe(1);
    expect(
      scratch.db
        .prepare(
          "SELECT name FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = 'audit_log' ORDER BY name",
        )
        .pluck()
        .all(),
    ).toEqual(['audit_log_no_delete', 'audit_log_no_replace', 'audit_log_no_update']);
  });

  it('keeps one entry per workspace and seq, and refuses malformed columns', () => {
    scratch.db = migrated();
    insert({});
    expect(() => insert({})).toThrow(/append-only: entries cannot be replaced/);
    expect(() => insert({ seq: 2, prev_hash: HASH, workspace_id: 9 })).toThrow(/FOREIGN KEY/);
    expect(() => insert({ seq: 0 })).toThrow(/CHECK/);
    expect(() => insert({ seq: 'two', prev_hash: HASH })).toThrow(/cannot store TEXT value/);
    expect(() => insert({ seq: 2, prev_hash: HASH, at: '2026-11-22 09:00' })).toThrow(/CHECK/);
    expect(() => insert({ seq: 2, prev_hash: HASH, at: '2026-11-22T09:00:00+01:00' })).toThrow(/CHECK/);
    expect(() => insert({ seq: 2, prev_hash: HASH, actor: 'User' })).toThrow(/CHECK/);
    expect(() => insert({ seq: 2, prev_hash: HASH, action: 'confirmed' })).toThrow(/CHECK/);
    expect(() => insert({ seq: 2, prev_hash: HASH, action: 'match.confirmed;' })).toThrow(/CHECK/);
    expect(() => insert({ seq: 2, prev_hash: HASH, subject: '' })).toThrow(/CHECK/);
    expect(() => insert({ seq: 2, prev_hash: HASH, details: '{oops' })).toThrow(/CHECK/);
    expect(() => insert({ seq: 2, prev_hash: HASH, details: '[]' })).toThrow(/CHECK/);
    expect(() => insert({ seq: 2, prev_hash: HASH, hash: 'A'.repeat(64) })).toThrow(/CHECK/);
    expect(() => insert({ seq: 2, prev_hash: HASH.slice(1) })).toThrow(/CHECK/);
    // Only the first entry starts from 64 zeros, and it always does.
    expect(() => insert({ seq: 2, prev_hash: ZEROS })).toThrow(/CHECK/);
    expect(() =>
      insert({ seq: 2, prev_hash: HASH, actor: 'sync', action: 'statement.imported' }),
    ).not.toThrow();
  });

  it('refuses every UPDATE and DELETE', () => {
    scratch.db = migrated();
    insert({});
    expect(() => scratch.db!.prepare("UPDATE audit_log SET subject = 'x'").run()).toThrow(/append-only/);
    expect(() => scratch.db!.prepare('DELETE FROM audit_log').run()).toThrow(/append-only/);
    // REPLACE deletes without firing DELETE triggers: a trigger on INSERT catches it.
    const replace = (how: string): unknown =>
      scratch
        .db!.prepare(
          `INSERT OR REPLACE INTO audit_log (${how === 'id' ? 'id, ' : ''}workspace_id, seq, at, actor, action, subject,
             details, prev_hash, hash)
           SELECT ${how === 'id' ? 'id, ' : ''}workspace_id, ${how === 'id' ? 'seq + 1' : 'seq'}, at, actor, action, 'y',
             details, ${how === 'id' ? `'${HASH}'` : 'prev_hash'}, hash FROM audit_log`,
        )
        .run();
    expect(() => replace('seq')).toThrow(/append-only: entries cannot be replaced/);
    expect(() => replace('id')).toThrow(/append-only: entries cannot be replaced/);
    expect(() => scratch.db!.prepare('UPDATE OR REPLACE audit_log SET seq = 1').run()).toThrow(/append-only/);
    expect(scratch.db.prepare('SELECT subject FROM audit_log').pluck().all()).toEqual(['bank-line:1']);
  });
});
