import type { Ledger } from '../db';

/**
 * One row of Settings → Accounting as stored (migrations 0024, 0026, 0027); tracking as
 * "Name=Option;Name=Option", tax codes by line as "kind=Code;kind=Code" ('' when none).
 */
export interface StoredAccountMapping {
  float: string;
  currency: string;
  floatAccount: string;
  bankAccount: string;
  costAccount: string;
  varianceAccount: string;
  refundsAccount: string;
  taxCode: string | null;
  tracking: string;
  /** Where the rounding of a conversion into the books' currency goes; null: none. */
  roundingAccount: string | null;
  taxCodes: string;
}

interface MappingRow {
  float_name: string;
  currency: string;
  float_account: string;
  bank_account: string;
  cost_account: string;
  variance_account: string;
  refunds_account: string;
  tax_code: string | null;
  tracking: string;
  rounding_account: string | null;
  tax_codes: string;
}

/** The account mapping of a workspace: one row per float and currency. */
export class AccountMappingsRepository {
  constructor(private readonly db: Ledger) {}

  /** The rows by currency, then float name. */
  list(workspaceId: number): StoredAccountMapping[] {
    return this.db
      .prepare<[number], MappingRow>(
        `SELECT float_name, currency, float_account, bank_account, cost_account, variance_account,
                refunds_account, tax_code, tracking, rounding_account, tax_codes
           FROM account_mappings WHERE workspace_id = ? ORDER BY currency, float_name`,
      )
      .all(workspaceId)
      .map((row) => ({
        float: row.float_name,
        currency: row.currency,
        floatAccount: row.float_account,
        bankAccount: row.bank_account,
        costAccount: row.cost_account,
        varianceAccount: row.variance_account,
        refundsAccount: row.refunds_account,
        taxCode: row.tax_code,
        tracking: row.tracking,
        roundingAccount: row.rounding_account,
        taxCodes: row.tax_codes,
      }));
  }

  /** Every float the ledger knows, from the platform's floats and its requests, by currency then name. */
  knownFloats(workspaceId: number): Array<{ currency: string; name: string }> {
    return this.db
      .prepare<[number, number], { currency: string; name: string }>(
        `SELECT currency, name FROM floats WHERE workspace_id = ?
         UNION SELECT currency, float_name FROM transfer_requests WHERE workspace_id = ?
         ORDER BY currency, name`,
      )
      .all(workspaceId, workspaceId);
  }

  /** When the mapping was last saved; null when never. */
  updatedAt(workspaceId: number): string | null {
    const row = this.db
      .prepare<[number], { at: string | null }>(
        'SELECT max(updated_at) AS at FROM account_mappings WHERE workspace_id = ?',
      )
      .get(workspaceId);
    return row?.at ?? null;
  }

  /** Replaces the workspace's rows; call inside the caller's transaction. */
  replace(workspaceId: number, rows: readonly StoredAccountMapping[], at: string): void {
    this.db.prepare('DELETE FROM account_mappings WHERE workspace_id = ?').run(workspaceId);
    const insert = this.db.prepare(
      `INSERT INTO account_mappings (workspace_id, currency, float_name, float_account, bank_account,
         cost_account, variance_account, refunds_account, tax_code, tracking, rounding_account, tax_codes,
         updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const row of rows) {
      insert.run(
        workspaceId,
        row.currency,
        row.float,
        row.floatAccount,
        row.bankAccount,
        row.costAccount,
        row.varianceAccount,
        row.refundsAccount,
        row.taxCode,
        row.tracking,
        row.roundingAccount,
        row.taxCodes,
        at,
      );
    }
  }

  /** The currency the workspace's books are kept in; null: each journal in its float's currency. */
  booksCurrency(workspaceId: number): string | null {
    const row = this.db
      .prepare<[number], { books_currency: string | null }>(
        'SELECT books_currency FROM accounting_settings WHERE workspace_id = ?',
      )
      .get(workspaceId);
    return row?.books_currency ?? null;
  }

  /** Sets the books' currency (null: none); call inside the caller's transaction. */
  setBooksCurrency(workspaceId: number, currency: string | null, at: string): void {
    this.db
      .prepare(
        `INSERT INTO accounting_settings (workspace_id, books_currency, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (workspace_id) DO UPDATE SET books_currency = excluded.books_currency,
           updated_at = excluded.updated_at`,
      )
      .run(workspaceId, currency, at);
  }
}
