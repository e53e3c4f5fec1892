import type { Ledger } from '../db';

export type WorkspaceKind = 'demo' | 'platform';

export interface WorkspaceRecord {
  id: number;
  name: string;
  kind: WorkspaceKind;
  baseUrl: string | null;
  createdAt: string;
}

interface WorkspaceRow {
  id: number;
  name: string;
  kind: WorkspaceKind;
  base_url: string | null;
  created_at: string;
}

function toRecord(row: WorkspaceRow): WorkspaceRecord {
  return { id: row.id, name: row.name, kind: row.kind, baseUrl: row.base_url, createdAt: row.created_at };
}

export class WorkspacesRepository {
  constructor(private readonly db: Ledger) {}

  /** The workspace this ledger belongs to; created on first open. */
  ensure(defaults: {
    name: string;
    kind: WorkspaceKind;
    baseUrl: string | null;
    now: string;
  }): WorkspaceRecord {
    return this.db
      .transaction(() => {
        const existing = this.first();
        if (existing) return existing;
        const row = this.db
          .prepare<[string, WorkspaceKind, string | null, string], WorkspaceRow>(
            'INSERT INTO workspaces (name, kind, base_url, created_at) VALUES (?, ?, ?, ?) RETURNING *',
          )
          .get(defaults.name, defaults.kind, defaults.baseUrl, defaults.now);
        if (!row) throw new Error('Creating the workspace record returned nothing.');
        return toRecord(row);
      })
      .immediate();
  }

  /** Point the workspace at a platform (workspace init); the demo workspace keeps its simulator. */
  setConnection(id: number, connection: { name: string; baseUrl: string }): WorkspaceRecord {
    const row = this.db
      .prepare<[string, string, number], WorkspaceRow>(
        "UPDATE workspaces SET name = ?, base_url = ? WHERE id = ? AND kind = 'platform' RETURNING *",
      )
      .get(connection.name, connection.baseUrl, id);
    if (!row) throw new Error('Only a platform workspace can be pointed at a platform address.');
    return toRecord(row);
  }

  first(): WorkspaceRecord | undefined {
    const row = this.db.prepare<[], WorkspaceRow>('SELECT * FROM workspaces ORDER BY id LIMIT 1').get();
    return row ? toRecord(row) : undefined;
  }
}
