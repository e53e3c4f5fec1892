/**
 * Imported bank statements and their lines (migration 0008). `store` is one
 * transaction that adds only the lines the ledger does not hold yet: importing the same statement
 * twice adds nothing. It refuses, writing nothing, a statement whose balances do not add up, a
 * statement with problems (unless the person chose to keep the lines that could be read), and a
 * line whose bank id is already stored with a different date or amount.
 */
import type {
  BankLine,
  StatementBalance,
  StatementImport,
  StatementProblem,
  StatementSection,
} from '../../../../shared/domain/statements';
import { fromMinorUnits } from '../../../../shared/domain/money';
import { AppError } from '../../../../shared/ipc/errors';
import { checkBalances } from '../../reconcile/statements/balances';
import type { Ledger } from '../db';
import { toStoredAmount, type StoredAmount } from './transfer-values';

export interface StoreStatementOptions {
  fileName: string;
  /** sha256 of the file's bytes, lower-case hex. */
  fileSha256: string;
  importedAt: string;
  /**
   * Store the lines that were read although the file also has lines that could not be read. A
   * balance mismatch is never overridden: with lines missing the balances cannot vouch for the rest.
   */
  acceptReadableLines?: boolean;
}

export interface StoreStatementOutcome {
  /** Statement rows written now (0 when this file was imported before). */
  statementsAdded: number;
  linesAdded: number;
  linesAlreadyKnown: number;
  /** Problems of lines that could not be read and were left out (acceptReadableLines). */
  problemsAccepted: number;
}

interface PreparedLine {
  line: BankLine;
  amount: StoredAmount;
}

/** The key that identifies an account for duplicate detection: no spaces, upper case, '' if unnamed. */
export function accountKey(account: string | null): string {
  return (account ?? '').replace(/\s+/g, '').toUpperCase();
}

function refuse(message: string, problems: StatementProblem[], reason: string): AppError {
  return new AppError('invalid_input', message, { reason, problems });
}

const where = (p: StatementProblem): string => `line ${p.line}${p.field ? `, ${p.field}` : ''}: ${p.problem}`;

function sectionsOf(result: StatementImport): StatementSection[] {
  if (result.sections && result.sections.length > 0) return result.sections;
  return [
    {
      statementId: null,
      account: result.account,
      opening: result.opening,
      closing: result.closing,
      firstLineIndex: 0,
      lineCount: result.lines.length,
      sourceLine: 1,
    },
  ];
}

function balanceColumns(balance: StatementBalance | null): [string | null, bigint | null, string | null] {
  if (!balance) return [null, null, null];
  const stored = toStoredAmount(balance.amount, balance.currency);
  return [balance.date, stored.minor, stored.exact];
}

export class BankStatementsRepository {
  constructor(private readonly db: Ledger) {}

  /** Check, then write every new line of every statement in the file in one transaction. */
  store(workspaceId: number, result: StatementImport, options: StoreStatementOptions): StoreStatementOutcome {
    const unbalanced = checkBalances(result);
    if (unbalanced.length > 0) {
      throw refuse(
        `The statement does not add up (${where(unbalanced[0]!)}). Nothing was stored; ask the bank for a complete statement.`,
        unbalanced,
        'unbalanced',
      );
    }
    const problems = result.errors;
    if (problems.length > 0 && (!options.acceptReadableLines || result.lines.length === 0)) {
      throw refuse(
        result.lines.length === 0
          ? `No line of the statement could be read (${where(problems[0]!)}). Nothing was stored.`
          : `${problems.length} problem(s) in the statement, first ${where(problems[0]!)}. Nothing was stored: fix the file, or choose to store the ${result.lines.length} line(s) that could be read.`,
        problems,
        'problems',
      );
    }
    const sections = sectionsOf(result).map((section, index) => ({
      section,
      index,
      key: accountKey(section.account ?? result.account),
      lines: result.lines
        .slice(section.firstLineIndex, section.firstLineIndex + section.lineCount)
        .map((line): PreparedLine => ({ line, amount: toStoredAmount(line.amount, line.currency) })),
    }));
    const outcome: StoreStatementOutcome = {
      statementsAdded: 0,
      linesAdded: 0,
      linesAlreadyKnown: 0,
      problemsAccepted: problems.length,
    };
    this.db.transaction(() => {
      const conflicts: StatementProblem[] = [];
      for (const { section, index, key, lines } of sections) {
        const statementId = this.statementRow(workspaceId, result, options, section, index, key, outcome);
        for (const prepared of lines) {
          const conflict = this.addLine(workspaceId, statementId, key, prepared, outcome);
          if (conflict) conflicts.push(conflict);
        }
      }
      if (conflicts.length > 0) {
        // Thrown inside the transaction: everything written above is rolled back.
        throw refuse(
          `${conflicts.length} line(s) carry a bank id the ledger already holds for a different payment, first ${where(conflicts[0]!)}. Nothing was stored.`,
          conflicts,
          'conflicting_ids',
        );
      }
    })();
    return outcome;
  }

