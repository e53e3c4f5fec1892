/**
 * Migration 0016-recon-settings: Settings → Reconciliation per workspace (the rules allowed without
 * a person, the start date) and the tolerance per currency in minor units, STRICT with CHECKs.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLedger, type Ledger } from '../../../src/main/core/ledger/db';
import { migrate } from '../../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../../src/main/core/ledger/migrations';
import { makeTempDir } from '../../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let db: Ledger | undefined;

beforeEach(() => {
  temp = makeTempDir();
});
afterEach(() => {
  if (db?.open) db.close();
  db = undefined;
  temp.cleanup();
});

describe('migration 0016-recon-settings', () => {
  const STEP = MIGRATIONS.findIndex((step) => step.name === 'recon-settings') + 1;
  const settings = (values: unknown[]): unknown =>
    db!
      .prepare(
        `INSERT INTO recon_settings (workspace_id, auto_exact_ref, auto_fuzzy_ref, auto_split_sum, start_date,
           updated_at) VALUES (?, ?, ?, ?, ?, 'now')`,
      )
      .run(...values);
  const tolerance = (values: unknown[]): unknown =>
    db!
      .prepare('INSERT INTO recon_tolerances (workspace_id, currency, amount_minor) VALUES (?, ?, ?)')
      .run(...values);

  function upgraded(): Ledger {
    db = openLedger(join(temp.dir, 'ledger.sqlite'));
    migrate(db, MIGRATIONS.slice(0, STEP - 1));
    db.prepare(
      "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')",
    ).run();
    expect(migrate(db, MIGRATIONS.slice(0, STEP)).applied).toEqual(['0016-recon-settings']);
    return db;
  }

  it('is step 16, upgrades a version 15 ledger keeping its data, and adds two empty STRICT tables', () => {
    expect(STEP).toBe(16);
    const ledger = upgraded();
    expect(ledger.prepare('SELECT name FROM workspaces').pluck().all()).toEqual(['Books']);
    for (const table of ['recon_settings', 'recon_tolerances']) {
      expect(ledger.prepare(`SELECT count(*) FROM ${table}`).pluck().get()).toBe(0);
      expect(ledger.prepare('SELECT strict FROM pragma_table_list WHERE name = ?').pluck().get(table)).toBe(
        1,
      );
    }
  });

  it('keeps one row per workspace and refuses flags, dates and tolerances the app does not write', () => {
    upgraded();
    settings([1, 1, 1, 0, null]);
    expect(() => settings([1, 1, 1, 0, null])).toThrow(/UNIQUE|PRIMARY KEY/);
    expect(() => settings([2, 1, 1, 0, null])).toThrow(/FOREIGN KEY/);
    db!.prepare('DELETE FROM recon_settings').run();
    expect(() => settings([1, 2, 1, 0, null])).toThrow(/CHECK/);
    expect(() => settings([1, 1, -1, 0, null])).toThrow(/CHECK/);
    expect(() => settings([1, 1, 1, 0, '1 Oct 2026'])).toThrow(/CHECK/);
    expect(() => settings([1, 1, 1, 'no', null])).toThrow(/cannot store TEXT value in INTEGER column/);
    settings([1, 0, 1, 1, '2026-10-01']);

    tolerance([1, 'GBP', 250]);
    expect(() => tolerance([1, 'GBP', 100])).toThrow(/UNIQUE|PRIMARY KEY/);
    expect(() => tolerance([1, 'gbp', 100])).toThrow(/CHECK/);
    expect(() => tolerance([1, 'EUR', -1])).toThrow(/CHECK/);
    expect(() => tolerance([1, 'EUR', 1.5])).toThrow(/cannot store REAL value in INTEGER column/);
    // A tolerance belongs to a workspace's settings row.
    db!
      .prepare("INSERT INTO workspaces (id, name, kind, created_at) VALUES (2, 'Other', 'platform', 'now')")
      .run();
    expect(() => tolerance([2, 'EUR', 0])).toThrow(/FOREIGN KEY/);
    expect(db!.prepare('SELECT currency, amount_minor FROM recon_tolerances').all()).toEqual([
      { currency: 'GBP', amount_minor: 250 },
    ]);
  });
});
