/**
 * Migration 0026-books-currency: an optional rounding account on each mapping row (rows saved before
 * keep none), and one books' currency per workspace, STRICT with CHECKs.
 */
import { describe, expect, it } from 'vitest';
import { migratedTo, useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();

/** A ledger one step before, with a mapping row saved then, migrated to this step. */
function ledger(): NonNullable<typeof scratch.db> {
  return migratedTo(scratch, 'books-currency', (db) => {
    db.prepare(
      `INSERT INTO account_mappings (workspace_id, currency, float_name, float_account, bank_account,
         cost_account, variance_account, refunds_account, tax_code, tracking, updated_at)
       VALUES (1, 'EUR', 'euro', '1211', '1201', '5001', '8101', '1221', NULL, '', 'before')`,
    ).run();
  });
}

describe('migration 0026-books-currency', () => {
  it('keeps the rows saved before, with no rounding account, and takes one from then on', () => {
    const db = ledger();
    expect(db.prepare('SELECT float_name, rounding_account FROM account_mappings').all()).toEqual([
      { float_name: 'euro', rounding_account: null },
    ]);
    db.prepare("UPDATE account_mappings SET rounding_account = '8200'").run();
    expect(() => db.prepare("UPDATE account_mappings SET rounding_account = ''").run()).toThrow(/CHECK/);
    expect(() =>
      db.prepare(`UPDATE account_mappings SET rounding_account = '${'9'.repeat(101)}'`).run(),
    ).toThrow(/CHECK/);
    expect(db.prepare('SELECT rounding_account FROM account_mappings').get()).toEqual({
      rounding_account: '8200',
    });
  });

  it('keeps one books’ currency per workspace: a code or none', () => {
    const db = ledger();
    const set = db.prepare(
      'INSERT INTO accounting_settings (workspace_id, books_currency, updated_at) VALUES (?, ?, ?)',
    );
    set.run(1, 'GBP', 'now');
    expect(() => set.run(1, 'EUR', 'now')).toThrow(/UNIQUE|PRIMARY/);
    expect(() => set.run(2, 'EUR', 'now')).toThrow(/FOREIGN KEY/);
    db.prepare('UPDATE accounting_settings SET books_currency = NULL').run();
    expect(() => db.prepare("UPDATE accounting_settings SET books_currency = 'gbp'").run()).toThrow(/CHECK/);
    expect(() => db.prepare("UPDATE accounting_settings SET updated_at = ''").run()).toThrow(/CHECK/);
    expect(() => db.prepare('UPDATE accounting_settings SET updated_at = ?').run(Buffer.from('now'))).toThrow(
      /cannot store BLOB value in TEXT column/,
    );
    expect(db.prepare('SELECT workspace_id, books_currency FROM accounting_settings').all()).toEqual([
      { workspace_id: 1, books_currency: null },
    ]);
  });
});
