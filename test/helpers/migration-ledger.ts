/**
 * Shared set-up of the migration tests: a fresh folder and ledger path per test, the ledger a test
 * opened closed after it, a ledger migrated up to one step with what it held before, and the names
 * of the tables a ledger holds.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { migrate } from '../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import { makeTempDir } from './temp-dir';

export interface ScratchLedger {
  /** Where this test's ledger file goes (inside a folder removed after the test). */
  path: string;
  /** The ledger the test opened, if any: closed after the test. */
  db: Ledger | undefined;
}

/** Call once at the top of a test file: every test gets its own folder and ledger path. */
export function useScratchLedger(): ScratchLedger {
  const scratch: ScratchLedger = { path: '', db: undefined };
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
    scratch.path = join(temp.dir, 'ledger.sqlite');
  });
  afterEach(() => {
    if (scratch.db?.open) scratch.db.close();
    scratch.db = undefined;
    temp.cleanup();
  });
  return scratch;
}

export function tableNames(ledger: Ledger): string[] {
  return ledger
    .prepare<[], { name: string }>("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
    .all()
    .map((row) => row.name);
}

/**
 * The scratch ledger one step before the named migration, with workspace 1 and what `before` adds
 * then, migrated to that step (checked to be the one step applied).
 */
export function migratedTo(
  scratch: ScratchLedger,
  name: string,
  before: (db: Ledger) => void = () => {},
): Ledger {
  const step = MIGRATIONS.findIndex((migration) => migration.name === name) + 1;
  if (step === 0) throw new Error(`No migration is named ${name}.`);
  const db = openLedger(scratch.path);
  scratch.db = db;
  migrate(db, MIGRATIONS.slice(0, step - 1));
  db.prepare(
    "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')",
  ).run();
  before(db);
  expect(migrate(db, MIGRATIONS.slice(0, step)).applied).toEqual([
    `${String(step).padStart(4, '0')}-${name}`,
  ]);
  return db;
}
