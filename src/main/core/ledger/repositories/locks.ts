import type { Ledger } from '../db';
import { SchemaObjectsRepository } from './schema-objects';

/** One held lock, as stored in the `locks` table. */
export interface LockRecord {
  name: string;
  owner: string;
  pid: number;
  hostname: string;
  acquiredAt: string;
  heartbeatAt: string;
}

/** Who is asking: a lock is released or refreshed only by the same owner, process and host. */
export interface LockIdentity {
  owner: string;
  pid: number;
  hostname: string;
}

const COLUMNS = 'name, owner, pid, hostname, acquired_at AS acquiredAt, heartbeat_at AS heartbeatAt';

export class LocksRepository {
  constructor(private readonly db: Ledger) {}

  /** False on a ledger older than the locks migration (restore looks at whatever ledger it finds). */
  exists(): boolean {
    return new SchemaObjectsRepository(this.db).has('table', 'locks');
  }

  find(name: string): LockRecord | undefined {
    return this.db.prepare<[string], LockRecord>(`SELECT ${COLUMNS} FROM locks WHERE name = ?`).get(name);
  }

  /** Writes the lock row, replacing any (stale) holder. */
  put(record: LockRecord): void {
    this.db
      .prepare<[string, string, number, string, string, string]>(
        `INSERT INTO locks (name, owner, pid, hostname, acquired_at, heartbeat_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, pid = excluded.pid,
           hostname = excluded.hostname, acquired_at = excluded.acquired_at, heartbeat_at = excluded.heartbeat_at`,
      )
      .run(record.name, record.owner, record.pid, record.hostname, record.acquiredAt, record.heartbeatAt);
  }

  /** Refreshes the heartbeat; false when the lock is not (or no longer) held by `who`. */
  touch(name: string, who: LockIdentity, at: string): boolean {
    const result = this.db
      .prepare<[string, string, string, number, string]>(
        'UPDATE locks SET heartbeat_at = ? WHERE name = ? AND owner = ? AND pid = ? AND hostname = ?',
      )
      .run(at, name, who.owner, who.pid, who.hostname);
    return result.changes === 1;
  }

  /** Drops every lock row: for a copy of a ledger (backup, restore), where no holder runs. */
  clear(): void {
    this.db.prepare('DELETE FROM locks').run();
  }

  /** Deletes the lock only when `who` holds it; false otherwise. */
  remove(name: string, who: LockIdentity): boolean {
    const result = this.db
      .prepare<[string, string, number, string]>(
        'DELETE FROM locks WHERE name = ? AND owner = ? AND pid = ? AND hostname = ?',
      )
      .run(name, who.owner, who.pid, who.hostname);
    return result.changes === 1;
  }
}
