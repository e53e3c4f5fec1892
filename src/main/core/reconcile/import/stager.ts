/**
 * Where an import's statements and lines go as the reader hands them on. A statement of up to
 * 10,000 lines is held in memory and stored at the end in one transaction, so a refused one leaves
 * the ledger file exactly as it was. A larger one is staged as it comes ('importing' statements, a
 * batch of lines per short transaction), so other calls are answered between the batches.
 */
import { AppError } from '../../../../shared/ipc/errors';
import type { Ledger } from '../../ledger/db';
import {
  BankStatementsRepository,
  type StagedStatement,
  type StatementFile,
} from '../../ledger/repositories/bank-statements';
import { ProblemList } from '../statements/problems';
import type { ReadSummary } from '../statements/reader';
import type { ReadEvent } from './read-job';

/** Lines held in memory before an import starts writing its batches. */
export const HELD_LINES = 10_000;

type Held = Extract<ReadEvent, { type: 'section' } | { type: 'lines' }>;

export class StatementStager {
  private readonly repository: BankStatementsRepository;
  private held: Held[] | null = [];
  private heldLines = 0;
  file: StatementFile | undefined;
  encoding: string | null = null;
  summary: ReadSummary | undefined;
  readonly staged: { statement: StagedStatement; lineCount: number }[] = [];
  added = 0;
  known = 0;
  readonly conflicts = new ProblemList();

  constructor(
    private readonly db: Ledger,
    private readonly workspaceId: number,
    private readonly fileName: string,
    private readonly importedAt: string,
  ) {
    this.repository = new BankStatementsRepository(db);
  }

  /** Whether anything was written to the ledger before the last step. */
  get wroteEarly(): boolean {
    return this.held === null;
  }

  accept(event: ReadEvent): void {
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
      case 'lines':
        if (this.held === null) {
          this.db.transaction(() => this.write(event)).immediate();
          return;
        }
        this.held.push(event);
        if (event.type === 'lines') this.heldLines += event.lines.length;
        if (this.heldLines > HELD_LINES) this.startWriting();
        return;
      case 'end':
        this.summary = event.summary;
        return;
      case 'failed':
        throw new AppError(event.error.code, event.error.message, event.error.details);
    }
  }

  /** Write what is still held (inside the caller's transaction). */
  writeHeld(): void {
    for (const event of this.held ?? []) this.write(event);
    this.held = null;
  }

  /** Make the staged statements complete (inside the caller's transaction); returns statements added. */
  complete(): number {
    return this.repository.complete(this.workspaceId, this.file!, this.staged);
  }

  private startWriting(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const event of held) this.db.transaction(() => this.write(event)).immediate();
  }

  private write(event: Held): void {
    if (event.type === 'section') {
      const statement = this.repository.stage(this.workspaceId, this.file!, this.staged.length, event.head);
      this.staged.push({ statement, lineCount: 0 });
      return;
    }
    const current = this.staged[this.staged.length - 1]!;
    const outcome = this.repository.stageLines(this.workspaceId, current.statement, event.lines);
    current.lineCount += event.lines.length;
    this.added += outcome.added;
    this.known += outcome.known;
    this.conflicts.addAll(outcome.conflicts);
  }
}
