/**
 * Imported bank statements and their lines (migrations 0008, 0014). A statement is stored in steps:
 * its rows are added as 'importing' (held, read by nothing), its lines a batch at a time, and the
 * last step makes it 'complete' in one small transaction — or the whole attempt is deleted. Only
 * lines the ledger does not hold yet are added, so importing the same statement twice adds nothing;
 * a line whose bank id is already stored with a different date or amount is a conflict.
 * `store` does all the steps in one transaction for a statement read whole.
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
import { CONTENT_ID_PREFIX } from '../../reconcile/statements/line-id';
import { quoted } from '../../reconcile/statements/limits';
import { refusalOf } from '../../reconcile/statements/refusal';
import type BetterSqlite from 'better-sqlite3';
import { unsyncedWrite, type Ledger } from '../db';
import { toStoredAmount } from './stored-amounts';

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

/** The file a statement comes from, as its rows record it. */
export interface StatementFile {
  fileName: string;
  fileSha256: string;
  importedAt: string;
  format: StatementImport['format'];
}

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

/** The key that identifies an account for duplicate detection: no spaces, upper case, '' if unnamed. */
export function accountKey(account: string | null): string {
  return (account ?? '').replace(/\s+/g, '').toUpperCase();
}

function balanceColumns(balance: StatementBalance | null): [string | null, bigint | null, string | null] {
  if (!balance) return [null, null, null];
  const stored = toStoredAmount(balance.amount, balance.currency);
  return [balance.date, stored.minor, stored.exact];
}

type Statement = BetterSqlite.Statement<unknown[], unknown>;

/** Lines per INSERT statement (14 values each, well under SQLite's limit of 32,766). */
const ROWS_PER_INSERT = 64;

type KnownLine = {
  booking_date: string;
  currency: string;
  amount_minor: bigint | null;
  amount_exact: string | null;
};

