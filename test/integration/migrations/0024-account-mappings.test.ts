/**
 * Migration 0024-account-mappings: Settings → Accounting, one row per workspace, float and currency,
 * every account required, STRICT with CHECKs.
 */
import { describe, expect, it } from 'vitest';
import { openLedger } from '../../../src/main/core/ledger/db';
import { migrate } from '../../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../../src/main/core/ledger/migrations';
import { useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();
const STEP = MIGRATIONS.findIndex((step) => step.name === 'account-mappings') + 1;

function ledger(): NonNullable<typeof scratch.db> {
  const db = openLedger(scratch.path);
  scratch.db = db;
  migrate(db, MIGRATIONS.slice(0, STEP - 1));
  db.prepare(
    "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')",
  ).run();
  expect(migrate(db, MIGRATIONS.slice(0, STEP)).applied).toEqual([
    `${String(STEP).padStart(4, '0')}-account-mappings`,
  ]);
  return db;
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
