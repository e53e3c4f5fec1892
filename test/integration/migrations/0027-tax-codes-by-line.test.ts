/**
 * Migration 0027-tax-codes-by-line: tax codes by kind of line on each mapping row; rows saved before
 * keep none (''), and the text is bounded.
 */
import { describe, expect, it } from 'vitest';
import { openLedger } from '../../../src/main/core/ledger/db';
import { migrate } from '../../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../../src/main/core/ledger/migrations';
import { useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();
const STEP = MIGRATIONS.findIndex((step) => step.name === 'tax-codes-by-line') + 1;

describe('migration 0027-tax-codes-by-line', () => {
  it('keeps the rows saved before, with no tax codes by line, and takes them from then on', () => {
    const db = openLedger(scratch.path);
    scratch.db = db;
    migrate(db, MIGRATIONS.slice(0, STEP - 1));
    db.prepare(
      "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')",
    ).run();
    db.prepare(
      `INSERT INTO account_mappings (workspace_id, currency, float_name, float_account, bank_account,
         cost_account, variance_account, refunds_account, tax_code, tracking, updated_at)
       VALUES (1, 'GBP', 'main', '1210', '1200', '5000', '8100', '1220', 'No VAT', '', 'before')`,
    ).run();
    expect(migrate(db, MIGRATIONS.slice(0, STEP)).applied).toEqual([
      `${String(STEP).padStart(4, '0')}-tax-codes-by-line`,
    ]);
    expect(db.prepare('SELECT float_name, tax_codes FROM account_mappings').all()).toEqual([
      { float_name: 'main', tax_codes: '' },
    ]);
    db.prepare("UPDATE account_mappings SET tax_codes = 'cost=VAT 20%'").run();
    expect(() => db.prepare('UPDATE account_mappings SET tax_codes = ?').run('x'.repeat(501))).toThrow(
      /CHECK/,
    );
    expect(() => db.prepare('UPDATE account_mappings SET tax_codes = NULL').run()).toThrow(/NOT NULL/);
  });
});
