import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/shared/ipc/errors';
import { FLOATDESK_APPLICATION_ID, openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { migrate, schemaVersionOf } from '../../src/main/core/ledger/migrate';
import { LATEST_SCHEMA_VERSION, MIGRATIONS, type Migration } from '../../src/main/core/ledger/migrations';
import { thrownAppError } from '../helpers/app-error';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let ledgerPath: string;
let db: Ledger | undefined;

beforeEach(() => {
  temp = makeTempDir();
  ledgerPath = join(temp.dir, 'ledger.sqlite');
});
afterEach(() => {
  if (db?.open) db.close();
  db = undefined;
  temp.cleanup();
});

function tableNames(ledger: Ledger): string[] {
  return ledger
    .prepare<[], { name: string }>("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
    .all()
    .map((row) => row.name);
}

describe('ledger open', () => {
  it('sets the pragmas DESIGN.md requires on every connection', () => {
    db = openLedger(ledgerPath);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  it('refuses a ledger from a newer FloatDesk before changing anything in the file', () => {
    const older = new Database(ledgerPath);
    older.pragma(`application_id = ${FLOATDESK_APPLICATION_ID}`);
    older.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 1}`);
    older.close();
    expect(() => openLedger(ledgerPath, { maxSchemaVersion: LATEST_SCHEMA_VERSION })).toThrow(
      expect.objectContaining({ code: 'ledger_too_new' }),
    );
    const check = new Database(ledgerPath, { readonly: true });
    expect(check.pragma('journal_mode', { simple: true })).toBe('delete');
    check.close();
  });

  it('reports a file that is not a SQLite database as a damaged ledger', () => {
    writeFileSync(
      ledgerPath,
      'this is not a database, just text that is long enough to have a header '.repeat(10),
    );
    expect(() => openLedger(ledgerPath)).toThrow(expect.objectContaining({ code: 'ledger_corrupt' }));
  });
});

describe('migration runner', () => {
  it('brings a new ledger to the latest version in one step and records it in user_version', () => {
    db = openLedger(ledgerPath);
    const outcome = migrate(db, MIGRATIONS);
    expect(outcome).toEqual({
      from: 0,
      to: LATEST_SCHEMA_VERSION,
      applied: MIGRATIONS.map((step) => `${String(step.version).padStart(4, '0')}-${step.name}`),
    });
    expect(schemaVersionOf(db)).toBe(LATEST_SCHEMA_VERSION);
  });

  it('refuses a step that leaves a row pointing at a missing row, changing nothing', () => {
    db = openLedger(ledgerPath);
    migrate(db, MIGRATIONS);
    const dangling: Migration[] = [
      ...MIGRATIONS,
      {
        version: LATEST_SCHEMA_VERSION + 1,
        name: 'dangling',
        sql: `CREATE TABLE parent (id INTEGER PRIMARY KEY);
              CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent (id));
              INSERT INTO child VALUES (1, 42);`,
      },
    ];
    const error = thrownAppError(() => migrate(db!, dangling));
    expect(error.code).toBe('ledger_corrupt');
    expect(error.details?.problems).toEqual([
      `Migrating to schema ${LATEST_SCHEMA_VERSION + 1} left 1 row(s) pointing at missing rows (first: child 1 → parent).`,
    ]);
    expect(schemaVersionOf(db)).toBe(LATEST_SCHEMA_VERSION);
    expect(tableNames(db)).not.toContain('child');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('migrates a ledger whose rows already pointed at missing rows (those are for the audit to report)', () => {
    db = openLedger(ledgerPath);
    migrate(db, MIGRATIONS.slice(0, LATEST_SCHEMA_VERSION - 1));
    db.exec(`CREATE TABLE parent (id INTEGER PRIMARY KEY);
             CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent (id))`);
    db.pragma('foreign_keys = OFF');
    db.prepare('INSERT INTO child VALUES (1, 42)').run();
    db.pragma('foreign_keys = ON');
    expect(migrate(db, MIGRATIONS).to).toBe(LATEST_SCHEMA_VERSION);
    expect(db.pragma('foreign_key_check')).toHaveLength(1);
  });

  it('does nothing on an up-to-date ledger', () => {
    db = openLedger(ledgerPath);
    migrate(db, MIGRATIONS);
    expect(migrate(db, MIGRATIONS)).toEqual({
      from: LATEST_SCHEMA_VERSION,
      to: LATEST_SCHEMA_VERSION,
      applied: [],
    });
  });

  it('refuses a ledger written by a newer FloatDesk and leaves it untouched', () => {
    db = openLedger(ledgerPath);
    db.exec('CREATE TABLE from_the_future (x INTEGER) STRICT');
    db.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 5}`);
    let thrown: unknown;
    try {
      migrate(db, MIGRATIONS);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).code).toBe('ledger_too_new');
    expect((thrown as AppError).message).toMatch(/newer FloatDesk.*Update FloatDesk/);
    expect(tableNames(db)).toEqual(['from_the_future']);
    expect(schemaVersionOf(db)).toBe(LATEST_SCHEMA_VERSION + 5);
  });

  it('applies all pending steps in one transaction: a failing step leaves the ledger as it was', () => {
    db = openLedger(ledgerPath);
    const broken: Migration[] = [
      ...MIGRATIONS,
      { version: MIGRATIONS.length + 1, name: 'broken', sql: 'CREATE TABLE oops (' },
    ];
    expect(() => migrate(db!, broken)).toThrow();
    expect(schemaVersionOf(db)).toBe(0);
    expect(tableNames(db)).toEqual([]);
  });

  it('refuses a migration list with gaps or out of order', () => {
    db = openLedger(ledgerPath);
    const gap: Migration[] = [{ version: 2, name: 'skips-one', sql: 'SELECT 1' }];
    expect(() => migrate(db!, gap)).toThrow(/out of order/);
  });
});

