/**
 * Shared set-up of the migration tests: a fresh folder and ledger path per test, the ledger a test
 * opened closed after it, and the names of the tables a ledger holds.
 */
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { Ledger } from '../../src/main/core/ledger/db';
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
