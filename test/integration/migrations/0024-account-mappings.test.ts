/**
 * Migration 0024-account-mappings: Settings → Accounting, one row per workspace, float and currency,
 * every account required, STRICT with CHECKs.
 */
import { describe, expect, it } from 'vitest';
import { migratedTo, useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();

function ledger(): NonNullable<typeof scratch.db> {
  return migratedTo(scratch, 'account-mappings');
}

const COLUMNS = `workspace_id, currency, float_name, float_account, bank_account, cost_account,
  variance_account, refunds_account, tax_code, tracking, updated_at`;

describe('migration 0024-account-mappings', () => {
  it('keeps one row per float and currency of a workspace', () => {
    const db = ledger();
    const add = db.prepare(
      `INSERT INTO account_mappings (${COLUMNS}) VALUES (?, ?, ?, '1200', '1000', '5000', '5900', '1300', ?, ?, 'now')`,
    );
    add.run(1, 'GBP', 'Main', null, '');
    add.run(1, 'EUR', 'Main', 'NONE', 'Region=North');
    expect(() => add.run(1, 'GBP', 'Main', null, '')).toThrow(/UNIQUE|PRIMARY/);
    expect(() => add.run(2, 'GBP', 'Other', null, '')).toThrow(/FOREIGN KEY/);
    expect(
      db
        .prepare('SELECT currency, float_name, tax_code, tracking FROM account_mappings ORDER BY currency')
        .all(),
    ).toEqual([
      { currency: 'EUR', float_name: 'Main', tax_code: 'NONE', tracking: 'Region=North' },
      { currency: 'GBP', float_name: 'Main', tax_code: null, tracking: '' },
    ]);
  });

  it('refuses a row with a missing account, a bad currency or a value of the wrong type', () => {
    const db = ledger();
    const add = (values: unknown[]): unknown =>
      db
        .prepare(
          `INSERT INTO account_mappings (${COLUMNS}) VALUES (1, ?, ?, ?, '1000', '5000', '5900', '1300', ?, '', 'now')`,
        )
        .run(...values);
    expect(() => add(['GBP', 'Main', '', null])).toThrow(/CHECK/);
    expect(() => add(['gbp', 'Main', '1200', null])).toThrow(/CHECK/);
    expect(() => add(['GBP', '', '1200', null])).toThrow(/CHECK/);
    expect(() => add(['GBP', 'Main', '1200', ''])).toThrow(/CHECK/);
    expect(() => add(['GBP', 'Main', Buffer.from('1200'), null])).toThrow(
      /cannot store BLOB value in TEXT column/,
    );
  });
});
