import { describe, expect, it } from 'vitest';
import { openLedger, type Ledger } from '../../../src/main/core/ledger/db';
import { migrate } from '../../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../../src/main/core/ledger/migrations';
import { tableNames, useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();

describe('migration 0008-bank-statements', () => {
  const STEP = MIGRATIONS.findIndex((step) => step.name === 'bank-statements') + 1;
  const TABLES = ['bank_statements', 'bank_lines', 'csv_profiles'];

  function migrated(): Ledger {
    const ledger = openLedger(scratch.path);
    migrate(ledger, MIGRATIONS.slice(0, STEP));
    ledger
      .prepare("INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')")
      .run();
    return ledger;
  }
  const statement = (values: Record<string, unknown> = {}): unknown =>
    scratch
      .db!.prepare(
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
    scratch
      .db!.prepare(
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
    scratch.db = openLedger(scratch.path);
    migrate(scratch.db, MIGRATIONS.slice(0, STEP - 1));
    scratch.db
      .prepare("INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')")
      .run();
    expect(migrate(scratch.db, MIGRATIONS.slice(0, STEP)).applied).toEqual(['0008-bank-statements']);
    expect(scratch.db.prepare('SELECT name FROM workspaces').pluck().all()).toEqual(['Books']);
    expect(tableNames(scratch.db)).toEqual(expect.arrayContaining(TABLES));
    for (const table of TABLES) {
      expect(
        scratch.db.prepare('SELECT strict FROM pragma_table_list WHERE name = ?').pluck().get(table),
      ).toBe(1);
    }
  });

  it('keeps one row per statement of a file, with balances as minor units or exact text', () => {
    scratch.db = migrated();
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
    scratch.db = migrated();
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
      scratch.db
        .prepare("SELECT amount_minor FROM bank_lines WHERE bank_transaction_id = 'R10'")
        .safeIntegers(true)
        .pluck()
        .get(),
    ).toBe(9_007_199_254_740_993n);
  });

  it('keeps CSV profiles as JSON objects, one per name in any case', () => {
    scratch.db = migrated();
    const insert = (name: string, profile: string, workspace = 1) =>
      scratch
        .db!.prepare(
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
