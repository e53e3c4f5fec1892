/**
 * Why a statement is not stored, in words, with the problems it is refused for. One place for the
 * texts, whether the statement was read whole or stored in steps.
 */
import type { StatementProblem } from '../../../../shared/domain/statements';
import { AppError } from '../../../../shared/ipc/errors';

export type RefusalReason = 'unbalanced' | 'problems' | 'conflicting_ids';

const where = (p: StatementProblem): string => `line ${p.line}${p.field ? `, ${p.field}` : ''}: ${p.problem}`;

/** The refusal, or undefined when the statement may be stored. */
export function refusalOf(outcome: {
  unbalanced: readonly StatementProblem[];
  problems: readonly StatementProblem[];
  problemsTotal: number;
  linesRead: number;
  acceptReadableLines: boolean;
  /** The line where reading stopped before the end of the file (the lines after it were never read). */
  stoppedAt?: number | undefined;
  conflicts: readonly StatementProblem[];
  conflictsTotal: number;
}): AppError | undefined {
  const { unbalanced, problems, problemsTotal, linesRead, conflicts, conflictsTotal } = outcome;
  if (unbalanced.length > 0) {
    return refuse(
      `The statement does not add up (${where(unbalanced[0]!)}). Nothing was stored; ask the bank for a complete statement.`,
      unbalanced,
      'unbalanced',
    );
  }
  if (outcome.stoppedAt !== undefined && problemsTotal > 0 && linesRead > 0) {
    return refuse(
      `The file could not be read past line ${outcome.stoppedAt} (${where(problems[0]!)}), so its later lines were never read. Nothing was stored: fix the file or ask the bank for it again.`,
      problems,
      'problems',
    );
  }
  if (problemsTotal > 0 && (!outcome.acceptReadableLines || linesRead === 0)) {
    return refuse(
      linesRead === 0
        ? `No line of the statement could be read (${where(problems[0]!)}). Nothing was stored.`
        : `${problemsTotal} problem(s) in the statement, first ${where(problems[0]!)}. Nothing was stored: fix the file, or choose to store the ${linesRead} line(s) that could be read.`,
      problems,
      'problems',
    );
  }
  if (conflictsTotal > 0) {
    return refuse(
      `${conflictsTotal} line(s) carry a bank id the ledger already holds for a different payment, first ${where(conflicts[0]!)}. Nothing was stored.`,
      conflicts,
      'conflicting_ids',
    );
  }
  return undefined;
}

function refuse(message: string, problems: readonly StatementProblem[], reason: RefusalReason): AppError {
  return new AppError('invalid_input', message, { reason, problems: [...problems] });
}
