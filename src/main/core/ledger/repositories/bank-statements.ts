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
import { AppError } from '../../../../shared/ipc/errors';
import { checkBalances } from '../../recon/statements/balances';
import { refusalOf } from '../../recon/statements/refusal';
import { unsyncedWrite, type Ledger } from '../db';
import {
  lineRowsByBankIds,
  listStoredLines,
  repeatedBankIds,
  freeLinesBooked,
  storedLinesByIds,
  type StoredBankLine,
} from './bank-line-reads';
import { stageNewLines, type StagedLines, type StagedStatement, type Statement } from './bank-lines-staging';
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

/** The key that identifies an account for duplicate detection: no spaces, upper case, '' if unnamed. */
export function accountKey(account: string | null): string {
  return (account ?? '').replace(/\s+/g, '').toUpperCase();
}

function balanceColumns(balance: StatementBalance | null): [string | null, bigint | null, string | null] {
  if (!balance) return [null, null, null];
  const stored = toStoredAmount(balance.amount, balance.currency);
  return [balance.date, stored.minor, stored.exact];
}

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
    return stageNewLines((text) => this.sql(text), workspaceId, statement, lines);
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
    return listStoredLines(this.db, workspaceId);
  }

  /** Which of these bank ids more than one line of the workspace's complete statements has. */
  repeatedBankIds(workspaceId: number, bankIds: readonly string[]): Set<string> {
    return repeatedBankIds(this.db, workspaceId, bankIds);
  }

  /** The row ids of the lines (of complete statements) with one of these bank ids. */
  lineRowsByBankIds(workspaceId: number, bankIds: readonly string[]): number[] {
    return lineRowsByBankIds(this.db, workspaceId, bankIds);
  }

  /** The lines booked from `from` to `to` (inclusive) that no decision in force covers. */
  freeLinesBooked(workspaceId: number, from: string, to: string): StoredBankLine[] {
    return freeLinesBooked(this.db, workspaceId, from, to);
  }

  /** The lines of these bank_lines ids (of complete statements), in no particular order. */
  linesByIds(workspaceId: number, ids: readonly number[]): StoredBankLine[] {
    return storedLinesByIds(this.db, workspaceId, ids);
  }
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
