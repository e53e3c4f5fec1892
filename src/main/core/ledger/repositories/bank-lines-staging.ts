/**
 * The lines of a staged bank statement (bank-statements.ts), added many rows to an INSERT. Only
 * lines the ledger does not hold yet are added; a line whose bank id is stored already is known
 * (the same payment) or a conflict (another payment under that id), and nothing of it is written.
 */
import type { BankLine, StatementProblem } from '../../../../shared/domain/statements';
import { fromMinorUnits } from '../../../../shared/domain/money';
import { CONTENT_ID_PREFIX } from '../../recon/statements/line-id';
import { quoted } from '../../recon/statements/limits';
import type BetterSqlite from 'better-sqlite3';
import { toStoredAmount } from './stored-amounts';

export type Statement = BetterSqlite.Statement<unknown[], unknown>;
/** A prepared statement for this SQL text (the repository keeps one per text). */
export type Prepare = (text: string) => Statement;

/** A statement row added as 'importing', and where its lines go. */
export interface StagedStatement {
  id: number;
  /** Position of the statement in its file (bank_statements.section). */
  section: number;
  accountKey: string;
}

export interface StagedLines {
  added: number;
  known: number;
  /** Lines whose bank id the ledger holds for another payment (nothing of them was written). */
  conflicts: StatementProblem[];
}

/** Lines per INSERT statement (14 values each, well under SQLite's limit of 32,766). */
const ROWS_PER_INSERT = 64;

type KnownLine = {
  booking_date: string;
  currency: string;
  amount_minor: bigint | null;
  amount_exact: string | null;
};

/** Add the lines the ledger does not hold yet to a staged statement; count the known ones. */
export function stageNewLines(
  sql: Prepare,
  workspaceId: number,
  statement: StagedStatement,
  lines: readonly BankLine[],
): StagedLines {
  const outcome: StagedLines = { added: 0, known: 0, conflicts: [] };
  const amounts = lines.map((line) => toStoredAmount(line.amount, line.currency));
  // Many rows to a statement: a large statement is stored a third faster than row by row. A
  // statement that skipped a row (its id was stored) says so by its count of changes; only then
  // are its lines looked up, to tell the added from the known.
  let skipped = false;
  const lastId = sql('SELECT coalesce(max(id), 0) FROM bank_lines').pluck().get() as number;
  for (let start = 0; start < lines.length; start += ROWS_PER_INSERT) {
    const end = Math.min(lines.length, start + ROWS_PER_INSERT);
    const params: unknown[] = [];
    for (let i = start; i < end; i++) {
      const line = lines[i]!;
      const amount = amounts[i]!;
      params.push(
        statement.id,
        workspaceId,
        statement.accountKey,
        line.bankTransactionId,
        line.bookingDate,
        line.valueDate,
        line.currency,
        amount.minor,
        amount.exact,
        line.reference,
        line.remittance,
        line.counterpartyName,
        line.counterpartyAccount,
        line.sourceLine,
      );
    }
    const changes = insertLines(sql, end - start).run(params).changes;
    outcome.added += changes;
    if (changes < end - start) skipped = true;
  }
  if (!skipped) return outcome;
  const addedNow = sql(
    'SELECT bank_transaction_id FROM bank_lines WHERE id > ? AND statement_id = ?',
  ).pluck();
  const inserted = new Set(addedNow.all(lastId, statement.id) as string[]);
  // The lines the ledger held already: the same payment (known), or another one under its id.
  const byBankId = sql(
    `SELECT booking_date, currency, amount_minor, amount_exact FROM bank_lines
      WHERE workspace_id = ? AND account_key = ? AND bank_transaction_id = ?
        AND bank_transaction_id NOT GLOB 'sha256:*'`,
  ).safeIntegers(true);
  const byContentId = sql(
    `SELECT booking_date, currency, amount_minor, amount_exact FROM bank_lines
      WHERE workspace_id = ? AND booking_date = ? AND account_key = ? AND bank_transaction_id = ?`,
  ).safeIntegers(true);
  lines.forEach((line, index) => {
    if (inserted.has(line.bankTransactionId)) return;
    const amount = amounts[index]!;
    const known = (
      line.bankTransactionId.startsWith(CONTENT_ID_PREFIX)
        ? byContentId.get(workspaceId, line.bookingDate, statement.accountKey, line.bankTransactionId)
        : byBankId.get(workspaceId, statement.accountKey, line.bankTransactionId)
    ) as KnownLine;
    const same =
      known.booking_date === line.bookingDate &&
      known.currency === line.currency &&
      known.amount_minor === amount.minor &&
      known.amount_exact === amount.exact;
    if (same) outcome.known += 1;
    else
      outcome.conflicts.push({
        line: line.sourceLine,
        field: 'bankTransactionId',
        problem: `${quoted(line.bankTransactionId)} is already stored for ${known.booking_date} ${known.amount_exact ?? fromMinorUnits(known.amount_minor ?? 0n, known.currency)} ${known.currency}, not ${line.bookingDate} ${line.amount} ${line.currency}`,
      });
  });
  return outcome;
}

/** INSERT of `rows` lines; a line whose id is stored already is skipped. */
function insertLines(sql: Prepare, rows: number): Statement {
  let text = INSERT_TEXTS.get(rows);
  if (text === undefined) {
    const row = '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
    text = `INSERT INTO bank_lines (statement_id, workspace_id, account_key, bank_transaction_id, booking_date, value_date,
       currency, amount_minor, amount_exact, reference, remittance, counterparty_name, counterparty_account, source_line)
     VALUES ${Array.from({ length: rows }, () => row).join(', ')}
     ON CONFLICT DO NOTHING`;
    INSERT_TEXTS.set(rows, text);
  }
  return sql(text);
}

/** The INSERT's text per number of rows, made once (a million-line statement asks 16,000 times). */
const INSERT_TEXTS = new Map<number, string>();
