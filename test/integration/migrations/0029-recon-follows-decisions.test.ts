/**
 * Migration 0029-recon-follows-decisions: the kept item rows are found by the ledger row they show,
 * and the suggestions by the rows they name — filled in for the suggestions a ledger already holds.
 */
import { describe, expect, it } from 'vitest';
import { migratedTo, useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();

const option = (lines: number[], requests: number[]) => ({ match: { rule: 'amount_date' }, lines, requests });

function ledger(): NonNullable<typeof scratch.db> {
  return migratedTo(scratch, 'recon-follows-decisions', (db) => {
    const add = db.prepare(
      `INSERT INTO recon_suggestions (workspace_id, key, position, rule, reason, options, computed_at)
       VALUES (1, ?, ?, 'amount_date', 'tie', ?, 'now')`,
    );
    add.run('a'.repeat(24), 0, JSON.stringify([option([1], [7]), option([1], [8])]));
    add.run('b'.repeat(24), 1, JSON.stringify([option([2, 3], [9])]));
  });
}

describe('migration 0029-recon-follows-decisions', () => {
  it('lists the rows every suggestion kept names, once each', () => {
    const db = ledger();
    expect(
      db.prepare('SELECT key, kind, row_id FROM recon_suggestion_rows ORDER BY key, kind, row_id').all(),
    ).toEqual([
      { key: 'a'.repeat(24), kind: 'line', row_id: 1 },
      { key: 'a'.repeat(24), kind: 'request', row_id: 7 },
      { key: 'a'.repeat(24), kind: 'request', row_id: 8 },
      { key: 'b'.repeat(24), kind: 'line', row_id: 2 },
      { key: 'b'.repeat(24), kind: 'line', row_id: 3 },
      { key: 'b'.repeat(24), kind: 'request', row_id: 9 },
    ]);
  });

  it('refuses a row of another kind, and finds a kept item row by its ledger row through the index', () => {
    const db = ledger();
    expect(() =>
      db.prepare("INSERT INTO recon_suggestion_rows VALUES (1, 'c', 'fee', 1)").run(),
    ).toThrow(/CHECK/);
    const plan = db
      .prepare(
        "EXPLAIN QUERY PLAN SELECT * FROM recon_item_rows INDEXED BY recon_item_rows_row WHERE workspace_id = 1 AND kind = 'line' AND row_id = 5",
      )
      .all() as Array<{ detail: string }>;
    expect(plan.map((step) => step.detail).join(' ')).toMatch(/recon_item_rows_row/);
  });
});
