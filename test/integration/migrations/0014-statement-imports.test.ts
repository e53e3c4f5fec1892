/**
 * Migration 0014-statement-imports: bank_statements rebuilt with an import state, inside the
 * migration's transaction, keeping every statement, line and foreign key.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLedger, type Ledger } from '../../../src/main/core/ledger/db';
import { migrate, schemaVersionOf } from '../../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../../src/main/core/ledger/migrations';
import { makeTempDir } from '../../helpers/temp-dir';

const STEP = MIGRATIONS.findIndex((step) => step.name === 'statement-imports') + 1;

let temp: ReturnType<typeof makeTempDir>;
let db: Ledger;

beforeEach(() => {
  temp = makeTempDir();
  db = openLedger(join(temp.dir, 'ledger.sqlite'));
  migrate(db, MIGRATIONS.slice(0, STEP - 1));
  db.prepare(
    "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')",
  ).run();
});
afterEach(() => {
  if (db.open) db.close();
  temp.cleanup();
});

function statement(id: number, state?: 'importing' | 'complete', sha = 'a'.repeat(64)): void {
  db.prepare(
    `INSERT INTO bank_statements (id, workspace_id, file_name, file_sha256, section, format, account, account_key,
       currency, opening_date, opening_minor, closing_date, closing_minor, line_count, imported_at${state ? ', import_state' : ''})
     VALUES (?, 1, 'march.xml', ?, 0, 'camt053', 'DE89 3704', 'DE893704', 'EUR', '2026-03-01', 100, '2026-03-31', 50,
       1, '2026-04-01T09:00:00Z'${state ? ', ?' : ''})`,
  ).run(id, sha, ...(state ? [state] : []));
}

function line(id: number | null, statementId: number, bankId: string, date = '2026-03-02'): void {
  db.prepare(
    `INSERT INTO bank_lines (id, statement_id, workspace_id, account_key, bank_transaction_id, booking_date,
       currency, amount_minor, source_line)
     VALUES (?, ?, 1, 'DE893704', ?, ?, 'EUR', -50, 12)`,
  ).run(id, statementId, bankId, date);
}

describe('migration 0014-statement-imports', () => {
  it('is step 14 and keeps every statement and line, with their ids, as complete', () => {
    expect(STEP).toBe(14);
    statement(7);
    line(70, 7, 'A-1');
    line(71, 7, 'A-2');
    expect(migrate(db, MIGRATIONS.slice(0, STEP)).applied).toEqual(['0014-statement-imports']);
    expect(schemaVersionOf(db)).toBe(STEP);
    expect(
      db.prepare('SELECT id, import_state, line_count, opening_minor FROM bank_statements').all(),
    ).toEqual([{ id: 7, import_state: 'complete', line_count: 1, opening_minor: 100 }]);
    expect(db.prepare('SELECT id, statement_id FROM bank_lines ORDER BY id').all()).toEqual([
      { id: 70, statement_id: 7 },
      { id: 71, statement_id: 7 },
    ]);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const names = db
      .prepare("SELECT name FROM sqlite_schema WHERE name LIKE 'bank_statements%'")
      .pluck()
      .all();
    expect(names).not.toContain('bank_statements_rebuilt');
  });

  it("keeps bank_lines' foreign key on the rebuilt table", () => {
    migrate(db, MIGRATIONS.slice(0, STEP));
    const sql = db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'bank_lines'").pluck().get() as string;
    expect(sql).toMatch(/REFERENCES bank_statements \(id, workspace_id, account_key\)/);
    expect(() => line(1, 99, 'NO-STATEMENT')).toThrow(/FOREIGN KEY/);
  });

  it('makes a file and section unique among complete statements only', () => {
    migrate(db, MIGRATIONS.slice(0, STEP));
    statement(1, 'complete');
    statement(2, 'importing');
    statement(3, 'importing');
    expect(() => statement(4, 'complete')).toThrow(/UNIQUE/);
    expect(() => statement(5, 'done' as 'complete')).toThrow(/CHECK/);
  });

  it("keeps a bank's id unique across dates, and FloatDesk's own ids unique per booking date", () => {
    statement(7);
    const content = `sha256:${'ab'.repeat(16)}:1`;
    line(70, 7, 'A-1');
    line(71, 7, content);
    migrate(db, MIGRATIONS.slice(0, STEP));
    expect(() => line(null, 7, 'A-1', '2026-03-05')).toThrow(/UNIQUE/);
    expect(() => line(null, 7, content)).toThrow(/UNIQUE/);
    line(null, 7, content, '2026-03-05');
    const plan = db
      .prepare(
        "EXPLAIN QUERY PLAN SELECT 1 FROM bank_lines WHERE workspace_id = 1 AND account_key = 'X' AND bank_transaction_id = 'A-1' AND bank_transaction_id NOT GLOB 'sha256:*'",
      )
      .all() as { detail: string }[];
    expect(plan.map((row) => row.detail).join(' ')).toContain('bank_lines_bank_id');
  });

  it('leaves a ledger unchanged when a later step of the same run fails', () => {
    statement(7);
    line(70, 7, 'A-1');
    const broken = [
      ...MIGRATIONS.slice(0, STEP),
      { version: STEP + 1, name: 'broken', sql: 'CREATE TABLE oops (' },
    ];
    expect(() => migrate(db, broken)).toThrow();
    expect(schemaVersionOf(db)).toBe(STEP - 1);
    const columns = db.prepare("SELECT name FROM pragma_table_info('bank_statements')").pluck().all();
    expect(columns).not.toContain('import_state');
    expect(db.prepare('SELECT count(*) FROM bank_lines').pluck().get()).toBe(1);
  });
});
