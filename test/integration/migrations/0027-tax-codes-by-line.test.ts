/**
 * Migration 0027-tax-codes-by-line: tax codes by kind of line on each mapping row; rows saved before
 * keep none (''), and the text is bounded.
 */
import { describe, expect, it } from 'vitest';
import { migratedTo, useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();

describe('migration 0027-tax-codes-by-line', () => {
  it('keeps the rows saved before, with no tax codes by line, and takes them from then on', () => {
    const db = migratedTo(scratch, 'tax-codes-by-line', (before) => {
      before
        .prepare(
          `INSERT INTO account_mappings (workspace_id, currency, float_name, float_account, bank_account,
             cost_account, variance_account, refunds_account, tax_code, tracking, updated_at)
           VALUES (1, 'GBP', 'main', '1210', '1200', '5000', '8100', '1220', 'No VAT', '', 'before')`,
        )
        .run();
    });
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
