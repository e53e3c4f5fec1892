/**
 * This ledger's statement for the name a team gives it: its file's SHA-256 (only complete
 * statements count).
 */
import type { Ledger } from '../db';

export class TeamNamesRepository {
  constructor(private readonly db: Ledger) {}

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
}