  private statementRow(
    workspaceId: number,
    result: StatementImport,
    options: StoreStatementOptions,
    section: StatementSection,
    index: number,
    key: string,
    outcome: StoreStatementOutcome,
  ): number {
    const existing = this.db
      .prepare<[number, string, number], { id: number; account_key: string }>(
        'SELECT id, account_key FROM bank_statements WHERE workspace_id = ? AND file_sha256 = ? AND section = ?',
      )
      .get(workspaceId, options.fileSha256, index);
    if (existing && existing.account_key === key) return existing.id;
    if (existing) {
      throw new AppError(
        'invalid_input',
        `This file was imported before for account "${existing.account_key || '(none)'}"; it cannot be stored again for another account.`,
        { fileSha256: options.fileSha256 },
      );
    }
    const currency = section.opening?.currency ?? section.closing?.currency ?? null;
    const inserted = this.db
      .prepare(
        `INSERT INTO bank_statements (workspace_id, file_name, file_sha256, section, format, statement_ref, account,
           account_key, currency, opening_date, opening_minor, opening_exact, closing_date, closing_minor,
           closing_exact, line_count, imported_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        workspaceId,
        options.fileName,
        options.fileSha256,
        index,
        result.format,
        section.statementId,
        section.account ?? result.account,
        key,
        currency,
        ...balanceColumns(section.opening),
        ...balanceColumns(section.closing),
        section.lineCount,
        options.importedAt,
      );
    outcome.statementsAdded += 1;
    return Number(inserted.lastInsertRowid);
  }

  /** Adds the line, counts it as known, or returns the conflict when its id names another payment. */
  private addLine(
    workspaceId: number,
    statementId: number,
    key: string,
    { line, amount }: PreparedLine,
    outcome: StoreStatementOutcome,
  ): StatementProblem | null {
    const known = this.db
      .prepare<
        [number, string, string],
        { booking_date: string; currency: string; amount_minor: bigint | null; amount_exact: string | null }
      >(
        `SELECT booking_date, currency, amount_minor, amount_exact FROM bank_lines
          WHERE workspace_id = ? AND account_key = ? AND bank_transaction_id = ?`,
      )
      .safeIntegers(true)
      .get(workspaceId, key, line.bankTransactionId);
    if (known) {
      const same =
        known.booking_date === line.bookingDate &&
        known.currency === line.currency &&
        known.amount_minor === amount.minor &&
        known.amount_exact === amount.exact;
      if (same) {
        outcome.linesAlreadyKnown += 1;
        return null;
      }
      return {
        line: line.sourceLine,
        field: 'bankTransactionId',
        problem: `"${line.bankTransactionId}" is already stored for ${known.booking_date} ${known.amount_exact ?? fromMinorUnits(known.amount_minor ?? 0n, known.currency)} ${known.currency}, not ${line.bookingDate} ${line.amount} ${line.currency}`,
      };
    }
    this.db
      .prepare(
        `INSERT INTO bank_lines (statement_id, workspace_id, account_key, bank_transaction_id, booking_date, value_date,
           currency, amount_minor, amount_exact, reference, remittance, counterparty_name, counterparty_account, source_line)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        statementId,
        workspaceId,
        key,
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
    outcome.linesAdded += 1;
    return null;
  }

  /** Every stored line of the workspace, oldest booking first (the matcher's input). */
  listLines(workspaceId: number): StoredBankLine[] {
    return this.db
      .prepare<[number], LineRow>(
        `SELECT id, statement_id, account_key, bank_transaction_id, booking_date, value_date, currency, amount_minor,
                amount_exact, reference, remittance, counterparty_name, counterparty_account, source_line
           FROM bank_lines WHERE workspace_id = ? ORDER BY booking_date, id`,
      )
      .safeIntegers(true)
      .all(workspaceId)
      .map((row) => ({
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
      }));
  }
}

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
