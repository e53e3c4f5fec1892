/**
 * Migration 0030-recon-follows-imports: the kept item rows of one day are found through an index,
 * so an import's new lines are placed among them without reading every kept row.
 */
import { describe, expect, it } from 'vitest';
import { migratedTo, useScratchLedger } from '../../helpers/migration-ledger';
import { ReconItemRowsRepository } from '../../../src/main/core/ledger/repositories/recon-item-rows';

const scratch = useScratchLedger();

describe('migration 0030-recon-follows-imports', () => {
  it('finds the kept rows of a day, and the rows around it, through the date index', () => {
    const db = migratedTo(scratch, 'recon-follows-imports', (ledger) => {
      const add = ledger.prepare(
        `INSERT INTO recon_item_rows (workspace_id, position, kind, row_id, item_id, state, state_rank, date,
           currency, scaled, size_key, order_key, out, label, haystack, match_group, match_rank, match_text,
           out_of_scope)
         VALUES (1, ?, ?, ?, ?, 'awaiting_payment', 0, ?, 'EUR', '100', '100', '1100', 0, '', '', 0, 0, '', 0)`,
      );
      add.run(10, 'request', 1, 'R1', '2026-10-01');
      add.run(20, 'request', 2, 'R2', '2026-10-03');
      add.run(30, 'line', 3, 'L3', '2026-10-03');
      add.run(40, 'request', 4, 'R4', '2026-10-07');
    });
    const plan = db
      .prepare("EXPLAIN QUERY PLAN SELECT position FROM recon_item_rows WHERE workspace_id = 1 AND date = '2026-10-03'")
      .all() as Array<{ detail: string }>;
    expect(plan.map((step) => step.detail).join(' ')).toMatch(/recon_item_rows_date/);
    const repo = new ReconItemRowsRepository(db);
    expect(repo.dayRows(1, '2026-10-03')).toEqual([
      { position: 20, kind: 'request', itemId: 'R2' },
      { position: 30, kind: 'line', itemId: 'L3' },
    ]);
    expect(repo.dayBounds(1, '2026-10-03')).toEqual({ before: 10, after: 40 });
    expect(repo.dayBounds(1, '2026-10-05')).toEqual({ before: 30, after: 40 });
    expect(repo.dayBounds(1, '2026-09-01')).toEqual({ before: null, after: 10 });
    expect(repo.dayBounds(1, '2026-11-01')).toEqual({ before: 40, after: null });
    expect(repo.requestRowsDated(1, '2026-10-02', '2026-10-07').sort()).toEqual([2, 4]);
  });
});
