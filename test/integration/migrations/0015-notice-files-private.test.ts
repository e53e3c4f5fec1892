/**
 * Migration 0015-notice-files-private: notifications rebuilt with the kind files_made_private,
 * keeping every row, id and key.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLedger, type Ledger } from '../../../src/main/core/ledger/db';
import { migrate } from '../../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../../src/main/core/ledger/migrations';
import { makeTempDir } from '../../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let ledgerPath: string;
let db: Ledger | undefined;

beforeEach(() => {
  temp = makeTempDir();
  ledgerPath = join(temp.dir, 'ledger.sqlite');
});
afterEach(() => {
  if (db?.open) db.close();
  db = undefined;
  temp.cleanup();
});

describe('migration 0015-notice-files-private', () => {
  const STEP = MIGRATIONS.findIndex((step) => step.name === 'notice-files-private') + 1;

  it('is step 15 and rebuilds notifications keeping every row and id; the new kind is accepted', () => {
    expect(STEP).toBe(15);
    db = openLedger(ledgerPath);
    migrate(db, MIGRATIONS.slice(0, STEP - 1));
    db.prepare(
      "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')",
    ).run();
    const insert = db.prepare(
      `INSERT INTO notifications (id, workspace_id, kind, title, message, created_at, read_at, dedupe_key)
       VALUES (?, 1, ?, 'Title', 'm', 'now', ?, ?)`,
    );
    insert.run(3, 'low_balance', null, 'low_balance:1:1');
    insert.run(7, 'signoff_drift', 'later', 'signoff_drift:1');
    expect(() => insert.run(8, 'files_made_private', null, 'k')).toThrow(/CHECK/);
    const before = db.prepare('SELECT * FROM notifications ORDER BY id').all();
    const keys = "SELECT * FROM pragma_foreign_key_list('notifications') ORDER BY id, seq";
    const keysBefore = db.prepare(keys).all();
    expect(migrate(db, MIGRATIONS.slice(0, STEP)).applied).toEqual(['0015-notice-files-private']);
    expect(db.prepare('SELECT * FROM notifications ORDER BY id').all()).toEqual(before);
    expect(db.prepare(keys).all()).toEqual(keysBefore);
    expect(
      db.prepare("SELECT strict FROM pragma_table_list WHERE name = 'notifications'").pluck().get(),
    ).toBe(1);
    expect(
      db.prepare("SELECT name FROM sqlite_schema WHERE name = 'notifications_unread'").pluck().get(),
    ).toBe('notifications_unread');
    insert.run(8, 'files_made_private', null, 'files_made_private:now');
    expect(() => insert.run(9, 'files_made_private', null, 'files_made_private:now')).toThrow(/UNIQUE/);
    expect(() => insert.run(10, 'something_else', null, 'k')).toThrow(/CHECK/);
    expect(db.pragma('foreign_key_check')).toEqual([]);
  });
});
