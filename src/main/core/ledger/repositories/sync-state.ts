import type { Ledger } from '../db';

/** Small named values per dataset that let the next run resume (a cursor, an anchor, a flag). */
export class SyncStateRepository {
  constructor(private readonly db: Ledger) {}

  get(workspaceId: number, dataset: string, key: string): string | undefined {
    return this.db
      .prepare<[number, string, string], { value: string }>(
        'SELECT value FROM sync_state WHERE workspace_id = ? AND dataset = ? AND key = ?',
      )
      .get(workspaceId, dataset, key)?.value;
  }

  set(workspaceId: number, dataset: string, key: string, value: string, now: string): void {
    this.db
      .prepare(
        `INSERT INTO sync_state (workspace_id, dataset, key, value, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (workspace_id, dataset, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      )
      .run(workspaceId, dataset, key, value, now);
  }
}
