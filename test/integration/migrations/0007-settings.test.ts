import { describe, expect, it } from 'vitest';
import { openLedger } from '../../../src/main/core/ledger/db';
import { migrate } from '../../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../../src/main/core/ledger/migrations';
import { useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();

describe('migration 0007-settings', () => {
  const STEP = MIGRATIONS.findIndex((step) => step.name === 'settings') + 1;
  const insert = (values: unknown[]): unknown =>
    scratch
      .db!.prepare(
        `INSERT INTO workspace_settings (workspace_id, sync_interval_minutes, locale, date_style, theme,
           company, finance_email, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'now')`,
      )
      .run(...values);

  it('is step 7 and upgrades a version 6 ledger, keeping its data', () => {
    expect(STEP).toBe(7);
    scratch.db = openLedger(scratch.path);
    migrate(scratch.db, MIGRATIONS.slice(0, STEP - 1));
    scratch.db
      .prepare("INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')")
      .run();
    expect(migrate(scratch.db, MIGRATIONS.slice(0, STEP)).applied).toEqual(['0007-settings']);
    expect(scratch.db.prepare('SELECT name FROM workspaces').pluck().all()).toEqual(['Books']);
    expect(scratch.db.prepare('SELECT count(*) FROM workspace_settings').pluck().get()).toBe(0);
    expect(
      scratch.db
        .prepare("SELECT strict FROM pragma_table_list WHERE name = 'workspace_settings'")
        .pluck()
        .get(),
    ).toBe(1);
  });

  it('keeps one row per workspace and refuses values outside the settings the app knows', () => {
    scratch.db = openLedger(scratch.path);
    migrate(scratch.db, MIGRATIONS.slice(0, STEP));
    scratch.db
      .prepare("INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')")
      .run();
    insert([1, 5, 'system', 'iso', 'system', '{}', null]);
    expect(() => insert([1, 5, 'system', 'iso', 'system', '{}', null])).toThrow(/UNIQUE|PRIMARY KEY/);
    scratch.db.prepare('DELETE FROM workspace_settings').run();
    expect(() => insert([2, 5, 'system', 'iso', 'system', '{}', null])).toThrow(/FOREIGN KEY/);
    expect(() => insert([1, 1441, 'system', 'iso', 'system', '{}', null])).toThrow(/CHECK/);
    expect(() => insert([1, -1, 'system', 'iso', 'system', '{}', null])).toThrow(/CHECK/);
    expect(() => insert([1, 5, 'x', 'iso', 'system', '{}', null])).toThrow(/CHECK/);
    expect(() => insert([1, 5, 'de-DE', 'long', 'system', '{}', null])).toThrow(/CHECK/);
    expect(() => insert([1, 5, 'de-DE', 'iso', 'sepia', '{}', null])).toThrow(/CHECK/);
    expect(() => insert([1, 5, 'de-DE', 'iso', 'dark', '[]', null])).toThrow(/CHECK/);
    expect(() => insert([1, 5, 'de-DE', 'iso', 'dark', '{oops', null])).toThrow(/CHECK/);
    expect(() => insert([1, 5, 'de-DE', 'iso', 'dark', '{}', 'not-an-address'])).toThrow(/CHECK/);
    expect(() => insert([1, 0, 'de-DE', 'locale', 'dark', '{"city":"Bonn"}', 'f@x.de'])).not.toThrow();
  });
});
