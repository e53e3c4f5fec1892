import { describe, expect, it } from 'vitest';
import { openLedger } from '../../../src/main/core/ledger/db';
import { migrate } from '../../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../../src/main/core/ledger/migrations';
import { useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();

describe('migration 0003-locks', () => {
  const LOCKS = MIGRATIONS.findIndex((step) => step.name === 'locks') + 1;
  const insert = (values: unknown[]): unknown =>
    scratch
      .db!.prepare(
        'INSERT INTO locks (name, owner, pid, hostname, acquired_at, heartbeat_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(...values);

  it('is step 3 and upgrades a version 2 ledger, keeping its data', () => {
    expect(LOCKS).toBe(3);
    scratch.db = openLedger(scratch.path);
    migrate(scratch.db, MIGRATIONS.slice(0, LOCKS - 1));
    scratch.db
      .prepare("INSERT INTO workspaces (name, kind, created_at) VALUES ('Books', 'platform', 'now')")
      .run();
    expect(migrate(scratch.db, MIGRATIONS.slice(0, LOCKS))).toEqual({
      from: LOCKS - 1,
      to: LOCKS,
      applied: ['0003-locks'],
    });
    expect(scratch.db.prepare('SELECT name FROM workspaces').pluck().all()).toEqual(['Books']);
  });

  it('creates the STRICT locks table with one row per lock name', () => {
    scratch.db = openLedger(scratch.path);
    migrate(scratch.db, MIGRATIONS.slice(0, LOCKS));
    const columns = scratch.db
      .prepare<[], { name: string; type: string; notnull: number; pk: number }>(
        "SELECT * FROM pragma_table_info('locks')",
      )
      .all()
      .map(
        (column) =>
          `${column.name} ${column.type}${column.notnull ? ' NOT NULL' : ''}${column.pk ? ' PK' : ''}`,
      );
    expect(columns).toEqual([
      'name TEXT NOT NULL PK', // STRICT: a primary key is never NULL
      'owner TEXT NOT NULL',
      'pid INTEGER NOT NULL',
      'hostname TEXT NOT NULL',
      'acquired_at TEXT NOT NULL',
      'heartbeat_at TEXT NOT NULL',
    ]);
    expect(
      scratch.db.prepare("SELECT strict FROM pragma_table_list WHERE name = 'locks'").pluck().get(),
    ).toBe(1);
    insert(['sync', 'cli', 1234, 'desk-1', 'now', 'now']);
    expect(() => insert(['sync', 'app', 5678, 'desk-1', 'now', 'now'])).toThrow(/UNIQUE|PRIMARY KEY/);
  });

  it('rejects a missing owner, a pid that is not a positive whole number and an empty name', () => {
    scratch.db = openLedger(scratch.path);
    migrate(scratch.db, MIGRATIONS.slice(0, LOCKS));
    expect(() => insert(['sync', null, 1, 'h', 'now', 'now'])).toThrow(/NOT NULL/);
    expect(() => insert(['sync', 'cli', 'abc', 'h', 'now', 'now'])).toThrow(/cannot store TEXT value/);
    expect(() => insert(['sync', 'cli', 0, 'h', 'now', 'now'])).toThrow(/CHECK/);
    expect(() => insert(['', 'cli', 1, 'h', 'now', 'now'])).toThrow(/CHECK/);
  });
});
