/**
 * Opening balances entered per float (migration 0017): append-only, the latest entry for a float
 * and date counts, earlier ones stay as its history.
 */
import { fromMinorUnits } from '../../../../shared/domain/money';
import type { Ledger } from '../db';

export interface OpeningBalanceEntry {
  id: number;
  currency: string;
  float: string;
  /** The balance at the start of this UTC day. */
  asOf: string;
  /** Exact decimal text with the currency's decimals. */
  amount: string;
  note: string;
  enteredAt: string;
  actor: 'user' | 'cli';
  auditSeq: number;
}

interface Row {
  id: number;
  currency: string;
  float_name: string;
  as_of: string;
  amount_minor: bigint;
  note: string;
  entered_at: string;
  actor: 'user' | 'cli';
  audit_seq: number;
}

const COLUMNS = 'id, currency, float_name, as_of, amount_minor, note, entered_at, actor, audit_seq';

function toEntry(row: Row): OpeningBalanceEntry {
  return {
    id: Number(row.id),
    currency: row.currency,
    float: row.float_name,
    asOf: row.as_of,
    amount: fromMinorUnits(row.amount_minor, row.currency),
    note: row.note,
    enteredAt: row.entered_at,
    actor: row.actor,
    auditSeq: Number(row.audit_seq),
  };
}

export class OpeningBalancesRepository {
  constructor(private readonly db: Ledger) {}

  /** Must run inside the caller's transaction, with the audit entry it refers to. */
  insert(
    workspaceId: number,
    entry: Omit<OpeningBalanceEntry, 'id' | 'amount'> & { amountMinor: bigint },
  ): number {
    const result = this.db
      .prepare(
        `INSERT INTO float_opening_balances
           (workspace_id, currency, float_name, as_of, amount_minor, note, entered_at, actor, audit_seq)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        workspaceId,
        entry.currency,
        entry.float,
        entry.asOf,
        entry.amountMinor,
        entry.note,
        entry.enteredAt,
        entry.actor,
        entry.auditSeq,
      );
    return Number(result.lastInsertRowid);
  }

  /** The entry in force for each float and date (the latest), by currency, float and date. */
  current(workspaceId: number, dates?: readonly string[]): OpeningBalanceEntry[] {
    const rows = this.db
      .prepare<[number], Row>(
        `SELECT ${COLUMNS} FROM float_opening_balances o
          WHERE o.workspace_id = ?
            AND o.id = (SELECT max(l.id) FROM float_opening_balances l
                         WHERE l.workspace_id = o.workspace_id AND l.currency = o.currency
                           AND l.float_name = o.float_name AND l.as_of = o.as_of)
          ORDER BY o.currency, o.float_name, o.as_of`,
      )
      .safeIntegers(true)
      .all(workspaceId)
      .map(toEntry);
    return dates === undefined ? rows : rows.filter((entry) => dates.includes(entry.asOf));
  }

  /** Every entry of one float and date, newest first (the first is in force). */
  history(workspaceId: number, currency: string, float: string, asOf: string): OpeningBalanceEntry[] {
    return this.db
      .prepare<[number, string, string, string], Row>(
        `SELECT ${COLUMNS} FROM float_opening_balances
          WHERE workspace_id = ? AND currency = ? AND float_name = ? AND as_of = ?
          ORDER BY id DESC`,
      )
      .safeIntegers(true)
      .all(workspaceId, currency, float, asOf)
      .map(toEntry);
  }

  /** The floats the workspace knows (for the form's choice). */
  floats(workspaceId: number): Array<{ currency: string; name: string }> {
    return this.db
      .prepare<[number], { currency: string; name: string }>(
        'SELECT currency, name FROM floats WHERE workspace_id = ? ORDER BY currency, name',
      )
      .all(workspaceId);
  }
}
