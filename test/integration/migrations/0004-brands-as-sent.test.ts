import { describe, expect, it } from 'vitest';
import { openLedger } from '../../../src/main/core/ledger/db';
import { migrate } from '../../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../../src/main/core/ledger/migrations';
import { tableNames, useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();

describe('migration 0004-brands-as-sent', () => {
  const STEP = MIGRATIONS.findIndex((step) => step.name === 'brands-as-sent') + 1;

  it('is step 4 and rebuilds brands keeping every row, id and change-log link', () => {
    expect(STEP).toBe(4);
    scratch.db = openLedger(scratch.path);
    migrate(scratch.db, MIGRATIONS.slice(0, STEP - 1));
    scratch.db
      .prepare("INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')")
      .run();
    scratch.db
      .prepare(
        `INSERT INTO brands (id, workspace_id, slug, name, currency, status_code, data, first_seen_at, last_seen_at, vanished_at)
       VALUES (41, 1, 'amber', 'Amber', 'GBP', 'ENABLED', '{"discount":"2.50"}', 't1', 't2', NULL),
              (42, 1, 'birch', 'Birch', 'EUR', 'PAUSED', '{"discount":"3"}', 't1', 't3', 't3')`,
      )
      .run();
    scratch.db
      .prepare(
        "INSERT INTO brand_changes (brand_id, observed_at, kind, attribute, old_value, new_value) VALUES (42, 't3', 'vanished', NULL, NULL, NULL)",
      )
      .run();
    const before = scratch.db.prepare('SELECT * FROM brands ORDER BY id').all();

    expect(migrate(scratch.db, MIGRATIONS.slice(0, STEP)).applied).toEqual(['0004-brands-as-sent']);
    expect(scratch.db.prepare('SELECT * FROM brands ORDER BY id').all()).toEqual(before);
    expect(scratch.db.prepare('SELECT brand_id FROM brand_changes').pluck().all()).toEqual([42]);
    expect(scratch.db.pragma('foreign_key_check')).toEqual([]);
    expect(
      scratch.db.prepare("SELECT strict FROM pragma_table_list WHERE name = 'brands'").pluck().get(),
    ).toBe(1);
    expect(tableNames(scratch.db)).not.toContain('brands_before_0004');
    expect(
      scratch.db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'brand_changes'").pluck().get(),
    ).toMatch(/REFERENCES brands \(id\)/);
  });

  it('keeps the constraints that matter and stores the text as sent', () => {
    scratch.db = openLedger(scratch.path);
    migrate(scratch.db, MIGRATIONS.slice(0, STEP));
    scratch.db
      .prepare("INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')")
      .run();
    const insert = (slug: string, workspace = 1) =>
      scratch
        .db!.prepare(
          `INSERT INTO brands (workspace_id, slug, name, currency, status_code, data, first_seen_at, last_seen_at)
           VALUES (?, ?, 'N', 'GBP', 'ENABLED', '{"discount":2.50}', 't', 't')`,
        )
        .run(workspace, slug);
    insert('amber');
    expect(() => insert('amber')).toThrow(/UNIQUE/);
    expect(() => insert('')).toThrow(/CHECK/);
    expect(() => insert('birch', 9)).toThrow(/FOREIGN KEY/);
    expect(scratch.db.prepare("SELECT data FROM brands WHERE slug = 'amber'").pluck().get()).toBe(
      '{"discount":2.50}',
    );
  });
});
