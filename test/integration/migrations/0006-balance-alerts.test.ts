import { describe, expect, it } from 'vitest';
import { openLedger, type Ledger } from '../../../src/main/core/ledger/db';
import { migrate } from '../../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../../src/main/core/ledger/migrations';
import { tableNames, useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();

describe('migration 0006-balance-alerts', () => {
  const STEP = MIGRATIONS.findIndex((step) => step.name === 'balance-alerts') + 1;

  function migratedWithFloat(): Ledger {
    const ledger = openLedger(scratch.path);
    migrate(ledger, MIGRATIONS.slice(0, STEP));
    ledger
      .prepare("INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')")
      .run();
    ledger
      .prepare(
        "INSERT INTO floats (id, workspace_id, currency, name, first_seen_at) VALUES (7, 1, 'GBP', 'Main', 'now')",
      )
      .run();
    return ledger;
  }

  it('is step 6, adds STRICT threshold and notification tables, and keeps earlier rows', () => {
    expect(STEP).toBe(6);
    scratch.db = openLedger(scratch.path);
    migrate(scratch.db, MIGRATIONS.slice(0, STEP - 1));
    scratch.db
      .prepare("INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'demo', 'now')")
      .run();
    expect(migrate(scratch.db, MIGRATIONS.slice(0, STEP)).applied).toEqual(['0006-balance-alerts']);
    expect(tableNames(scratch.db)).toEqual(expect.arrayContaining(['float_thresholds', 'notifications']));
    for (const table of ['float_thresholds', 'notifications']) {
      expect(
        scratch.db.prepare('SELECT strict FROM pragma_table_list WHERE name = ?').pluck().get(table),
      ).toBe(1);
    }
    expect(scratch.db.prepare('SELECT count(*) FROM workspaces').pluck().get()).toBe(1);
    expect(scratch.db.pragma('foreign_key_check')).toEqual([]);
  });

  it('stores a threshold as positive minor units for a float that exists, once per float', () => {
    scratch.db = migratedWithFloat();
    const insert = (floatId: unknown, minor: unknown, armed: unknown = 1) =>
      scratch
        .db!.prepare(
          'INSERT INTO float_thresholds (float_id, threshold_minor, alert_armed, updated_at) VALUES (?, ?, ?, ?)',
        )
        .run(floatId, minor, armed, 'now');
    insert(7, 100_000);
    expect(() => insert(7, 5)).toThrow(/UNIQUE|PRIMARY KEY/);
    scratch.db.prepare('DELETE FROM float_thresholds').run();
    expect(() => insert(7, 0)).toThrow(/CHECK/);
    expect(() => insert(7, -1)).toThrow(/CHECK/);
    expect(() => insert(7, 1.5)).toThrow(/cannot store REAL value/);
    expect(() => insert(7, 'ten')).toThrow(/cannot store TEXT value/);
    expect(() => insert(7, 1, 2)).toThrow(/CHECK/);
    expect(() => insert(99, 1)).toThrow(/FOREIGN KEY/);
    insert(7, 9_007_199_254_740_993n);
    expect(
      scratch.db.prepare('SELECT threshold_minor FROM float_thresholds').safeIntegers(true).pluck().get(),
    ).toBe(9_007_199_254_740_993n);
  });

  it('keeps one notification per workspace and dedupe key, with a known kind', () => {
    scratch.db = migratedWithFloat();
    const insert = (kind: string, key: string, title = 'Low balance') =>
      scratch
        .db!.prepare(
          `INSERT INTO notifications (workspace_id, kind, title, message, created_at, dedupe_key)
           VALUES (1, ?, ?, 'm', 'now', ?)`,
        )
        .run(kind, title, key);
    insert('low_balance', 'low_balance:7:1');
    expect(() => insert('low_balance', 'low_balance:7:1')).toThrow(/UNIQUE/);
    expect(() => insert('something_else', 'k2')).toThrow(/CHECK/);
    expect(() => insert('transfer_approved', '')).toThrow(/CHECK/);
    expect(() => insert('transfer_approved', 'k3', '')).toThrow(/CHECK/);
    for (const kind of ['transfer_approved', 'transfer_edited', 'transfer_removed', 'transfer_cancelled'])
      insert(kind, `k-${kind}`);
    expect(scratch.db.prepare('SELECT count(*) FROM notifications WHERE read_at IS NULL').pluck().get()).toBe(
      5,
    );
  });
});
