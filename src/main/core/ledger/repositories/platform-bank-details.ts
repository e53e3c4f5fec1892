/** Where the platform is paid: its bank details per workspace (Settings → Paying the platform). */
import type { Ledger } from '../db';

export interface PlatformBankDetailsRecord {
  payeeName: string;
  account: string;
  bankCode: string;
  bankName: string;
  note: string;
  updatedAt: string;
}

export class PlatformBankDetailsRepository {
  constructor(private readonly db: Ledger) {}

  /** Undefined until they are first saved. */
  get(workspaceId: number): PlatformBankDetailsRecord | undefined {
    return this.db
      .prepare<[number], PlatformBankDetailsRecord>(
        `SELECT payee_name AS payeeName, account, bank_code AS bankCode, bank_name AS bankName, note,
           updated_at AS updatedAt FROM platform_bank_details WHERE workspace_id = ?`,
      )
      .get(workspaceId);
  }

  put(workspaceId: number, details: PlatformBankDetailsRecord): void {
    this.db
      .prepare(
        `INSERT INTO platform_bank_details (workspace_id, payee_name, account, bank_code, bank_name, note, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (workspace_id) DO UPDATE SET payee_name = excluded.payee_name, account = excluded.account,
           bank_code = excluded.bank_code, bank_name = excluded.bank_name, note = excluded.note,
           updated_at = excluded.updated_at`,
      )
      .run(
        workspaceId,
        details.payeeName,
        details.account,
        details.bankCode,
        details.bankName,
        details.note,
        details.updatedAt,
      );
  }
}
