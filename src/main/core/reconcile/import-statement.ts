/**
 * recon:import — a statement file read (in the statement worker) and stored in steps: each statement
 * as 'importing', its lines a batch at a time in short transactions, so every other call is answered
 * meanwhile; then, in one small transaction with its audit entry, made complete. A statement that
 * does not add up, has problems (unless the person chose to keep the readable lines) or reuses a
 * bank id for another payment is refused as a whole: the answer says why and lists the problems
 * with their lines; what was staged is deleted, and no audit entry is written. One import runs at a
 * time; what an interrupted one left is cleared before the next begins.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { StatementProblem } from '../../../shared/domain/statements';
import type { ChannelInput, ChannelOutput } from '../../../shared/ipc/contract';
import { AppError, invalidInput } from '../../../shared/ipc/errors';
import { BankStatementsRepository } from '../ledger/repositories/bank-statements';
import { CsvProfilesRepository } from '../ledger/repositories/csv-profiles';
import { appendInTransaction } from './audit/audit-log';
import type { ReconContext } from './context';
import { runStatementRead, type StatementWorker } from './import/run';
import { fileSource, type StatementSource } from './import/source';
import { StatementStager } from './import/stager';
import { refusalOf } from './statements/refusal';

type ImportInput = ChannelInput<'recon:import'>;
type ImportOutput = ChannelOutput<'recon:import'>;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

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
      { issues: [{ field: 'profile', problem: 'no saved profile has this name' }] },
    );
  }
  return stored.profile;
}

/** Imports of one ledger, one after another. */
const queues = new WeakMap<object, Promise<unknown>>();

export async function importStatementFile(
  context: ReconContext,
  input: ImportInput,
  worker?: StatementWorker,
): Promise<ImportOutput> {
  if (input.profile !== undefined && input.currency !== undefined) {
    throw invalidInput('statement import', [
      {
        field: 'currency',
        problem: 'the profile names the currency; give a currency only without a profile',
      },
    ]);
  }
  const source: StatementSource =
    input.path !== undefined
      ? await fileSource(input.path)
      : { kind: 'bytes', bytes: decodeBase64(input.contentBase64 ?? '') };
  const profile = csvProfile(context, input.profile);
  const previous = queues.get(context.db) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => importOne(context, input, source, profile, worker));
  // The next import also waits for this one's upkeep (its checkpoint), which runs after the answer.
  queues.set(
    context.db,
    run.then(
      (outcome) => outcome.upkeep,
      () => undefined,
    ),
  );
  return run.then((outcome) => outcome.answer);
}

/** Delete what earlier imports left staged, a short transaction at a time. */
export async function clearUnfinishedImports(context: ReconContext): Promise<void> {
  const repository = new BankStatementsRepository(context.db);
  while (repository.discardImporting(context.workspaceId) > 0) await nextTurn();
}

async function importOne(
  context: ReconContext,
  input: ImportInput,
  source: StatementSource,
  profile: unknown,
  worker: StatementWorker | undefined,
): Promise<{ answer: ImportOutput; upkeep: Promise<void> }> {
  const { db, workspaceId } = context;
  await clearUnfinishedImports(context);
  const importedAt = context.now();
  const stager = new StatementStager(db, workspaceId, input.fileName, importedAt, worker);
  const answered = (answer: ImportOutput): { answer: ImportOutput; upkeep: Promise<void> } => ({
    answer,
    upkeep: stager.finish(),
  });
  const job = {
    source,
    fileName: input.fileName,
    format: input.format ?? 'auto',
    ...(profile === undefined ? {} : { profile }),
    ...(input.currency === undefined ? {} : { currency: input.currency }),
  };
  try {
    await runStatementRead(job, (event) => stager.accept(event), worker?.path);
  } catch (error) {
    await clearUnfinishedImports(context);
    void stager.finish();
    throw error;
  }
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
    return {
      ...base,
      // An unbalanced statement's problems are among the errors already; a reused bank id's are not.
      errors: conflicts
        ? [...summary.errors, ...stager.conflicts.list()].sort((a: StatementProblem, b) => a.line - b.line)
        : summary.errors,
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
    acceptReadableLines: input.acceptReadableLines === true,
    conflicts: stager.conflicts.list(),
    conflictsTotal: stager.conflicts.total,
  });
  if (refusal !== undefined) {
    if (stager.wroteEarly) await clearUnfinishedImports(context);
    return answered(refused(refusal));
  }
  const file = stager.file!;
  try {
    await stager.syncStaged();
    db.transaction(() => {
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
      // Thrown inside the transaction: the held statement is not written at all.
      if (conflicts) throw conflicts;
      const statementsAdded = stager.complete();
      appendInTransaction(db, {
        workspaceId,
        at: importedAt,
        actor: context.actor,
        action: 'statement.imported',
        subject: `statement:${file.fileSha256}`,
        details: {
          fileName: input.fileName,
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
    }).immediate();
  } catch (error) {
    if (stager.wroteEarly) await clearUnfinishedImports(context);
    if (error instanceof AppError && error.details?.reason === 'conflicting_ids')
      return answered(refused(error));
    void stager.finish();
    throw error;
  }
  return answered({
    ...base,
    stored: true,
    linesAdded: stager.added,
    linesAlreadyKnown: stager.known,
    refusal: null,
  });
}
