/** New transfer request forms kept for later: saved by hand, or because the platform was unreachable. */
import type { Ledger } from '../db';

export interface TransferDraftRecord {
  id: number;
  /** The form as JSON text (an object). */
  form: string;
  reason: string | null;
  createdAt: string;
  savedAt: string;
}

const COLUMNS = 'id, form, reason, created_at AS createdAt, saved_at AS savedAt';

export class TransferDraftsRepository {
  constructor(private readonly db: Ledger) {}

  /** Most recently saved first. */
  list(workspaceId: number): TransferDraftRecord[] {
    return this.db
      .prepare<[number], TransferDraftRecord>(
        `SELECT ${COLUMNS} FROM transfer_drafts WHERE workspace_id = ? ORDER BY saved_at DESC, id DESC`,
      )
      .all(workspaceId);
  }

  get(workspaceId: number, id: number): TransferDraftRecord | undefined {
    return this.db
      .prepare<[number, number], TransferDraftRecord>(
        `SELECT ${COLUMNS} FROM transfer_drafts WHERE workspace_id = ? AND id = ?`,
      )
      .get(workspaceId, id);
  }

  insert(workspaceId: number, draft: { form: string; reason: string | null; now: string }): number {
    const result = this.db
      .prepare(
        'INSERT INTO transfer_drafts (workspace_id, form, reason, created_at, saved_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(workspaceId, draft.form, draft.reason, draft.now, draft.now);
    return Number(result.lastInsertRowid);
  }

  /** False when the workspace has no draft with this id. */
  update(
    workspaceId: number,
    id: number,
    draft: { form: string; reason: string | null; now: string },
  ): boolean {
    const result = this.db
      .prepare(
        'UPDATE transfer_drafts SET form = ?, reason = ?, saved_at = ? WHERE workspace_id = ? AND id = ?',
      )
      .run(draft.form, draft.reason, draft.now, workspaceId, id);
    return result.changes > 0;
  }

  delete(workspaceId: number, id: number): boolean {
    return (
      this.db.prepare('DELETE FROM transfer_drafts WHERE workspace_id = ? AND id = ?').run(workspaceId, id)
        .changes > 0
    );
  }
}
