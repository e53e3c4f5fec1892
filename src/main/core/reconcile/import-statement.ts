/**
 * recon:import — a statement file (base64) read, checked and stored with its audit entry in one
 * transaction. A statement that does not add up, has problems (unless the person chose to keep the
 * readable lines) or reuses a bank id for another payment is refused as a whole: the answer says why
 * and lists every problem with its line; nothing is written, not even an audit entry.
 */
import type { StatementProblem } from '../../../shared/domain/statements';
import type { ChannelInput, ChannelOutput } from '../../../shared/ipc/contract';
import { AppError, invalidInput } from '../../../shared/ipc/errors';
import { BankStatementsRepository } from '../ledger/repositories/bank-statements';
import { CsvProfilesRepository } from '../ledger/repositories/csv-profiles';
import { appendInTransaction } from './audit/audit-log';
import type { ReconContext } from './context';
import { importStatement, statementFileSha256 } from './statements';

type ImportInput = ChannelInput<'recon:import'>;
type ImportOutput = ChannelOutput<'recon:import'>;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const REFUSALS = new Set(['unbalanced', 'problems', 'conflicting_ids']);

function decodeBase64(text: string): Buffer {
  const compact = text.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) {
    throw invalidInput('statement file', [{ field: 'contentBase64', problem: 'is not base64 text' }]);
  }
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length === 0)
    throw invalidInput('statement file', [{ field: 'contentBase64', problem: 'the file is empty' }]);
  return bytes;
}

function csvProfile(context: ReconContext, name: string | undefined): unknown {
  if (name === undefined) return undefined;
  const stored = new CsvProfilesRepository(context.db).get(context.workspaceId, name);
  if (stored === undefined) {
    throw new AppError(
      'not_found',
      `There is no saved CSV profile named "${name}". Save one first, or choose another.`,
      {
        issues: [{ field: 'profile', problem: 'no saved profile has this name' }],
      },
    );
  }
  return stored.profile;
}

export function importStatementFile(context: ReconContext, input: ImportInput): ImportOutput {
  if (input.profile !== undefined && input.currency !== undefined) {
    throw invalidInput('statement import', [
      {
        field: 'currency',
        problem: 'the profile names the currency; give a currency only without a profile',
      },
    ]);
  }
  const bytes = decodeBase64(input.contentBase64);
  const result = importStatement(bytes, {
    format: input.format ?? 'auto',
    profile: csvProfile(context, input.profile),
    currency: input.currency,
  });
  const fileSha256 = statementFileSha256(bytes);
  const at = context.now();
  const base = {
    format: result.format,
    linesRead: result.lines.length,
    errors: result.errors,
    ...(result.mapping === undefined ? {} : { mapping: result.mapping }),
  };
  const { db, workspaceId } = context;
  try {
    const outcome = db
      .transaction(() => {
        const stored = new BankStatementsRepository(db).store(workspaceId, result, {
          fileName: input.fileName,
          fileSha256,
          importedAt: at,
          acceptReadableLines: input.acceptReadableLines,
        });
        appendInTransaction(db, {
          workspaceId,
          at,
          actor: context.actor,
          action: 'statement.imported',
          subject: `statement:${fileSha256}`,
          details: {
            fileName: input.fileName,
            fileSha256,
            format: result.format,
            encoding: result.encoding ?? null,
            statementsAdded: stored.statementsAdded,
            linesRead: result.lines.length,
            linesAdded: stored.linesAdded,
            linesAlreadyKnown: stored.linesAlreadyKnown,
            problemsAccepted: stored.problemsAccepted,
            // A CSV read without a profile: how its columns were read, for whoever checks the import later.
            ...(result.mapping === undefined ? {} : { columnMapping: result.mapping }),
          },
        });
        return stored;
      })
      .immediate();
    return {
      ...base,
      stored: true,
      linesAdded: outcome.linesAdded,
      linesAlreadyKnown: outcome.linesAlreadyKnown,
      refusal: null,
    };
  } catch (error) {
    const reason = error instanceof AppError ? error.details?.reason : undefined;
    if (typeof reason !== 'string' || !REFUSALS.has(reason)) throw error;
    const problems = (error as AppError).details?.problems as StatementProblem[] | undefined;
    return {
      ...base,
      // An unbalanced statement's problems are in result.errors already; a reused bank id's are not.
      errors:
        reason === 'conflicting_ids'
          ? [...result.errors, ...(problems ?? [])].sort((a, b) => a.line - b.line)
          : result.errors,
      stored: false,
      linesAdded: 0,
      linesAlreadyKnown: 0,
      refusal: (error as AppError).message,
    };
  }
}
