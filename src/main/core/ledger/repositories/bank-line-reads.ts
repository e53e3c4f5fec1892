/**
 * Stored bank lines as the matcher reads them (through BankStatementsRepository): only the lines of
 * complete statements, each row turned into a StoredBankLine (the amount back to exact text).
 */
import type { BankLine } from '../../../../shared/domain/statements';
import { fromMinorUnits } from '../../../../shared/domain/money';
import type { Ledger } from '../db';

export interface StoredBankLine extends BankLine {
  id: number;
  statementId: number;
  accountKey: string;
  /** The amount has more decimals than its currency (or does not fit 64 bits): kept as exact text. */
  overPrecise: boolean;
}

interface LineRow {
  id: bigint;
  statement_id: bigint;
  account_key: string;
  bank_transaction_id: string;
  booking_date: string;
  value_date: string | null;
  currency: string;
  amount_minor: bigint | null;
  amount_exact: string | null;
  reference: string | null;
  remittance: string | null;
  counterparty_name: string | null;
  counterparty_account: string | null;
  source_line: bigint;
}

/** Complete statements' lines. */
const SELECT_LINES = `SELECT l.id, l.statement_id, l.account_key, l.bank_transaction_id, l.booking_date, l.value_date,
         l.currency, l.amount_minor, l.amount_exact, l.reference, l.remittance, l.counterparty_name,
         l.counterparty_account, l.source_line
    FROM bank_lines l JOIN bank_statements s ON s.id = l.statement_id AND s.import_state = 'complete'`;

function storedLine(row: LineRow): StoredBankLine {
  return {
    id: Number(row.id),
    statementId: Number(row.statement_id),
    accountKey: row.account_key,
    bankTransactionId: row.bank_transaction_id,
    bookingDate: row.booking_date,
    valueDate: row.value_date,
    amount: row.amount_exact ?? fromMinorUnits(row.amount_minor ?? 0n, row.currency),
    overPrecise: row.amount_exact !== null,
    currency: row.currency,
    reference: row.reference,
    remittance: row.remittance,
    counterpartyName: row.counterparty_name,
    counterpartyAccount: row.counterparty_account,
    sourceLine: Number(row.source_line),
  };
}

/** Every stored line of the workspace's complete statements, oldest booking first. */
export function listStoredLines(db: Ledger, workspaceId: number): StoredBankLine[] {
  return db
    .prepare<[number], LineRow>(`${SELECT_LINES} WHERE l.workspace_id = ? ORDER BY l.booking_date, l.id`)
    .safeIntegers(true)
    .all(workspaceId)
    .map(storedLine);
}

/** Which of these bank ids more than one line of the workspace's complete statements has. */
export function repeatedBankIds(db: Ledger, workspaceId: number, bankIds: readonly string[]): Set<string> {
  return new Set(
    db
      .prepare<[number, string], string>(
        `SELECT l.bank_transaction_id FROM bank_lines l
           JOIN bank_statements s ON s.id = l.statement_id AND s.import_state = 'complete'
          WHERE l.workspace_id = ? AND l.bank_transaction_id IN (SELECT value FROM json_each(?))
          GROUP BY l.bank_transaction_id HAVING count(*) > 1`,
      )
      .pluck()
      .all(workspaceId, JSON.stringify(bankIds)),
  );
}

/** The row ids of the lines (of complete statements) that have one of these bank ids. */
export function lineRowsByBankIds(db: Ledger, workspaceId: number, bankIds: readonly string[]): number[] {
  return db
    .prepare<[number, string], number>(
      `SELECT l.id FROM bank_lines l
         JOIN bank_statements s ON s.id = l.statement_id AND s.import_state = 'complete'
        WHERE l.workspace_id = ? AND l.bank_transaction_id IN (SELECT value FROM json_each(?))`,
    )
    .pluck()
    .all(workspaceId, JSON.stringify(bankIds));
}

/** The lines of these bank_lines ids (of complete statements), in no particular order, looked up by id
 * (`+workspace_id` keeps SQLite from scanning the workspace's index instead). */
export function storedLinesByIds(db: Ledger, workspaceId: number, ids: readonly number[]): StoredBankLine[] {
  return db
    .prepare<[number, string], LineRow>(
      `${SELECT_LINES} WHERE +l.workspace_id = ? AND l.id IN (SELECT value FROM json_each(?))`,
    )
    .safeIntegers(true)
    .all(workspaceId, JSON.stringify(ids))
    .map(storedLine);
}

/** The lines of complete statements booked from `from` to `to` (inclusive) no decision in force covers. */
export function freeLinesBooked(db: Ledger, workspaceId: number, from: string, to: string): StoredBankLine[] {
  return db
    .prepare<[number, string, string], LineRow>(
      `${SELECT_LINES}
        WHERE l.workspace_id = ? AND l.booking_date BETWEEN ? AND ?
          AND NOT EXISTS (SELECT 1 FROM recon_current c WHERE c.workspace_id = l.workspace_id
                            AND c.role IN ('match', 'resolution') AND c.line_id = l.id)`,
    )
    .safeIntegers(true)
    .all(workspaceId, from, to)
    .map(storedLine);
}
