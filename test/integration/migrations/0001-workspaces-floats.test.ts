import { beforeEach, describe, expect, it } from 'vitest';
import { openLedger } from '../../../src/main/core/ledger/db';
import { migrate } from '../../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../../src/main/core/ledger/migrations';
import { tableNames, useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();

describe('migration 0001-workspaces-floats', () => {
  beforeEach(() => {
    scratch.db = openLedger(scratch.path);
    migrate(scratch.db, MIGRATIONS.slice(0, 1));
    scratch.db
      .prepare(
        "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Demo', 'demo', '2026-11-22T09:00:00.000Z')",
      )
      .run();
  });

  it('creates STRICT tables for workspaces, floats and balance snapshots', () => {
    expect(tableNames(scratch.db!)).toEqual(['balance_snapshots', 'floats', 'workspaces']);
    const strict = scratch
      .db!.prepare<[], { name: string; strict: number }>(
        "SELECT name, strict FROM pragma_table_list WHERE schema = 'main' AND name NOT LIKE 'sqlite_%'",
      )
      .all();
    expect(strict.every((table) => table.strict === 1)).toBe(true);
  });

  it('rejects a lowercase currency, an empty float name and an unknown workspace kind', () => {
    const insertFloat = scratch.db!.prepare(
      "INSERT INTO floats (workspace_id, currency, name, first_seen_at) VALUES (1, ?, ?, 'now')",
    );
    expect(() => insertFloat.run('gbp', 'Main')).toThrow(/CHECK/);
    expect(() => insertFloat.run('GBP', '')).toThrow(/CHECK/);
    expect(() =>
      scratch
        .db!.prepare("INSERT INTO workspaces (name, kind, created_at) VALUES ('x', 'other', 'now')")
        .run(),
    ).toThrow(/CHECK/);
  });

  it('keeps one float per workspace, currency and name, and enforces the workspace reference', () => {
    const insertFloat = scratch.db!.prepare(
      "INSERT INTO floats (workspace_id, currency, name, first_seen_at) VALUES (?, 'GBP', 'Main', 'now')",
    );
    insertFloat.run(1);
    expect(() => insertFloat.run(1)).toThrow(/UNIQUE/);
    expect(() => insertFloat.run(99)).toThrow(/FOREIGN KEY/);
  });

  it('requires each snapshot amount as exactly one of minor units or an exact over-precise value', () => {
    scratch
      .db!.prepare(
        "INSERT INTO floats (id, workspace_id, currency, name, first_seen_at) VALUES (1, 1, 'GBP', 'Main', 'now')",
      )
      .run();
    const insert = scratch.db!.prepare(
      `INSERT INTO balance_snapshots (float_id, recorded_at, available_minor, available_exact, pending_minor, pending_exact)
       VALUES (1, 'now', ?, ?, 0, NULL)`,
    );
    expect(() => insert.run(100, null)).not.toThrow();
    expect(() => insert.run(null, '1.005')).not.toThrow();
    expect(() => insert.run(null, null)).toThrow(/CHECK/);
    expect(() => insert.run(100, '1.00')).toThrow(/CHECK/);
    expect(() => insert.run('1.2.3', null)).toThrow(/cannot store TEXT value in INTEGER column/);
  });
});