export class BankStatementsRepository {
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly db: Ledger) {}

  private sql(text: string): Statement {
    let statement = this.statements.get(text);
    if (statement === undefined) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }

  /** Check, then write every new line of every statement in the file in one transaction. */
  store(workspaceId: number, result: StatementImport, options: StoreStatementOptions): StoreStatementOutcome {
    const problems = result.errors;
    const unbalanced = checkBalances(result);
    const early = refusalOf({
      unbalanced,
      problems,
      problemsTotal: result.errorsTotal ?? problems.length,
      linesRead: result.lines.length,
      acceptReadableLines: options.acceptReadableLines === true,
      conflicts: [],
      conflictsTotal: 0,
    });
    if (early) throw early;
    const sections = sectionsOf(result);
    const file: StatementFile = { ...options, format: result.format };
    return this.db.transaction(() => {
      let added = 0;
      let known = 0;
      const conflicts: StatementProblem[] = [];
      const staged = sections.map((section, index) => {
        const statement = this.stage(workspaceId, file, index, {
          ...section,
          account: section.account ?? result.account,
        });
        const lines = result.lines.slice(section.firstLineIndex, section.firstLineIndex + section.lineCount);
        const outcome = this.stageLines(workspaceId, statement, lines);
        added += outcome.added;
        known += outcome.known;
        conflicts.push(...outcome.conflicts);
        return { statement, lineCount: section.lineCount, added: outcome.added };
      });
      const refused = refusalOf({
        unbalanced: [],
        problems: [],
        problemsTotal: 0,
        linesRead: result.lines.length,
        acceptReadableLines: true,
        conflicts,
        conflictsTotal: conflicts.length,
      });
      // Thrown inside the transaction: everything written above is rolled back.
      if (refused) throw refused;
      const statementsAdded = this.complete(workspaceId, file, staged);
      return {
        statementsAdded,
        linesAdded: added,
        linesAlreadyKnown: known,
        problemsAccepted: result.errorsTotal ?? problems.length,
      };
    })();
  }

  /**
   * Add a statement of the file as 'importing'. A file imported before for another account is
   * refused (the same bytes cannot be two accounts' statements).
   */
  stage(
    workspaceId: number,
    file: StatementFile,
    section: number,
    head: Omit<StatementSection, 'firstLineIndex' | 'lineCount'>,
  ): StagedStatement {
    const key = accountKey(head.account);
    const before = this.importedBefore(workspaceId, file.fileSha256, section);
    if (before && before.account_key !== key) {
      throw new AppError(
        'invalid_input',
        `This file was imported before for account "${before.account_key || '(none)'}"; it cannot be stored again for another account.`,
        { fileSha256: file.fileSha256 },
      );
    }
    const currency = head.opening?.currency ?? head.closing?.currency ?? null;
    const inserted = this.sql(
      `INSERT INTO bank_statements (workspace_id, file_name, file_sha256, section, format, statement_ref, account,
         account_key, currency, opening_date, opening_minor, opening_exact, closing_date, closing_minor,
         closing_exact, line_count, imported_at, import_state)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 'importing')`,
    ).run(
      workspaceId,
      file.fileName,
      file.fileSha256,
      section,
      file.format,
      head.statementId,
      head.account,
      key,
      currency,
      ...balanceColumns(head.opening),
      ...balanceColumns(head.closing),
      file.importedAt,
    );
    return { id: Number(inserted.lastInsertRowid), section, accountKey: key };
  }

  /** Add the lines the ledger does not hold yet to a staged statement; count the known ones. */
  stageLines(workspaceId: number, statement: StagedStatement, lines: readonly BankLine[]): StagedLines {
    const outcome: StagedLines = { added: 0, known: 0, conflicts: [] };
    const amounts = lines.map((line) => toStoredAmount(line.amount, line.currency));
    // Many rows to a statement: a large statement is stored a third faster than row by row. A
    // statement that skipped a row (its id was stored) says so by its count of changes; only then
    // are its lines looked up, to tell the added from the known.
    let skipped = false;
    const lastId = this.sql('SELECT coalesce(max(id), 0) FROM bank_lines').pluck().get() as number;
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
      const changes = this.insertLines(end - start).run(params).changes;
      outcome.added += changes;
      if (changes < end - start) skipped = true;
    }
    if (!skipped) return outcome;
    const addedNow = this.sql(
      'SELECT bank_transaction_id FROM bank_lines WHERE id > ? AND statement_id = ?',
    ).pluck();
    const inserted = new Set(addedNow.all(lastId, statement.id) as string[]);
    // The lines the ledger held already: the same payment (known), or another one under its id.
    const byBankId = this.sql(
      `SELECT booking_date, currency, amount_minor, amount_exact FROM bank_lines
        WHERE workspace_id = ? AND account_key = ? AND bank_transaction_id = ?
          AND bank_transaction_id NOT GLOB 'sha256:*'`,
    ).safeIntegers(true);
    const byContentId = this.sql(
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
  private insertLines(rows: number): Statement {
    const row = '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
    return this.sql(
      `INSERT INTO bank_lines (statement_id, workspace_id, account_key, bank_transaction_id, booking_date, value_date,
         currency, amount_minor, amount_exact, reference, remittance, counterparty_name, counterparty_account, source_line)
       VALUES ${Array.from({ length: rows }, () => row).join(', ')}
       ON CONFLICT DO NOTHING`,
    );
  }

  /**
   * The last step: staged statements become complete (or, where the file was imported before, their
   * new lines join the earlier statement). Returns how many statement rows were added.
   */
  complete(
    workspaceId: number,
    file: StatementFile,
    staged: readonly { statement: StagedStatement; lineCount: number; added: number }[],
  ): number {
    let added = 0;
    for (const { statement, lineCount, added: linesAdded } of staged) {
      const held = this.sql(
        "SELECT count(*) FROM bank_statements s JOIN bank_lines l ON l.statement_id = s.id WHERE s.id = ? AND s.import_state = 'importing'",
      )
        .pluck()
        .get(statement.id) as number;
      const exists = this.sql(
        "SELECT 1 FROM bank_statements WHERE id = ? AND import_state = 'importing'",
      ).get(statement.id);
      if (exists === undefined || held !== linesAdded) {
        // Another process cleared or changed what this import staged: nothing is made complete.
        throw new AppError(
          'ledger_busy',
          'The statement changed in the ledger while it was imported (another FloatDesk cleared it). Nothing was stored: import it again.',
          { statementId: statement.id, staged: linesAdded, found: held },
        );
      }
      const before = this.importedBefore(workspaceId, file.fileSha256, statement.section);
      if (before) {
        this.sql('UPDATE bank_lines SET statement_id = ? WHERE statement_id = ?').run(
          before.id,
          statement.id,
        );
        this.sql('DELETE FROM bank_statements WHERE id = ?').run(statement.id);
        continue;
      }
      this.sql(
        "UPDATE bank_statements SET import_state = 'complete', line_count = ? WHERE id = ? AND import_state = 'importing'",
      ).run(lineCount, statement.id);
      added += 1;
    }
    return added;
  }

  /**
   * Delete what unfinished or refused imports left, at most `limit` lines at a time (one short
   * transaction each); returns how many rows went, 0 when nothing is left.
   */
  discardImporting(workspaceId: number, limit = 5_000): number {
    return unsyncedWrite(this.db, () => {
      const lines = this.sql(
        `DELETE FROM bank_lines WHERE id IN (
           SELECT l.id FROM bank_statements s JOIN bank_lines l ON l.statement_id = s.id
            WHERE s.workspace_id = ? AND s.import_state = 'importing' LIMIT ?)`,
      ).run(workspaceId, limit).changes;
      if (lines >= limit) return lines;
      const statements = this.sql(
        `DELETE FROM bank_statements WHERE workspace_id = ? AND import_state = 'importing'
           AND NOT EXISTS (SELECT 1 FROM bank_lines l WHERE l.statement_id = bank_statements.id)`,
      ).run(workspaceId).changes;
      return lines + statements;
    });
  }

  private importedBefore(
    workspaceId: number,
    fileSha256: string,
    section: number,
  ): { id: number; account_key: string } | undefined {
    return this.sql(
      `SELECT id, account_key FROM bank_statements
        WHERE workspace_id = ? AND file_sha256 = ? AND section = ? AND import_state = 'complete'`,
    ).get(workspaceId, fileSha256, section) as { id: number; account_key: string } | undefined;
  }

  /** Every stored line of the workspace's complete statements, oldest booking first (the matcher's input). */
  listLines(workspaceId: number): StoredBankLine[] {
    return this.db
      .prepare<[number], LineRow>(`${SELECT_LINES} WHERE l.workspace_id = ? ORDER BY l.booking_date, l.id`)
      .safeIntegers(true)
      .all(workspaceId)
      .map(storedLine);
  }

  /** Which of these bank ids more than one line of the workspace's complete statements has. */
  repeatedBankIds(workspaceId: number, bankIds: readonly string[]): Set<string> {
    return new Set(
      this.db
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

  /** The lines of these bank_lines ids (of complete statements), in no particular order, looked up by id
   * (`+workspace_id` keeps SQLite from scanning the workspace's index instead). */
  linesByIds(workspaceId: number, ids: readonly number[]): StoredBankLine[] {
    return this.db
      .prepare<[number, string], LineRow>(
        `${SELECT_LINES} WHERE +l.workspace_id = ? AND l.id IN (SELECT value FROM json_each(?))`,
      )
      .safeIntegers(true)
      .all(workspaceId, JSON.stringify(ids))
      .map(storedLine);
  }
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
