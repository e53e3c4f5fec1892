/**
 * Migration 0025-lines-seen-on-completion: a line stored for a statement still being imported no
 * longer moves the reconciliation inputs' version; the statement made complete does, and so do a
 * line moved to another statement and a line removed.
 */
import { describe, expect, it } from 'vitest';
import { migratedTo, useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();

function ledger(): NonNullable<typeof scratch.db> {
  return migratedTo(scratch, 'lines-seen-on-completion');
}

describe('migration 0025-lines-seen-on-completion', () => {
  it('moves the inputs version when a statement is made complete, not at each line staged for it', () => {
    const db = ledger();
    const version = (): number =>
      db.prepare('SELECT version FROM recon_inputs_version WHERE id = 1').pluck().get() as number;
    db.prepare(
      `INSERT INTO bank_statements (id, workspace_id, file_name, file_sha256, section, format, account_key,
         line_count, imported_at, import_state)
       VALUES (1, 1, 'october.csv', ?, 0, 'csv', 'GB29', 0, 'now', 'importing')`,
    ).run('a'.repeat(64));
    const staged = version();
    const addLine = db.prepare(
      `INSERT INTO bank_lines (statement_id, workspace_id, account_key, bank_transaction_id, booking_date,
         currency, amount_minor, source_line)
       VALUES (1, 1, 'GB29', ?, '2026-10-01', 'GBP', -2500, ?)`,
    );
    for (let n = 1; n <= 3; n++) addLine.run(`TX-${n}`, n + 1);
    expect(version()).toBe(staged);

    db.prepare("UPDATE bank_statements SET import_state = 'complete', line_count = 3 WHERE id = 1").run();
    const completed = version();
    expect(completed).toBeGreaterThan(staged);
    db.prepare("UPDATE bank_lines SET reference = 'RF1' WHERE bank_transaction_id = 'TX-1'").run();
    expect(version()).toBeGreaterThan(completed);
    const updated = version();
    db.prepare("DELETE FROM bank_lines WHERE bank_transaction_id = 'TX-3'").run();
    expect(version()).toBeGreaterThan(updated);
  });
});
