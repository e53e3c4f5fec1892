import { writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/shared/ipc/errors';
import { FLOATDESK_APPLICATION_ID, openLedger } from '../../../src/main/core/ledger/db';
import { migrate, schemaVersionOf } from '../../../src/main/core/ledger/migrate';
import { LATEST_SCHEMA_VERSION, MIGRATIONS, type Migration } from '../../../src/main/core/ledger/migrations';
import { thrownAppError } from '../../helpers/app-error';
import { tableNames, useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();

describe('ledger open', () => {
  it('sets the pragmas DESIGN.md requires on every connection', () => {
    scratch.db = openLedger(scratch.path);
    expect(scratch.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(scratch.db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(scratch.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(scratch.db.pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  it('refuses a ledger from a newer FloatDesk before changing anything in the file', () => {
    const older = new Database(scratch.path);
    older.pragma(`application_id = ${FLOATDESK_APPLICATION_ID}`);
    older.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 1}`);
    older.close();
    expect(() => openLedger(scratch.path, { maxSchemaVersion: LATEST_SCHEMA_VERSION })).toThrow(
      expect.objectContaining({ code: 'ledger_too_new' }),
    );
    const check = new Database(scratch.path, { readonly: true });
    expect(check.pragma('journal_mode', { simple: true })).toBe('delete');
    check.close();
  });

  it('reports a file that is not a SQLite database as a damaged ledger', () => {
    writeFileSync(
      scratch.path,
      'this is not a database, just text that is long enough to have a header '.repeat(10),
    );
    expect(() => openLedger(scratch.path)).toThrow(expect.objectContaining({ code: 'ledger_corrupt' }));
  });
});

describe('migration runner', () => {
  it('brings a new ledger to the latest version in one step and records it in user_version', () => {
    scratch.db = openLedger(scratch.path);
    const outcome = migrate(scratch.db, MIGRATIONS);
    expect(outcome).toEqual({
      from: 0,
      to: LATEST_SCHEMA_VERSION,
      applied: MIGRATIONS.map((step) => `${String(step.version).padStart(4, '0')}-${step.name}`),
    });
    expect(schemaVersionOf(scratch.db)).toBe(LATEST_SCHEMA_VERSION);
  });

  it('refuses a step that leaves a row pointing at a missing row, changing nothing', () => {
    scratch.db = openLedger(scratch.path);
    migrate(scratch.db, MIGRATIONS);
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
    const error = thrownAppError(() => migrate(scratch.db!, dangling));
    expect(error.code).toBe('ledger_corrupt');
    expect(error.details?.problems).toEqual([
      `Migrating to schema ${LATEST_SCHEMA_VERSION + 1} left 1 row(s) pointing at missing rows (first: child 1 → parent).`,
    ]);
    expect(schemaVersionOf(scratch.db)).toBe(LATEST_SCHEMA_VERSION);
    expect(tableNames(scratch.db)).not.toContain('child');
    expect(scratch.db.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('migrates a ledger whose rows already pointed at missing rows (those are for the audit to report)', () => {
    scratch.db = openLedger(scratch.path);
    migrate(scratch.db, MIGRATIONS.slice(0, LATEST_SCHEMA_VERSION - 1));
    scratch.db.exec(`CREATE TABLE parent (id INTEGER PRIMARY KEY);
             CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent (id))`);
    scratch.db.pragma('foreign_keys = OFF');
    scratch.db.prepare('INSERT INTO child VALUES (1, 42)').run();
    scratch.db.pragma('foreign_keys = ON');
    expect(migrate(scratch.db, MIGRATIONS).to).toBe(LATEST_SCHEMA_VERSION);
    expect(scratch.db.pragma('foreign_key_check')).toHaveLength(1);
  });

  it('does nothing on an up-to-date ledger', () => {
    scratch.db = openLedger(scratch.path);
    migrate(scratch.db, MIGRATIONS);
    expect(migrate(scratch.db, MIGRATIONS)).toEqual({
      from: LATEST_SCHEMA_VERSION,
      to: LATEST_SCHEMA_VERSION,
      applied: [],
    });
  });

  it('refuses a ledger written by a newer FloatDesk and leaves it untouched', () => {
    scratch.db = openLedger(scratch.path);
    scratch.db.exec('CREATE TABLE from_the_future (x INTEGER) STRICT');
    scratch.db.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 5}`);
    let thrown: unknown;
    try {
      migrate(scratch.db, MIGRATIONS);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).code).toBe('ledger_too_new');
    expect((thrown as AppError).message).toMatch(/newer FloatDesk.*Update FloatDesk/);
    expect(tableNames(scratch.db)).toEqual(['from_the_future']);
    expect(schemaVersionOf(scratch.db)).toBe(LATEST_SCHEMA_VERSION + 5);
  });

  it('applies all pending steps in one transaction: a failing step leaves the ledger as it was', () => {
    scratch.db = openLedger(scratch.path);
    const broken: Migration[] = [
      ...MIGRATIONS,
      { version: MIGRATIONS.length + 1, name: 'broken', sql: 'CREATE TABLE oops (' },
    ];
    expect(() => migrate(scratch.db!, broken)).toThrow();
    expect(schemaVersionOf(scratch.db)).toBe(0);
    expect(tableNames(scratch.db)).toEqual([]);
  });

  it('refuses a migration list with gaps or out of order', () => {
    scratch.db = openLedger(scratch.path);
    const gap: Migration[] = [{ version: 2, name: 'skips-one', sql: 'SELECT 1' }];
    expect(() => migrate(scratch.db!, gap)).toThrow(/out of order/);
  });
});

describe('a ledger another tool created', () => {
  it('is migrated in place when it is a plain empty SQLite file', () => {
    new Database(scratch.path).close();
    scratch.db = openLedger(scratch.path);
    migrate(scratch.db, MIGRATIONS);
    expect(schemaVersionOf(scratch.db)).toBe(LATEST_SCHEMA_VERSION);
  });
});
