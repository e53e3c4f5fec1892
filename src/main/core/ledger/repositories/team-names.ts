/**
 * This ledger's rows for the names a team gives them: a bank line by its account and the bank's id
 * (only lines of complete statements), a request by its payment reference and creation instant,
 * a statement file by its SHA-256.
 */
import type { Ledger } from '../db';

export class TeamNamesRepository {
  constructor(private readonly db: Ledger) {}

  lineRow(workspaceId: number, account: string, bankId: string): number | undefined {
    return this.db
      .prepare<[number, string, string], number>(
        `SELECT l.id FROM bank_lines l JOIN bank_statements s ON s.id = l.statement_id
          WHERE l.workspace_id = ? AND l.account_key = ? AND l.bank_transaction_id = ?
            AND s.import_state = 'complete'`,
      )
      .pluck()
      .get(workspaceId, account, bankId);
  }

  /** Whether a statement of this file is stored here (complete). */
  fileHeld(workspaceId: number, fileSha256: string): boolean {
    return (
      this.db
        .prepare(
          "SELECT 1 FROM bank_statements WHERE workspace_id = ? AND file_sha256 = ? AND import_state = 'complete'",
        )
        .get(workspaceId, fileSha256) !== undefined
    );
  }

  requestRow(workspaceId: number, reference: string, created: string): number | undefined {
    return this.db
      .prepare<[number, string, string], number>(
        'SELECT id FROM transfer_requests WHERE workspace_id = ? AND payment_reference = ? AND created_utc = ?',
      )
      .pluck()
      .get(workspaceId, reference, created);
  }
}
