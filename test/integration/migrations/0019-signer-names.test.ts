/**
 * Migration 0019-signer-names: the workspace's signer name in workspace_settings, and the name of
 * its time on decisions, sign-offs and unlocks; rows written before keep their values, with no name.
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

describe('migration 0019-signer-names', () => {
  const STEP = MIGRATIONS.findIndex((step) => step.name === 'signer-names') + 1;

  it('adds the name columns, keeps the settings row, and refuses a blank or padded name', () => {
    expect(STEP).toBeGreaterThan(15);
    db = openLedger(join(temp.dir, 'ledger.sqlite'));
    migrate(db, MIGRATIONS.slice(0, STEP - 1));
    db.prepare(
      "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')",
    ).run();
    db.prepare(
      `INSERT INTO workspace_settings (workspace_id, sync_interval_minutes, locale, date_style, theme, company,
         finance_email, updated_at) VALUES (1, 5, 'system', 'iso', 'system', '{}', NULL, 'now')`,
    ).run();
    const before = db.prepare('SELECT * FROM workspace_settings').get() as Record<string, unknown>;
    expect(migrate(db, MIGRATIONS.slice(0, STEP)).applied).toEqual([
      `${String(STEP).padStart(4, '0')}-signer-names`,
    ]);
    expect(db.prepare('SELECT * FROM workspace_settings').get()).toEqual({ ...before, signer_name: null });
    const setName = db.prepare('UPDATE workspace_settings SET signer_name = ? WHERE workspace_id = 1');
    setName.run('Ana Ruiz');
    expect(() => setName.run('   ')).toThrow(/CHECK/);
    expect(() => setName.run(' Ana')).toThrow(/CHECK/);
    expect(() => setName.run('x'.repeat(101))).toThrow(/CHECK/);
    for (const table of ['recon_decisions', 'recon_signoffs', 'recon_signoff_unlocks']) {
      const columns = db.prepare(`SELECT name FROM pragma_table_info('${table}')`).pluck().all();
      expect(columns, table).toContain('actor_name');
      expect(db.prepare('SELECT strict FROM pragma_table_list WHERE name = ?').pluck().get(table)).toBe(1);
    }
  });
});
