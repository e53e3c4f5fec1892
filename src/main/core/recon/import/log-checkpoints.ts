/**
 * Checkpoints of the ledger's log during a large import, off the core's thread: one each time the
 * import has added a log's worth of pages, never two at once, and a last one when it ends.
 *
 * The log's file keeps its size after a checkpoint (the next write starts it again from the
 * beginning), so its size cannot say how much it holds: measured by it, every batch after the first
 * checkpoint started another one (26 workers for a million lines instead of 2). The ledger's growth
 * since the last checkpoint began is what the log has taken since.
 */
import { ledgerBytes, type Ledger } from '../../ledger/db';
import { checkpointOffThread, type StatementWorker } from './run';

/**
 * A log that has taken this much since the last checkpoint is checkpointed. A checkpoint copies
 * pages the import may change again (its index's), and on a two-core machine it takes a core from
 * the reading and the storing: a million-line statement (about 260 MB of pages) is stored 10 %
 * faster with its one checkpoint after the answer than with two during the import. The largest CSV
 * accepted (512 MB) still keeps its log near this size.
 */
export const CHECKPOINT_LOG_BYTES = 512 * 1024 * 1024;

export type Checkpoint = (db: Ledger) => Promise<void>;

export function workerCheckpoint(worker: StatementWorker | undefined): Checkpoint {
  return (db) => checkpointOffThread(db, worker?.path, worker?.nativeBinding);
}

export class LogCheckpoints {
  private running: Promise<void> | undefined;
  private lastAt: number;

  constructor(
    private readonly db: Ledger,
    private readonly checkpoint: Checkpoint,
    private readonly everyBytes = CHECKPOINT_LOG_BYTES,
  ) {
    this.lastAt = ledgerBytes(db);
  }

  /** After a batch: start a checkpoint when the log has taken enough since the last one. */
  afterBatch(): void {
    if (this.running !== undefined) return;
    const size = ledgerBytes(this.db);
    if (size - this.lastAt < this.everyBytes) return;
    this.lastAt = size;
    this.running = this.checkpoint(this.db)
      .catch(() => undefined)
      .finally(() => (this.running = undefined));
  }

  /** At the end: the checkpoint under way, then one more for what came after it. */
  async last(): Promise<void> {
    await this.running;
    // A closed ledger is checkpointed as it closes: no connection is opened to it again.
    if (this.db.open) await this.checkpoint(this.db);
  }
}
