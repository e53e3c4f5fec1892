/**
 * Bank statements as FloatDesk reads them: what every importer (CSV, camt.053, MT940,
 * OFX/QFX) produces and the matcher consumes. Amounts are exact decimal text, dates YYYY-MM-DD.
 */

/** One booked line of a bank statement. */
export interface BankLine {
  /**
   * The bank's own transaction id (camt AcctSvcrRef/NtryRef, MT940 bank reference, OFX FITID, a CSV
   * column), or, when the format has none, a stable digest of the line's content and position, so
   * importing the same statement twice adds nothing.
   */
  bankTransactionId: string;
  /** Booking date. */
  bookingDate: string;
  valueDate: string | null;
  /** Signed exact decimal: negative for money leaving the account (a top-up paid), e.g. "-2500.00". */
  amount: string;
  /** ISO 4217 code of the account or the line. */
  currency: string;
  /** A structured reference (creditor reference, end-to-end id) when the format gives one. */
  reference: string | null;
  /** Free remittance text (where a payment reference typed by a person usually ends up). */
  remittance: string | null;
  counterpartyName: string | null;
  counterpartyAccount: string | null;
  /** Line (or first line) in the source file where this entry is written, 1-based. */
  sourceLine: number;
}

/** A problem found while reading a statement: where, which field, what is wrong. */
export interface StatementProblem {
  /** 1-based line in the source file (for XML: the line of the element). */
  line: number;
  field: string | null;
  problem: string;
}

export interface StatementBalance {
  date: string;
  /** Signed exact decimal. */
  amount: string;
  currency: string;
  /** Line in the source file where the balance is written (a mismatch is reported there). */
  sourceLine?: number;
}

/**
 * One statement inside a file: a camt.053 `Stmt`, an MT940 message from `:20:` to `:62F:`, an OFX
 * `STMTRS`. A file may hold several (days, accounts); each is balanced on its own.
 */
export interface StatementSection {
  /** The bank's id of the statement (camt Stmt/Id, MT940 :20: and :28C:), when given. */
  statementId: string | null;
  account: string | null;
  opening: StatementBalance | null;
  closing: StatementBalance | null;
  /** This section's lines are `lines.slice(firstLineIndex, firstLineIndex + lineCount)`. */
  firstLineIndex: number;
  lineCount: number;
  /** Line in the source file where the statement starts. */
  sourceLine: number;
}

/** What an importer returns: the lines it could read and every problem, never a thrown error. */
export interface StatementImport {
  format: 'csv' | 'camt053' | 'mt940' | 'ofx';
  /** The statement's account (IBAN or number) when the format names it. */
  account: string | null;
  lines: BankLine[];
  /** The first problems by line (at most 100, each bounded in length). */
  errors: StatementProblem[];
  /** How many problems there were in all (more than `errors` holds when there were many). */
  errorsTotal?: number;
  /** Opening and closing booked balances when the statement gives them (checked before storing). */
  opening: StatementBalance | null;
  closing: StatementBalance | null;
  /**
   * The statements in the file, in order, when the format has them. Absent: the whole file is one
   * statement with the account, opening and closing above. When a file holds several statements,
   * `opening` is the first one's and `closing` the last one's if they share account and currency.
   */
  sections?: StatementSection[];
  /** How the bytes were decoded: 'utf-8', 'utf-16le', 'utf-16be' or 'windows-1252'. */
  encoding?: string;
  /** A CSV read without a profile: the column mapping recognised from its titles, in words. */
  mapping?: string;
}
