/**
 * Migration 0032-recon-item-filters: the kept items' cells beside their reading (NULL in a reading
 * kept before the step, whose filters then read the rows), and the bank lines found by bank id
 * whatever their account.
 */
import { describe, expect, it } from 'vitest';
import { ReconItemRowsRepository } from '../../../src/main/core/ledger/repositories/recon-item-rows';
import { repeatedBankIds } from '../../../src/main/core/ledger/repositories/bank-line-reads';
import { migratedTo, useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();

describe('migration 0032-recon-item-filters', () => {
  it('keeps a reading from before without cells, and cells with the next one', () => {
    const db = migratedTo(scratch, 'recon-item-filters', (before) => {
      before
        .prepare(
          `INSERT INTO recon_item_readings
             (workspace_id, as_of, options_key, inputs_version, scale, key_width, currencies, floats, totals)
           VALUES (1, '2026-10-31', '{}', 3, 2, 4, '["GBP"]', '[]', '[]')`,
        )
        .run();
    });
    const rows = new ReconItemRowsRepository(db);
    const kept = rows.reading(1)!;
    expect(kept.cells).toBeNull();
    const cell = {
      currency: 'GBP',
      state: 'awaiting_payment',
      ageing: '0-2',
      float: 'main',
      out: false,
      outOfScope: false,
      count: 2,
      money: 123456789012345678901234567890n,
    };
    db.transaction(() => rows.add(1, { ...kept, inputsVersion: 4, cells: [cell] }, []))();
    expect(rows.reading(1)!.cells).toEqual([cell]);
    expect(() => db.prepare("UPDATE recon_item_readings SET cells = '{}'").run()).toThrow(/CHECK/);
  });

  it('finds the lines of a bank id through an index of their own', () => {
    const db = migratedTo(scratch, 'recon-item-filters');
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT id FROM bank_lines
          WHERE workspace_id = 1 AND bank_transaction_id IN (SELECT value FROM json_each('["TX-1"]'))`,
      )
      .all() as Array<{ detail: string }>;
    expect(plan.map((step) => step.detail).join('\n')).toMatch(/bank_lines_bank_txn/);
    expect(repeatedBankIds(db, 1, ['TX-1'])).toEqual(new Set());
  });
});