describe('migration 0001-workspaces-floats', () => {
  beforeEach(() => {
    db = openLedger(ledgerPath);
    migrate(db, MIGRATIONS.slice(0, 1));
    db.prepare(
      "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Demo', 'demo', '2026-11-22T09:00:00.000Z')",
    ).run();
  });

  it('creates STRICT tables for workspaces, floats and balance snapshots', () => {
    expect(tableNames(db!)).toEqual(['balance_snapshots', 'floats', 'workspaces']);
    const strict = db!
      .prepare<[], { name: string; strict: number }>(
        "SELECT name, strict FROM pragma_table_list WHERE schema = 'main' AND name NOT LIKE 'sqlite_%'",
      )
      .all();
    expect(strict.every((table) => table.strict === 1)).toBe(true);
  });

  it('rejects a lowercase currency, an empty float name and an unknown workspace kind', () => {
    const insertFloat = db!.prepare(
      "INSERT INTO floats (workspace_id, currency, name, first_seen_at) VALUES (1, ?, ?, 'now')",
    );
    expect(() => insertFloat.run('gbp', 'Main')).toThrow(/CHECK/);
    expect(() => insertFloat.run('GBP', '')).toThrow(/CHECK/);
    expect(() =>
      db!.prepare("INSERT INTO workspaces (name, kind, created_at) VALUES ('x', 'other', 'now')").run(),
    ).toThrow(/CHECK/);
  });

  it('keeps one float per workspace, currency and name, and enforces the workspace reference', () => {
    const insertFloat = db!.prepare(
      "INSERT INTO floats (workspace_id, currency, name, first_seen_at) VALUES (?, 'GBP', 'Main', 'now')",
    );
    insertFloat.run(1);
    expect(() => insertFloat.run(1)).toThrow(/UNIQUE/);
    expect(() => insertFloat.run(99)).toThrow(/FOREIGN KEY/);
  });

  it('requires each snapshot amount as exactly one of minor units or an exact over-precise value', () => {
    db!
      .prepare(
        "INSERT INTO floats (id, workspace_id, currency, name, first_seen_at) VALUES (1, 1, 'GBP', 'Main', 'now')",
      )
      .run();
    const insert = db!.prepare(
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

describe('a ledger another tool created', () => {
  it('is migrated in place when it is a plain empty SQLite file', () => {
    new Database(ledgerPath).close();
    db = openLedger(ledgerPath);
    migrate(db, MIGRATIONS);
    expect(schemaVersionOf(db)).toBe(LATEST_SCHEMA_VERSION);
  });
});

describe('migration 0002-sync-ledger', () => {
  beforeEach(() => {
    db = openLedger(ledgerPath);
    migrate(db, MIGRATIONS.slice(0, 1));
    db.prepare("INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Demo', 'demo', 'now')").run();
    db.prepare(
      "INSERT INTO floats (id, workspace_id, currency, name, first_seen_at) VALUES (1, 1, 'GBP', 'Main', 'now')",
    ).run();
    db.prepare(
      "INSERT INTO balance_snapshots (float_id, recorded_at, available_minor, pending_minor) VALUES (1, '2026-11-01T00:00:00Z', 100, 0)",
    ).run();
    migrate(db, MIGRATIONS.slice(0, 2));
  });

  it('keeps existing snapshots and adds the sync tables', () => {
    expect(db!.prepare('SELECT available_minor, sync_run_id FROM balance_snapshots').all()).toEqual([
      { available_minor: 100, sync_run_id: null },
    ]);
    for (const table of [
      'sync_runs',
      'sync_run_datasets',
      'sync_state',
      'transfer_requests',
      'transfer_request_history',
      'transfer_submissions',
      'brands',
      'brand_changes',
      'brand_assets',
      'templates',
    ]) {
      expect(tableNames(db!)).toContain(table);
    }
  });

  it('identifies a transfer request by reference and creation time, amounts as minor units or exact text', () => {
    const insert = db!.prepare(
      `INSERT INTO transfer_requests (workspace_id, payment_reference, created_at, created_utc, float_name, currency,
         requested_minor, requested_exact, approved_minor, approved_exact, status, first_seen_at, last_seen_at)
       VALUES (1, ?, '2026-07-01T00:30:00+01:00', ?, 'Main', 'GBP', ?, ?, NULL, NULL, 'pending', 'now', 'now')`,
    );
    insert.run('RF1', '2026-06-30T23:30:00.000Z', 100, null);
    expect(() => insert.run('RF1', '2026-06-30T23:30:00.000Z', 100, null)).toThrow(/UNIQUE/);
    expect(() => insert.run('RF1', '2026-07-01T09:00:00.000Z', 100, null)).not.toThrow();
    expect(() => insert.run('RF2', '2026-07-01T09:00:00.000Z', null, null)).toThrow(/CHECK/);
    expect(() => insert.run('RF3', '2026-07-01T09:00:00.000Z', 1, '0.001')).toThrow(/CHECK/);
  });

  it('keeps brand data as valid JSON and records each kind of change', () => {
    const brand = db!.prepare(
      `INSERT INTO brands (workspace_id, slug, name, currency, status_code, data, first_seen_at, last_seen_at)
       VALUES (1, ?, 'Acme', 'GBP', 'ENABLED', ?, 'now', 'now')`,
    );
    brand.run('acme', '{"discount":"4.5"}');
    expect(() => brand.run('bad', '{not json')).toThrow(/CHECK/);
    const change = db!.prepare(
      "INSERT INTO brand_changes (brand_id, observed_at, kind, attribute, old_value, new_value) VALUES (1, 'now', ?, 'discount', '\"4.5\"', '\"5\"')",
    );
    for (const kind of ['new', 'changed', 'vanished', 'returned'])
      expect(() => change.run(kind)).not.toThrow();
    expect(() => change.run('deleted')).toThrow(/CHECK/);
  });

  it('records sync runs with a per-dataset outcome', () => {
    db!
      .prepare(
        "INSERT INTO sync_runs (id, workspace_id, trigger, started_at, outcome) VALUES (1, 1, 'cli', 'now', 'running')",
      )
      .run();
    const dataset = db!.prepare(
      "INSERT INTO sync_run_datasets (sync_run_id, dataset, started_at, outcome) VALUES (1, ?, 'now', 'running')",
    );
    dataset.run('floats');
    expect(() => dataset.run('floats')).toThrow(/UNIQUE/);
    expect(() => dataset.run('weather')).toThrow(/CHECK/);
    expect(() =>
      db!
        .prepare(
          "INSERT INTO sync_runs (workspace_id, trigger, started_at, outcome) VALUES (1, 'cron', 'now', 'running')",
        )
        .run(),
    ).toThrow(/CHECK/);
  });
});

describe('migration 0003-locks', () => {
  const LOCKS = MIGRATIONS.findIndex((step) => step.name === 'locks') + 1;
  const insert = (values: unknown[]): unknown =>
    db!
      .prepare(
        'INSERT INTO locks (name, owner, pid, hostname, acquired_at, heartbeat_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(...values);

  it('is step 3 and upgrades a version 2 ledger, keeping its data', () => {
    expect(LOCKS).toBe(3);
    db = openLedger(ledgerPath);
    migrate(db, MIGRATIONS.slice(0, LOCKS - 1));
    db.prepare("INSERT INTO workspaces (name, kind, created_at) VALUES ('Books', 'platform', 'now')").run();
    expect(migrate(db, MIGRATIONS.slice(0, LOCKS))).toEqual({
      from: LOCKS - 1,
      to: LOCKS,
      applied: ['0003-locks'],
    });
    expect(db.prepare('SELECT name FROM workspaces').pluck().all()).toEqual(['Books']);
  });

  it('creates the STRICT locks table with one row per lock name', () => {
    db = openLedger(ledgerPath);
    migrate(db, MIGRATIONS.slice(0, LOCKS));
    const columns = db
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
    expect(db.prepare("SELECT strict FROM pragma_table_list WHERE name = 'locks'").pluck().get()).toBe(1);
    insert(['sync', 'cli', 1234, 'desk-1', 'now', 'now']);
    expect(() => insert(['sync', 'app', 5678, 'desk-1', 'now', 'now'])).toThrow(/UNIQUE|PRIMARY KEY/);
  });

  it('rejects a missing owner, a pid that is not a positive whole number and an empty name', () => {
    db = openLedger(ledgerPath);
    migrate(db, MIGRATIONS.slice(0, LOCKS));
    expect(() => insert(['sync', null, 1, 'h', 'now', 'now'])).toThrow(/NOT NULL/);
    expect(() => insert(['sync', 'cli', 'abc', 'h', 'now', 'now'])).toThrow(/cannot store TEXT value/);
    expect(() => insert(['sync', 'cli', 0, 'h', 'now', 'now'])).toThrow(/CHECK/);
    expect(() => insert(['', 'cli', 1, 'h', 'now', 'now'])).toThrow(/CHECK/);
  });
});

describe('migration 0004-brands-as-sent', () => {
  const STEP = MIGRATIONS.findIndex((step) => step.name === 'brands-as-sent') + 1;

  it('is step 4 and rebuilds brands keeping every row, id and change-log link', () => {
    expect(STEP).toBe(4);
    db = openLedger(ledgerPath);
    migrate(db, MIGRATIONS.slice(0, STEP - 1));
    db.prepare(
      "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')",
    ).run();
    db.prepare(
      `INSERT INTO brands (id, workspace_id, slug, name, currency, status_code, data, first_seen_at, last_seen_at, vanished_at)
       VALUES (41, 1, 'amber', 'Amber', 'GBP', 'ENABLED', '{"discount":"2.50"}', 't1', 't2', NULL),
              (42, 1, 'birch', 'Birch', 'EUR', 'PAUSED', '{"discount":"3"}', 't1', 't3', 't3')`,
    ).run();
    db.prepare(
      "INSERT INTO brand_changes (brand_id, observed_at, kind, attribute, old_value, new_value) VALUES (42, 't3', 'vanished', NULL, NULL, NULL)",
    ).run();
    const before = db.prepare('SELECT * FROM brands ORDER BY id').all();

    expect(migrate(db, MIGRATIONS.slice(0, STEP)).applied).toEqual(['0004-brands-as-sent']);
    expect(db.prepare('SELECT * FROM brands ORDER BY id').all()).toEqual(before);
    expect(db.prepare('SELECT brand_id FROM brand_changes').pluck().all()).toEqual([42]);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.prepare("SELECT strict FROM pragma_table_list WHERE name = 'brands'").pluck().get()).toBe(1);
    expect(tableNames(db)).not.toContain('brands_before_0004');
    expect(db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'brand_changes'").pluck().get()).toMatch(
      /REFERENCES brands \(id\)/,
    );
  });

  it('keeps the constraints that matter and stores the text as sent', () => {
    db = openLedger(ledgerPath);
    migrate(db, MIGRATIONS.slice(0, STEP));
    db.prepare(
      "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')",
    ).run();
    const insert = (slug: string, workspace = 1) =>
      db!
        .prepare(
          `INSERT INTO brands (workspace_id, slug, name, currency, status_code, data, first_seen_at, last_seen_at)
           VALUES (?, ?, 'N', 'GBP', 'ENABLED', '{"discount":2.50}', 't', 't')`,
        )
        .run(workspace, slug);
    insert('amber');
    expect(() => insert('amber')).toThrow(/UNIQUE/);
    expect(() => insert('')).toThrow(/CHECK/);
    expect(() => insert('birch', 9)).toThrow(/FOREIGN KEY/);
    expect(db.prepare("SELECT data FROM brands WHERE slug = 'amber'").pluck().get()).toBe(
      '{"discount":2.50}',
    );
  });
});

describe('migration 0005-transfer-drafts', () => {
  const STEP = MIGRATIONS.findIndex((step) => step.name === 'transfer-drafts') + 1;
  const request = (id: number, status = 'pending') =>
    db!
      .prepare(
        `INSERT INTO transfer_requests (id, workspace_id, payment_reference, created_at, created_utc, float_name,
           currency, requested_minor, status, first_seen_at, last_seen_at)
         VALUES (?, 1, ?, '2026-11-02T09:00:00+00:00', '2026-11-02T09:00:00Z', 'Main', 'GBP', 100, ?, 't1', 't1')`,
      )
      .run(id, `REF${id}`, status);

  it('is step 5 and upgrades a version 4 ledger: every request kept and marked for its list values', () => {
    expect(STEP).toBe(5);
    db = openLedger(ledgerPath);
    migrate(db, MIGRATIONS.slice(0, STEP - 1));
    db.prepare(
      "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')",
    ).run();
    request(7);
    const before = db.prepare('SELECT * FROM transfer_requests').all();
    expect(migrate(db, MIGRATIONS.slice(0, STEP)).applied).toEqual(['0005-transfer-drafts']);
    expect(db.prepare('SELECT * FROM transfer_requests').all()).toEqual([
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
      db.prepare("SELECT strict FROM pragma_table_list WHERE name = 'transfer_drafts'").pluck().get(),
    ).toBe(1);
  });

  it('marks a request stale again when sync changes a listed value, not when it only touches it', () => {
    db = openLedger(ledgerPath);
    migrate(db, MIGRATIONS.slice(0, STEP));
    db.prepare(
      "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')",
    ).run();
    request(1);
    const stale = () => db!.prepare('SELECT list_stale FROM transfer_requests WHERE id = 1').pluck().get();
    expect(stale()).toBe(1);
    db.prepare('UPDATE transfer_requests SET list_stale = 0').run();
    db.prepare("UPDATE transfer_requests SET last_seen_at = 't2' WHERE id = 1").run();
    expect(stale()).toBe(0);
    db.prepare("UPDATE transfer_requests SET status = 'approved', approved_minor = 100 WHERE id = 1").run();
    expect(stale()).toBe(1);
    expect(() => db!.prepare('UPDATE transfer_requests SET list_stale = 2').run()).toThrow(/CHECK/);
  });

  it('keeps drafts as JSON objects of an existing workspace, with times and an optional reason', () => {
    db = openLedger(ledgerPath);
    migrate(db, MIGRATIONS.slice(0, STEP));
    db.prepare(
      "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')",
    ).run();
    const insert = (form: string, reason: string | null = null, workspace = 1) =>
      db!
        .prepare(
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
      db!
        .prepare(
          "INSERT INTO transfer_drafts (workspace_id, form, created_at, saved_at) VALUES (1, '{}', 'now', x'00')",
        )
        .run(),
    ).toThrow(/cannot store BLOB value/);
    expect(db.prepare('SELECT form, reason FROM transfer_drafts').all()).toEqual([
      { form: '{"amount":"2500.00"}', reason: 'You are offline' },
    ]);
  });
});

describe('migration 0006-balance-alerts', () => {
  const STEP = MIGRATIONS.findIndex((step) => step.name === 'balance-alerts') + 1;

  function migratedWithFloat(): Ledger {
    const ledger = openLedger(ledgerPath);
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
    db = openLedger(ledgerPath);
    migrate(db, MIGRATIONS.slice(0, STEP - 1));
    db.prepare(
      "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'demo', 'now')",
    ).run();
    expect(migrate(db, MIGRATIONS.slice(0, STEP)).applied).toEqual(['0006-balance-alerts']);
    expect(tableNames(db)).toEqual(expect.arrayContaining(['float_thresholds', 'notifications']));
    for (const table of ['float_thresholds', 'notifications']) {
      expect(db.prepare('SELECT strict FROM pragma_table_list WHERE name = ?').pluck().get(table)).toBe(1);
    }
    expect(db.prepare('SELECT count(*) FROM workspaces').pluck().get()).toBe(1);
    expect(db.pragma('foreign_key_check')).toEqual([]);
  });

  it('stores a threshold as positive minor units for a float that exists, once per float', () => {
    db = migratedWithFloat();
    const insert = (floatId: unknown, minor: unknown, armed: unknown = 1) =>
      db!
        .prepare(
          'INSERT INTO float_thresholds (float_id, threshold_minor, alert_armed, updated_at) VALUES (?, ?, ?, ?)',
        )
        .run(floatId, minor, armed, 'now');
    insert(7, 100_000);
    expect(() => insert(7, 5)).toThrow(/UNIQUE|PRIMARY KEY/);
    db.prepare('DELETE FROM float_thresholds').run();
    expect(() => insert(7, 0)).toThrow(/CHECK/);
    expect(() => insert(7, -1)).toThrow(/CHECK/);
    expect(() => insert(7, 1.5)).toThrow(/cannot store REAL value/);
    expect(() => insert(7, 'ten')).toThrow(/cannot store TEXT value/);
    expect(() => insert(7, 1, 2)).toThrow(/CHECK/);
    expect(() => insert(99, 1)).toThrow(/FOREIGN KEY/);
    insert(7, 9_007_199_254_740_993n);
    expect(db.prepare('SELECT threshold_minor FROM float_thresholds').safeIntegers(true).pluck().get()).toBe(
      9_007_199_254_740_993n,
    );
  });

  it('keeps one notification per workspace and dedupe key, with a known kind', () => {
    db = migratedWithFloat();
    const insert = (kind: string, key: string, title = 'Low balance') =>
      db!
        .prepare(
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
    expect(db.prepare('SELECT count(*) FROM notifications WHERE read_at IS NULL').pluck().get()).toBe(5);
  });
});

describe('migration 0007-settings', () => {
  const STEP = MIGRATIONS.findIndex((step) => step.name === 'settings') + 1;
  const insert = (values: unknown[]): unknown =>
    db!
      .prepare(
        `INSERT INTO workspace_settings (workspace_id, sync_interval_minutes, locale, date_style, theme,
           company, finance_email, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'now')`,
      )
      .run(...values);

  it('is step 7 and upgrades a version 6 ledger, keeping its data', () => {
    expect(STEP).toBe(7);
    db = openLedger(ledgerPath);
    migrate(db, MIGRATIONS.slice(0, STEP - 1));
    db.prepare(
      "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')",
    ).run();
    expect(migrate(db, MIGRATIONS.slice(0, STEP)).applied).toEqual(['0007-settings']);
    expect(db.prepare('SELECT name FROM workspaces').pluck().all()).toEqual(['Books']);
    expect(db.prepare('SELECT count(*) FROM workspace_settings').pluck().get()).toBe(0);
    expect(
      db.prepare("SELECT strict FROM pragma_table_list WHERE name = 'workspace_settings'").pluck().get(),
    ).toBe(1);
  });

  it('keeps one row per workspace and refuses values outside the settings the app knows', () => {
    db = openLedger(ledgerPath);
    migrate(db, MIGRATIONS.slice(0, STEP));
    db.prepare(
      "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')",
    ).run();
    insert([1, 5, 'system', 'iso', 'system', '{}', null]);
    expect(() => insert([1, 5, 'system', 'iso', 'system', '{}', null])).toThrow(/UNIQUE|PRIMARY KEY/);
    db.prepare('DELETE FROM workspace_settings').run();
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

describe('migration 0009-audit-log', () => {
  const STEP = MIGRATIONS.findIndex((step) => step.name === 'audit-log') + 1;
  const ZEROS = '0'.repeat(64);
  const HASH = 'a'.repeat(64);
  const insert = (values: Record<string, unknown>): unknown =>
    db!
      .prepare(
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
    const ledger = openLedger(ledgerPath);
    migrate(ledger, MIGRATIONS.slice(0, STEP));
    ledger
      .prepare("INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')")
      .run();
    return ledger;
  }

  it('is step 9 and upgrades a version 8 ledger, keeping its data', () => {
    expect(STEP).toBe(9);
    db = openLedger(ledgerPath);
    migrate(db, MIGRATIONS.slice(0, STEP - 1));
    db.prepare(
      "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')",
    ).run();
    expect(migrate(db, MIGRATIONS.slice(0, STEP)).applied).toEqual(['0009-audit-log']);
    expect(db.prepare('SELECT name FROM workspaces').pluck().all()).toEqual(['Books']);
    expect(db.prepare("SELECT strict FROM pragma_table_list WHERE name = 'audit_log'").pluck().get()).toBe(1);
    expect(
      db
        .prepare(
          "SELECT name FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = 'audit_log' ORDER BY name",
        )
        .pluck()
        .all(),
    ).toEqual(['audit_log_no_delete', 'audit_log_no_replace', 'audit_log_no_update']);
  });

  it('keeps one entry per workspace and seq, and refuses malformed columns', () => {
    db = migrated();
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
    db = migrated();
    insert({});
    expect(() => db!.prepare("UPDATE audit_log SET subject = 'x'").run()).toThrow(/append-only/);
    expect(() => db!.prepare('DELETE FROM audit_log').run()).toThrow(/append-only/);
    // REPLACE deletes without firing DELETE triggers: a trigger on INSERT catches it.
    const replace = (how: string): unknown =>
      db!
        .prepare(
          `INSERT OR REPLACE INTO audit_log (${how === 'id' ? 'id, ' : ''}workspace_id, seq, at, actor, action, subject,
             details, prev_hash, hash)
           SELECT ${how === 'id' ? 'id, ' : ''}workspace_id, ${how === 'id' ? 'seq + 1' : 'seq'}, at, actor, action, 'y',
             details, ${how === 'id' ? `'${HASH}'` : 'prev_hash'}, hash FROM audit_log`,
        )
        .run();
    expect(() => replace('seq')).toThrow(/append-only: entries cannot be replaced/);
    expect(() => replace('id')).toThrow(/append-only: entries cannot be replaced/);
    expect(() => db!.prepare('UPDATE OR REPLACE audit_log SET seq = 1').run()).toThrow(/append-only/);
    expect(db.prepare('SELECT subject FROM audit_log').pluck().all()).toEqual(['bank-line:1']);
  });
});

describe('migration 0008-bank-statements', () => {
  const STEP = MIGRATIONS.findIndex((step) => step.name === 'bank-statements') + 1;
  const TABLES = ['bank_statements', 'bank_lines', 'csv_profiles'];

  function migrated(): Ledger {
    const ledger = openLedger(ledgerPath);
    migrate(ledger, MIGRATIONS.slice(0, STEP));
    ledger
      .prepare("INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')")
      .run();
    return ledger;
  }
  const statement = (values: Record<string, unknown> = {}): unknown =>
    db!
      .prepare(
        `INSERT INTO bank_statements (id, workspace_id, file_name, file_sha256, section, format, account, account_key, currency,
           opening_date, opening_minor, opening_exact, closing_date, closing_minor, closing_exact, line_count, imported_at)
         VALUES (@id, 1, 'march.xml', @sha, @section, @format, 'DE89 3704', @key, @currency,
           @openingDate, @openingMinor, @openingExact, NULL, NULL, NULL, 0, 'now')`,
      )
      .run({
        id: null,
        sha: 'a'.repeat(64),
        section: 0,
        format: 'camt053',
        key: 'DE893704',
        currency: 'EUR',
        openingDate: '2026-03-01',
        openingMinor: 100,
        openingExact: null,
        ...values,
      });
  const line = (values: Record<string, unknown> = {}): unknown =>
    db!
      .prepare(
        `INSERT INTO bank_lines (statement_id, workspace_id, account_key, bank_transaction_id, booking_date, value_date,
           currency, amount_minor, amount_exact, source_line)
         VALUES (@statement, 1, @key, @id, @date, NULL, @currency, @minor, @exact, 3)`,
      )
      .run({
        statement: 1,
        key: 'DE893704',
        id: 'R1',
        date: '2026-03-02',
        currency: 'EUR',
        minor: -250,
        exact: null,
        ...values,
      });

  it('is step 8 and upgrades a version 7 ledger, keeping its data, with STRICT tables', () => {
    expect(STEP).toBe(8);
    db = openLedger(ledgerPath);
    migrate(db, MIGRATIONS.slice(0, STEP - 1));
    db.prepare(
      "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')",
    ).run();
    expect(migrate(db, MIGRATIONS.slice(0, STEP)).applied).toEqual(['0008-bank-statements']);
    expect(db.prepare('SELECT name FROM workspaces').pluck().all()).toEqual(['Books']);
    expect(tableNames(db)).toEqual(expect.arrayContaining(TABLES));
    for (const table of TABLES) {
      expect(db.prepare('SELECT strict FROM pragma_table_list WHERE name = ?').pluck().get(table)).toBe(1);
    }
  });

  it('keeps one row per statement of a file, with balances as minor units or exact text', () => {
    db = migrated();
    statement();
    expect(() => statement()).toThrow(/UNIQUE/);
    expect(() => statement({ section: 1, openingMinor: null, openingExact: '1.005' })).not.toThrow();
    expect(() => statement({ section: 2, openingMinor: 1, openingExact: '1.00' })).toThrow(/CHECK/);
    expect(() => statement({ section: 3, openingMinor: null })).toThrow(/CHECK/);
    expect(() =>
      statement({ section: 4, openingDate: null, openingMinor: null, currency: null }),
    ).not.toThrow();
    expect(() => statement({ section: 5, currency: null })).toThrow(/CHECK/);
    expect(() => statement({ section: 6, openingDate: '01.03.2026' })).toThrow(/CHECK/);
    expect(() => statement({ section: 7, format: 'qif' })).toThrow(/CHECK/);
    expect(() => statement({ section: 8, sha: 'A'.repeat(64) })).toThrow(/CHECK/);
    expect(() => statement({ section: 9, openingMinor: 1.5 })).toThrow(/cannot store REAL value/);
  });

  it('identifies a line by workspace, account and bank id, with its statement, and one amount form', () => {
    db = migrated();
    statement({ id: 1 });
    statement({ id: 2, section: 1, key: 'GB29' });
    line();
    expect(() => line()).toThrow(/UNIQUE/);
    expect(() => line({ statement: 2, key: 'GB29' })).not.toThrow();
    expect(() => line({ id: 'R2', key: 'GB29' })).toThrow(/FOREIGN KEY/);
    expect(() => line({ id: 'R3', statement: 99 })).toThrow(/FOREIGN KEY/);
    expect(() => line({ id: 'R4', minor: null, exact: '-0.005' })).not.toThrow();
    expect(() => line({ id: 'R5', minor: null, exact: null })).toThrow(/CHECK/);
    expect(() => line({ id: 'R6', minor: 1, exact: '0.01' })).toThrow(/CHECK/);
    expect(() => line({ id: '' })).toThrow(/CHECK/);
    expect(() => line({ id: 'R7', currency: 'eur' })).toThrow(/CHECK/);
    expect(() => line({ id: 'R8', date: '2026-3-2' })).toThrow(/CHECK/);
    expect(() => line({ id: 'R9', minor: 'minus two' })).toThrow(/cannot store TEXT value/);
    line({ id: 'R10', minor: 9_007_199_254_740_993n });
    expect(
      db
        .prepare("SELECT amount_minor FROM bank_lines WHERE bank_transaction_id = 'R10'")
        .safeIntegers(true)
        .pluck()
        .get(),
    ).toBe(9_007_199_254_740_993n);
  });

  it('keeps CSV profiles as JSON objects, one per name in any case', () => {
    db = migrated();
    const insert = (name: string, profile: string, workspace = 1) =>
      db!
        .prepare(
          "INSERT INTO csv_profiles (workspace_id, name, profile, created_at, updated_at) VALUES (?, ?, ?, 'now', 'now')",
        )
        .run(workspace, name, profile);
    insert('Lloyds', '{"delimiter":","}');
    expect(() => insert('LLOYDS', '{}')).toThrow(/UNIQUE/);
    expect(() => insert('Barclays', '{oops')).toThrow(/CHECK/);
    expect(() => insert('Barclays', '[]')).toThrow(/CHECK/);
    expect(() => insert(' Barclays', '{}')).toThrow(/CHECK/);
    expect(() => insert('', '{}')).toThrow(/CHECK/);
    expect(() => insert('Barclays', '{}', 9)).toThrow(/FOREIGN KEY/);
  });
});

describe('migration 0010-reconciliation', () => {
  const STEP = MIGRATIONS.findIndex((step) => step.name === 'reconciliation') + 1;
  const HASH = (n: number): string => n.toString(16).padStart(64, '0');

  function migrated(): Ledger {
    const ledger = openLedger(ledgerPath);
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
      db!
        .prepare(
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
    db!
      .prepare(
        `INSERT INTO recon_current (workspace_id, decision_id, role, line_id, request_id)
         VALUES (1, @decision, @role, @line, @request)`,
      )
      .run({ decision: 1, role: 'match', line: null, request: null, ...values });

  it('is step 10 and upgrades a version 9 ledger, keeping its data, with STRICT tables and triggers', () => {
    expect(STEP).toBe(10);
    db = openLedger(ledgerPath);
    migrate(db, MIGRATIONS.slice(0, STEP - 1));
    db.prepare(
      "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')",
    ).run();
    expect(migrate(db, MIGRATIONS.slice(0, STEP)).applied).toEqual(['0010-reconciliation']);
    expect(db.prepare('SELECT name FROM workspaces').pluck().all()).toEqual(['Books']);
    for (const table of ['recon_decisions', 'recon_current', 'recon_suggestions']) {
      expect(db.prepare('SELECT strict FROM pragma_table_list WHERE name = ?').pluck().get(table)).toBe(1);
    }
    expect(
      db
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
    db = migrated();
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
    expect(() => db!.prepare("UPDATE recon_decisions SET payload = '{}'").run()).toThrow(/append-only/);
    expect(() => db!.prepare('DELETE FROM recon_decisions').run()).toThrow(/append-only/);
    expect(() =>
      db!
        .prepare(
          `INSERT OR REPLACE INTO recon_decisions (id, workspace_id, kind, payload, actor, created_at, audit_seq)
           VALUES (1, 1, 'manual', '{}', 'user', '2026-11-22T09:00:00.000Z', 1)`,
        )
        .run(),
    ).toThrow(/append-only/);
    expect(db.prepare('SELECT count(*) FROM recon_decisions').pluck().get()).toBe(2);
  });

  it('covers each line and request at most once per role, and only by a decision in force of the right kind', () => {
    db = migrated();
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
    db.prepare('DELETE FROM recon_current WHERE decision_id = 1').run();
    expect(() => cover({ line: 2 })).toThrow(/only matches and resolutions in force/);
  });

  it("keeps the last run's suggestions under a 24-hex-digit key per workspace", () => {
    db = migrated();
    const suggest = (values: Record<string, unknown> = {}): unknown =>
      db!
        .prepare(
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

describe('migration 0011-period-close', () => {
  const STEP = MIGRATIONS.findIndex((step) => step.name === 'period-close') + 1;
  const HASH = (n: number): string => n.toString(16).padStart(64, '0');

  /** A version 10 ledger with a decision, its audit entries and two notifications. */
  function atVersion10(): Ledger {
    const ledger = openLedger(ledgerPath);
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
    db!
      .prepare(
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
    db!
      .prepare(
        `INSERT INTO recon_signoff_items (signoff_id, decision_id, line_id, request_id, status, approved_text)
         VALUES (1, 1, @line, @request, @status, @approved)`,
      )
      .run({ line: null, request: null, status: null, approved: null, ...values });
  const unlock = (values: Record<string, unknown> = {}): unknown =>
    db!
      .prepare(
        `INSERT INTO recon_signoff_unlocks (workspace_id, signoff_id, reason, actor, at, audit_seq)
         VALUES (1, @signOff, @reason, 'user', '2026-11-22T09:02:00.000Z', 3)`,
      )
      .run({ signOff: 1, reason: 'Bank corrected the statement', ...values });
  const drift = (now: string | null, verb = 'INSERT', id: number | null = null): unknown =>
    db!
      .prepare(
        `${verb} INTO recon_signoff_drift (id, signoff_id, request_id, field, signed_off, now_text, detected_at)
         VALUES (?, 1, 1, 'status', 'approved', ?, 'now')`,
      )
      .run(id, now);
  const rows = (table: string): unknown[] => db!.prepare(`SELECT * FROM ${table} ORDER BY id`).all();

  it('is step 11 and upgrades a version 10 ledger: notifications rebuilt with every row and id, STRICT tables', () => {
    expect(STEP).toBe(11);
    db = atVersion10();
    const before = db.prepare('SELECT * FROM notifications ORDER BY id').all();
    const keys = "SELECT * FROM pragma_foreign_key_list('notifications') ORDER BY id, seq";
    const keysBefore = db.prepare(keys).all();
    expect(keysBefore.map((key) => (key as { table: string }).table).sort()).toEqual([
      'sync_runs',
      'workspaces',
    ]);
    expect(migrate(db, MIGRATIONS.slice(0, STEP)).applied).toEqual(['0011-period-close']);
    expect(db.prepare('SELECT * FROM notifications ORDER BY id').all()).toEqual(before);
    // The rebuilt table keeps every foreign key of the old one, exactly.
    expect(db.prepare(keys).all()).toEqual(keysBefore);
    for (const table of [
      'recon_signoffs',
      'recon_signoff_items',
      'recon_signoff_unlocks',
      'recon_signoff_drift',
      'notifications',
    ]) {
      expect(db.prepare('SELECT strict FROM pragma_table_list WHERE name = ?').pluck().get(table)).toBe(1);
    }
    expect(
      db.prepare("SELECT name FROM sqlite_schema WHERE name = 'notifications_unread'").pluck().get(),
    ).toBe('notifications_unread');
    expect(db.pragma('foreign_key_check')).toEqual([]);
    // The new kind is accepted; the dedupe key still holds; a new row gets a new id.
    const insert = db.prepare(
      `INSERT INTO notifications (workspace_id, kind, title, message, created_at, dedupe_key)
       VALUES (1, ?, 'Signed-off request changed', 'm', 'now', ?)`,
    );
    expect(Number(insert.run('signoff_drift', 'signoff_drift:1').lastInsertRowid)).toBe(10);
    expect(() => insert.run('signoff_drift', 'signoff_drift:1')).toThrow(/UNIQUE/);
    expect(() => insert.run('something_else', 'k')).toThrow(/CHECK/);
  });

  it('keeps sign-offs and their locked items append-only, each sign-off tied to its audit entry', () => {
    db = atVersion10();
    migrate(db, MIGRATIONS);
    expect(() => signOff({ asOf: '31/10/2026' })).toThrow(/CHECK/);
    expect(() => signOff({ actor: 'sync' })).toThrow(/CHECK/);
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
    expect(() => db!.prepare("UPDATE recon_signoffs SET note = 'x'").run()).toThrow(/append-only/);
    expect(() => db!.prepare('DELETE FROM recon_signoffs').run()).toThrow(/append-only/);
    expect(() => db!.prepare("UPDATE recon_signoff_items SET status = 'x'").run()).toThrow(/append-only/);
    expect(() => db!.prepare('DELETE FROM recon_signoff_items').run()).toThrow(/append-only/);
  });

  it('refuses INSERT OR REPLACE on every unique key of every append-only table, and changes nothing', () => {
    db = atVersion10();
    migrate(db, MIGRATIONS);
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
        db!.prepare(`INSERT OR REPLACE ${sql}`).run(values);
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
    db = atVersion10();
    migrate(db, MIGRATIONS);
    signOff();
    expect(() => unlock({ reason: '  ' })).toThrow(/CHECK/);
    expect(() => unlock({ signOff: 2 })).toThrow(/FOREIGN KEY/);
    unlock();
    expect(() => unlock()).toThrow(/at most once/);
    expect(() => db!.prepare("UPDATE recon_signoff_unlocks SET reason = 'other'").run()).toThrow(
      /append-only/,
    );
    expect(() => db!.prepare('DELETE FROM recon_signoff_unlocks').run()).toThrow(/append-only/);
    // approved → removed → approved (back) → removed again: every change is its own row.
    drift('removed');
    drift('approved');
    drift('removed');
    drift(null);
    expect(() => db!.prepare("UPDATE recon_signoff_drift SET now_text = 'x'").run()).toThrow(/append-only/);
    expect(() => db!.prepare('DELETE FROM recon_signoff_drift').run()).toThrow(/append-only/);
    expect(db.prepare('SELECT now_text FROM recon_signoff_drift ORDER BY id').pluck().all()).toEqual([
      'removed',
      'approved',
      'removed',
      null,
    ]);
    expect(
      db
        .prepare("SELECT name FROM sqlite_schema WHERE tbl_name = 'recon_signoff_drift' AND type = 'index'")
        .pluck()
        .all(),
    ).toEqual(['recon_signoff_drift_last']);
  });
});

describe('migration 0013-application-id', () => {
  const STEP = MIGRATIONS.findIndex((step) => step.name === 'application-id') + 1;

  it("is step 13 and marks a version 12 ledger as FloatDesk's, keeping its data", () => {
    expect(STEP).toBe(13);
    db = openLedger(ledgerPath);
    migrate(db, MIGRATIONS.slice(0, STEP - 1));
    db.prepare(
      "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')",
    ).run();
    expect(db.pragma('application_id', { simple: true })).toBe(0);
    expect(migrate(db, MIGRATIONS.slice(0, STEP)).applied).toEqual(['0013-application-id']);
    expect(db.pragma('application_id', { simple: true })).toBe(FLOATDESK_APPLICATION_ID);
    expect(schemaVersionOf(db)).toBe(STEP);
    expect(db.prepare('SELECT name FROM workspaces').pluck().all()).toEqual(['Books']);
  });

  it('gives a new ledger the id in the same transaction as its schema', () => {
    db = openLedger(ledgerPath);
    migrate(db, MIGRATIONS);
    expect(db.pragma('application_id', { simple: true })).toBe(FLOATDESK_APPLICATION_ID);
  });

  it('leaves the id unset when a later step of the same run fails', () => {
    db = openLedger(ledgerPath);
    const broken: Migration[] = [
      ...MIGRATIONS.slice(0, STEP),
      { version: STEP + 1, name: 'broken', sql: 'CREATE TABLE oops (' },
    ];
    expect(() => migrate(db!, broken)).toThrow();
    expect(db.pragma('application_id', { simple: true })).toBe(0);
    expect(schemaVersionOf(db)).toBe(0);
  });
});

describe('migration 0017-opening-balances', () => {
  const STEP = MIGRATIONS.findIndex((step) => step.name === 'opening-balances') + 1;

  it('upgrades the step before it, keeps entries append-only and ties each to its audit entry', () => {
    db = openLedger(ledgerPath);
    migrate(db, MIGRATIONS.slice(0, STEP - 1));
    db.prepare(
      "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')",
    ).run();
    expect(migrate(db, MIGRATIONS.slice(0, STEP)).applied).toEqual([
      `${String(STEP).padStart(4, '0')}-opening-balances`,
    ]);
    expect(tableNames(db)).toContain('float_opening_balances');
    const insert = (auditSeq: number) =>
      db!
        .prepare(
          `INSERT INTO float_opening_balances
             (workspace_id, currency, float_name, as_of, amount_minor, note, entered_at, actor, audit_seq)
           VALUES (1, 'GBP', 'Main', '2026-11-01', 15000000, 'statement', '2026-11-27T10:00:00.000Z', 'user', ?)`,
        )
        .run(auditSeq);
    // Its audit entry must exist.
    expect(() => insert(1)).toThrow(/FOREIGN KEY/);
    db.prepare(
      `INSERT INTO audit_log (workspace_id, seq, at, actor, action, subject, details, prev_hash, hash)
       VALUES (1, 1, '2026-11-27T10:00:00.000Z', 'user', 'balance.opening_entered', 'float:GBP Main', '{}', ?, ?)`,
    ).run('0'.repeat(64), '1'.repeat(64));
    insert(1);
    expect(() => db!.prepare('UPDATE float_opening_balances SET amount_minor = 1').run()).toThrow(
      /append-only/,
    );
    expect(() => db!.prepare('DELETE FROM float_opening_balances').run()).toThrow(/append-only/);
    expect(() =>
      db!
        .prepare(
          `INSERT INTO float_opening_balances
             (workspace_id, currency, float_name, as_of, amount_minor, note, entered_at, actor, audit_seq)
           VALUES (1, 'GBP', 'Main', '1 Nov', 1, '', '2026-11-27T10:00:00.000Z', 'user', 1)`,
        )
        .run(),
    ).toThrow(/CHECK/);
  });
});
