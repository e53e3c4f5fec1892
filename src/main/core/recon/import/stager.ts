/**
 * Where an import's statements and lines go as the reader hands them on. A statement of up to
 * 5,000 lines is held in memory and stored at the end in one transaction, so a refused one leaves
 * the ledger file exactly as it was. A larger one is staged as it comes ('importing' statements,
 * lines in short transactions), so other calls are answered between the batches: a batch grows or
 * shrinks to take about 15 ms (a line's id lands anywhere in the ledger's index, so larger batches
 * write each index page fewer times), and the log is checkpointed off the core's thread whenever it
 * has grown large.
 */
import { open } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { BankLine } from '../../../../shared/domain/statements';
import { AppError } from '../../../../shared/ipc/errors';
import { beginBulkWrites, unsyncedWrite, type Ledger } from '../../ledger/db';
import type { StagedStatement } from '../../ledger/repositories/bank-lines-staging';
import { BankStatementsRepository, type StatementFile } from '../../ledger/repositories/bank-statements';
import { ProblemList } from '../statements/problems';
import type { ReadSummary, SectionHead } from '../statements/reader';
import type { ReadEvent } from './read-job';
import { LogCheckpoints, workerCheckpoint } from './log-checkpoints';
import type { StatementWorker } from './run';

/** Lines held in memory before an import starts writing its batches. */
export const HELD_LINES = 5_000;
/** The time a staged batch aims to hold the writer for (the calls waiting meanwhile wait this long). */
const BATCH_TARGET_MS = 15;
const BATCH_MIN_LINES = 250;
const BATCH_MAX_LINES = 20_000;

export class StatementStager {
  private readonly repository: BankStatementsRepository;
  /** Held (null once writing began): statements and their lines, written at the end. */
  private held: { head: SectionHead; lines: BankLine[] }[] | null = [];
  private heldLines = 0;
  /** Writing: lines of the current statement not written yet. */
  private pending: BankLine[] = [];
  private batchLines = 2_000;
  /** Puts the writer's cache and checkpoints back after a long run of staged writes. */
  private endBulk: (() => void) | undefined;
  private checkpoints: LogCheckpoints | undefined;
  file: StatementFile | undefined;
  encoding: string | null = null;
  summary: ReadSummary | undefined;
  readonly staged: { statement: StagedStatement; lineCount: number; added: number }[] = [];
  added = 0;
  known = 0;
  readonly conflicts = new ProblemList();

  constructor(
    private readonly db: Ledger,
    private readonly workspaceId: number,
    private readonly fileName: string,
    readonly importedAt: string,
    private readonly worker: StatementWorker | undefined,
  ) {
    this.repository = new BankStatementsRepository(db);
  }

  /** Whether anything was written to the ledger before the last step. */
  get wroteEarly(): boolean {
    return this.held === null;
  }

  /** Take the reader's next event; writing happens a batch per turn of the event loop. */
  async accept(event: ReadEvent): Promise<void> {
    switch (event.type) {
      case 'file':
        this.file = {
          fileName: this.fileName,
          fileSha256: event.sha256,
          importedAt: this.importedAt,
          format: event.format,
        };
        this.encoding = event.encoding;
        return;
      case 'section':
        if (this.held !== null) this.held.push({ head: event.head, lines: [] });
        else {
          await this.writePending();
          unsyncedWrite(this.db, () => this.stage(event.head));
        }
        return;
      case 'lines':
        if (this.held !== null) {
          this.held[this.held.length - 1]!.lines.push(...event.lines);
          this.heldLines += event.lines.length;
          if (this.heldLines > HELD_LINES) await this.startWriting();
          return;
        }
        this.pending.push(...event.lines);
        while (this.pending.length >= this.batchLines) await this.writeBatch();
        return;
      case 'end':
        this.summary = event.summary;
        await this.writePending();
        return;
      case 'failed':
        throw new AppError(event.error.code, event.error.message, event.error.details);
    }
  }

  /** Write what is still held (inside the caller's transaction). */
  writeHeld(): void {
    for (const { head, lines } of this.held ?? []) {
      this.stage(head);
      this.stageLines(lines);
    }
    this.held = null;
  }

  /**
   * Before the last step of a staged import: its batches skipped the disk sync, so the log holds
   * many megabytes the completing commit would sync on the core's thread. They are synced here, on
   * the thread pool, and the commit then has only its own few pages to sync.
   */
  async syncStaged(): Promise<void> {
    if (!this.wroteEarly) return;
    const log = await open(`${this.db.name}-wal`, 'r').catch(() => undefined);
    if (log === undefined) return;
    try {
      await log.datasync();
    } finally {
      await log.close();
    }
  }

  /** Make the staged statements complete (inside the caller's transaction); returns statements added. */
  complete(): number {
    return this.repository.complete(this.workspaceId, this.file!, this.staged);
  }

  /**
   * After the import (stored, refused or failed): a large one's log is checkpointed once more, off
   * the core's thread, and the writer's settings are put back.
   */
  async finish(): Promise<void> {
    const endBulk = this.endBulk;
    this.endBulk = undefined;
    if (endBulk === undefined) return;
    try {
      await this.checkpoints?.last();
    } catch {
      // A checkpoint that could not run now runs later, automatically: nothing is lost.
    } finally {
      endBulk();
    }
  }

  private async startWriting(): Promise<void> {
    const held = this.held ?? [];
    this.held = null;
    this.endBulk = beginBulkWrites(this.db);
    this.checkpoints = new LogCheckpoints(this.db, workerCheckpoint(this.worker));
    for (const { head, lines } of held) {
      await this.writePending();
      unsyncedWrite(this.db, () => this.stage(head));
      this.pending.push(...lines);
      while (this.pending.length >= this.batchLines) await this.writeBatch();
    }
  }

  private async writePending(): Promise<void> {
    while (this.pending.length > 0) await this.writeBatch();
  }

  /**
   * One short transaction of lines, then a turn of the event loop for the calls waiting; the next
   * batch is sized from how long this one took.
   */
  private async writeBatch(): Promise<void> {
    const lines = this.pending.splice(0, this.batchLines);
    const started = performance.now();
    unsyncedWrite(this.db, () => this.stageLines(lines));
    const elapsed = performance.now() - started;
    const scaled = Math.round(lines.length * (BATCH_TARGET_MS / Math.max(elapsed, 1)));
    this.batchLines = Math.min(
      BATCH_MAX_LINES,
      Math.max(BATCH_MIN_LINES, Math.min(scaled, this.batchLines * 2)),
    );
    this.checkpoints?.afterBatch();
    await nextTurn();
  }

  private stage(head: SectionHead): void {
    const statement = this.repository.stage(this.workspaceId, this.file!, this.staged.length, head);
    this.staged.push({ statement, lineCount: 0, added: 0 });
  }

  private stageLines(lines: readonly BankLine[]): void {
    const current = this.staged[this.staged.length - 1]!;
    const outcome = this.repository.stageLines(this.workspaceId, current.statement, lines);
    current.lineCount += lines.length;
    current.added += outcome.added;
    this.added += outcome.added;
    this.known += outcome.known;
    this.conflicts.addAll(outcome.conflicts);
  }
}
