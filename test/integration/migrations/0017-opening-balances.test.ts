import { describe, expect, it } from 'vitest';
import { openLedger } from '../../../src/main/core/ledger/db';
import { migrate } from '../../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../../src/main/core/ledger/migrations';
import { tableNames, useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();

describe('migration 0017-opening-balances', () => {
  const STEP = MIGRATIONS.findIndex((step) => step.name === 'opening-balances') + 1;

  it('upgrades the step before it, keeps entries append-only and ties each to its audit entry', () => {
    scratch.db = openLedger(scratch.path);
    migrate(scratch.db, MIGRATIONS.slice(0, STEP - 1));
    scratch.db
      .prepare("INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')")
      .run();
    expect(migrate(scratch.db, MIGRATIONS.slice(0, STEP)).applied).toEqual([
      `${String(STEP).padStart(4, '0')}-opening-balances`,
    ]);
    expect(tableNames(scratch.db)).toContain('float_opening_balances');
    const insert = (auditSeq: number) =>
      scratch
        .db!.prepare(
          `INSERT INTO float_opening_balances
             (workspace_id, currency, float_name, as_of, amount_minor, note, entered_at, actor, audit_seq)
           VALUES (1, 'GBP', 'Main', '2026-11-01', 15000000, 'statement', '2026-11-27T10:00:00.000Z', 'user', ?)`,
        )
        .run(auditSeq);
    // Its audit entry must exist.
    expect(() => insert(1)).toThrow(/FOREIGN KEY/);
    scratch.db
      .prepare(
        `INSERT INTO audit_log (workspace_id, seq, at, actor, action, subject, details, prev_hash, hash)
       VALUES (1, 1, '2026-11-27T10:00:00.000Z', 'user', 'balance.opening_entered', 'float:GBP Main', '{}', ?, ?)`,
      )
      .run('0'.repeat(64), '1'.repeat(64));
    insert(1);
    expect(() => scratch.db!.prepare('UPDATE float_opening_balances SET amount_minor = 1').run()).toThrow(
      /append-only/,
    );
    expect(() => scratch.db!.prepare('DELETE FROM float_opening_balances').run()).toThrow(/append-only/);
    expect(() =>
      scratch
        .db!.prepare(
          `INSERT INTO float_opening_balances
             (workspace_id, currency, float_name, as_of, amount_minor, note, entered_at, actor, audit_seq)
           VALUES (1, 'GBP', 'Main', '1 Nov', 1, '', '2026-11-27T10:00:00.000Z', 'user', 1)`,
        )
        .run(),
    ).toThrow(/CHECK/);
  });
});
