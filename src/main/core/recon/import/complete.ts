/**
 * The end of an import: a refusal (what was staged is deleted) or the last step, in one small
 * transaction with the audit entry. Only the import that holds the workspace's import lock gets
 * here, so the staged statements are its own; that they still hold the lines it staged is checked
 * before they are made complete.
 */
import type { StatementProblem } from '../../../../shared/domain/statements';
import type { ChannelOutput } from '../../../../shared/ipc/contract';
import { AppError } from '../../../../shared/ipc/errors';
import { MAX_PROBLEMS_LISTED } from '../statements/limits';
import { refusalOf } from '../statements/refusal';
import { appendInTransaction } from '../audit/audit-log';
import { followImport, importStart, type ImportStart } from '../follow/follow-import';
import type { ReconContext } from '../context';
import type { StatementStager } from './stager';

type ImportOutput = ChannelOutput<'recon:import'>;

export interface Completion {
  fileName: string;
  acceptReadableLines: boolean;
  /** The import lock was taken over (this process was presumed gone): store nothing. */
  lockLost: () => boolean;
  /** Queues the stored statement for the team, in the completing transaction (team mode). */
  share?: (fileSha256: string) => void;
}

/** The answer; a refused import's staged rows are left for the caller to clear. */
export function completeImport(
  context: ReconContext,
  stager: StatementStager,
  options: Completion,
): ImportOutput {
  const summary = stager.summary!;
  const base = {
    format: summary.format,
    linesRead: summary.linesRead,
    errors: summary.errors,
    errorsTotal: summary.errorsTotal,
    ...(summary.mapping === undefined ? {} : { mapping: summary.mapping }),
  };
  const refused = (error: AppError): ImportOutput => {
    const conflicts = error.details?.reason === 'conflicting_ids';
    // An unbalanced statement's problems are among the errors already; a reused bank id's are not.
    const errors = conflicts
      ? [...summary.errors, ...stager.conflicts.list()]
          .sort((a: StatementProblem, b) => a.line - b.line)
          .slice(0, MAX_PROBLEMS_LISTED)
      : summary.errors;
    return {
      ...base,
      errors,
      errorsTotal: summary.errorsTotal + (conflicts ? stager.conflicts.total : 0),
      stored: false,
      linesAdded: 0,
      linesAlreadyKnown: 0,
      refusal: error.message,
    };
  };
  const refusal = refusalOf({
    unbalanced: summary.unbalanced,
    problems: summary.errors,
    problemsTotal: summary.errorsTotal,
    linesRead: summary.linesRead,
    acceptReadableLines: options.acceptReadableLines,
    stoppedAt: summary.stoppedAt,
    conflicts: stager.conflicts.list(),
    conflictsTotal: stager.conflicts.total,
  });
  if (refusal !== undefined) return refused(refusal);
  if (options.lockLost()) throw takenOver();
  const { db, workspaceId } = context;
  const file = stager.file!;
  try {
    // A statement held in memory is written here whole: the kept reading can follow it.
    const start = db.transaction((): ImportStart | null => {
      const before = stager.wroteEarly ? null : importStart(db, workspaceId);
      stager.writeHeld();
      const conflicts = refusalOf({
        unbalanced: [],
        problems: [],
        problemsTotal: 0,
        linesRead: summary.linesRead,
        acceptReadableLines: true,
        conflicts: stager.conflicts.list(),
        conflictsTotal: stager.conflicts.total,
      });
      // Thrown inside the transaction: a held statement is not written at all.
      if (conflicts) throw conflicts;
      const statementsAdded = stager.complete();
      appendInTransaction(db, {
        workspaceId,
        at: stager.importedAt,
        actor: context.actor,
        action: 'statement.imported',
        subject: `statement:${file.fileSha256}`,
        details: {
          fileName: options.fileName,
          fileSha256: file.fileSha256,
          format: summary.format,
          encoding: stager.encoding,
          statementsAdded,
          linesRead: summary.linesRead,
          linesAdded: stager.added,
          linesAlreadyKnown: stager.known,
          problemsAccepted: summary.errorsTotal,
          // A CSV read without a profile: how its columns were read, for whoever checks the import later.
          ...(summary.mapping === undefined ? {} : { columnMapping: summary.mapping }),
        },
      });
      options.share?.(file.fileSha256);
      return before;
    }).immediate();
    if (start !== null) followImport(context, start);
  } catch (error) {
    if (error instanceof AppError && error.details?.reason === 'conflicting_ids') return refused(error);
    throw error;
  }
  return { ...base, stored: true, linesAdded: stager.added, linesAlreadyKnown: stager.known, refusal: null };
}

export function takenOver(): AppError {
  return new AppError(
    'ledger_busy',
    'Another FloatDesk took over this workspace while the statement was imported (this one seemed to have stopped). Nothing was stored: import the statement again.',
  );
}
