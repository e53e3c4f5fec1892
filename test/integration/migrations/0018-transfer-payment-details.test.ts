import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLedger, type Ledger } from '../../../src/main/core/ledger/db';
import { migrate } from '../../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../../src/main/core/ledger/migrations';
import { makeTempDir } from '../../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let db: Ledger;
const STEP = MIGRATIONS.findIndex((step) => step.name === 'transfer-payment-details') + 1;

beforeEach(() => {
  temp = makeTempDir();
  db = openLedger(join(temp.dir, 'ledger.sqlite'));
  migrate(db, MIGRATIONS.slice(0, STEP - 1));
  db.prepare("INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Demo', 'demo', 'now')").run();
  db.prepare(
    `INSERT INTO transfer_submissions (workspace_id, payment_reference, float_name, currency, amount_minor,
       submitted_at, outcome) VALUES (1, 'RF18539007547034', 'Main', 'GBP', 250000, '2026-11-20T10:00:00.000Z', 'registered')`,
  ).run();
});
afterEach(() => {
  if (db.open) db.close();
  temp.cleanup();
});

describe('migration 0018-transfer-payment-details', () => {
  it('keeps earlier submissions (nothing known of what they sent) and adds what a new one sent', () => {
    expect(STEP).toBeGreaterThan(15);
    migrate(db, MIGRATIONS.slice(0, STEP));
    expect(
      db
        .prepare(
          'SELECT payment_reference, finance_email, proforma_invoice, submitted_by, confirmed_duplicate_of FROM transfer_submissions',
        )
        .all(),
    ).toEqual([
      {
        payment_reference: 'RF18539007547034',
        finance_email: null,
        proforma_invoice: null,
        submitted_by: null,
        confirmed_duplicate_of: null,
      },
    ]);
    const insert = db.prepare(
      `INSERT INTO transfer_submissions (workspace_id, payment_reference, float_name, currency, amount_minor,
         submitted_at, outcome, proforma_invoice) VALUES (1, 'RF2', 'Main', 'GBP', 1, ?, 'registered', ?)`,
    );
    expect(() => insert.run('a', '{"city":"London"}')).not.toThrow();
    expect(() => insert.run('b', '["London"]')).toThrow(/CHECK/);
    expect(() => insert.run('c', 'not json')).toThrow(/CHECK/);
  });

  it('keeps one set of platform bank details per workspace, bounded in length', () => {
    migrate(db, MIGRATIONS.slice(0, STEP));
    const insert = db.prepare(
      `INSERT INTO platform_bank_details (workspace_id, payee_name, account, bank_code, bank_name, note, updated_at)
       VALUES (?, ?, 'GB29NWBK60161331926819', '60-16-13', 'NatWest', '', 'now')`,
    );
    insert.run(1, 'Platform Ltd');
    expect(() => insert.run(1, 'Again')).toThrow(/UNIQUE|PRIMARY KEY/);
    expect(() => insert.run(2, 'Nobody')).toThrow(/FOREIGN KEY/);
    db.prepare('DELETE FROM platform_bank_details').run();
    expect(() => insert.run(1, 'x'.repeat(201))).toThrow(/CHECK/);
  });
});
