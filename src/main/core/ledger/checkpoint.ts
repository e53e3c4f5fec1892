/**
 * One checkpoint of a ledger's write-ahead log, on a connection of its own, so that copying a large
 * import's pages into the ledger file happens off the thread that answers calls (the statement
 * worker runs it). PASSIVE: it never waits for, or blocks, the core's writer or readers.
 */
import Database from 'better-sqlite3';

export interface CheckpointResult {
  /** Pages in the log, and how many of them are now in the ledger file. */
  logPages: number;
  copiedPages: number;
}

export function checkpointLedgerFile(path: string, nativeBinding?: string): CheckpointResult {
  const db = new Database(path, {
    fileMustExist: true,
    ...(nativeBinding === undefined ? {} : { nativeBinding }),
  });
  try {
    db.pragma('busy_timeout = 5000');
    const [row] = db.pragma('wal_checkpoint(PASSIVE)') as {
      busy: number;
      log: number;
      checkpointed: number;
    }[];
    return { logPages: row?.log ?? 0, copiedPages: row?.checkpointed ?? 0 };
  } finally {
    db.close();
  }
}

/** The same checkpoint on the core's own connection (where no worker was built: tests from sources). */
export function checkpointHere(db: Database.Database): void {
  db.pragma('wal_checkpoint(PASSIVE)');
}
