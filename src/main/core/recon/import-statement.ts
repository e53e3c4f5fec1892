/**
 * recon:import — a statement file read (in the statement worker) and stored in steps: each statement
 * as 'importing', its lines a batch at a time in short transactions, so every other call is answered
 * meanwhile; then, in one small transaction with its audit entry, made complete. A statement that
 * does not add up, has problems (unless the person chose to keep the readable lines) or reuses a
 * bank id for another payment is refused as a whole: the answer says why and lists the problems
 * with their lines; what was staged is deleted, and no audit entry is written. One import runs at a
 * time in a workspace, whatever process runs it (the import lock); what an interrupted one left is
 * cleared before the next begins.
 */
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { ChannelInput, ChannelOutput } from '../../../shared/ipc/contract';
import { AppError, invalidInput } from '../../../shared/ipc/errors';
import type { Ledger } from '../ledger/db';
import { holdLock, IMPORT_LOCK, type HeldLock } from '../ledger/locks';
import { BankStatementsRepository } from '../ledger/repositories/bank-statements';
import { CsvProfilesRepository } from '../ledger/repositories/csv-profiles';
import type { ReconContext } from './context';
import { runStatementRead, type StatementWorker } from './import/run';
import { fileSource, type StatementSource } from './import/source';
import { completeImport, takenOver } from './import/complete';
import { StatementStager } from './import/stager';
import { statementSharer } from '../team/shared-statement';

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

/** Imports of one ledger in this process, one after another (the import lock covers other processes). */
const queues = new WeakMap<object, Promise<unknown>>();
/** The import running on a ledger, so that closing the workspace can stop it first. */
const running = new WeakMap<Ledger, { stop: () => void; done: Promise<unknown> }>();

/**
 * Stops the import running on this ledger (its next step answers that the workspace closed), and
 * waits, at most `waitMs`, for it to clear what it staged and release its lock; undefined when none runs.
 */
export function stopImports(db: Ledger, waitMs: number): Promise<void> | undefined {
  const current = running.get(db);
  // Nothing running: undefined, so that closing the workspace stays synchronous.
  if (current === undefined) return undefined;
  current.stop();
  return Promise.race([current.done.catch(() => undefined), sleep(waitMs)]).then(() => undefined);
}

interface Outcome {
  result: { answer: ImportOutput } | { error: unknown };
  /** After the answer: a large import's checkpoint and the writer's settings put back. */
  upkeep: Promise<void>;
}

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
  return importFrom(context, input, source, csvProfile(context, input.profile), worker);
}

/** A statement from the team: read with the profile its importer read it with (not a saved name). */
export async function importSharedStatement(
  context: ReconContext,
  input: Omit<ImportInput, 'profile' | 'path'>,
  profile: unknown,
  worker?: StatementWorker,
): Promise<ImportOutput> {
  const source: StatementSource = { kind: 'bytes', bytes: decodeBase64(input.contentBase64 ?? '') };
  return importFrom(context, input, source, profile, worker);
}

async function importFrom(
  context: ReconContext,
  input: ImportInput,
  source: StatementSource,
  profile: unknown,
  worker: StatementWorker | undefined,
): Promise<ImportOutput> {
  const previous = queues.get(context.db) ?? Promise.resolve();
  const run = previous
    .catch(() => undefined)
    .then(() => importLocked(context, input, source, profile, worker));
  // The next import waits for this one's upkeep too, so two never change the writer's settings at once.
  queues.set(
    context.db,
    run.then((outcome) => outcome.upkeep),
  );
  const { result } = await run;
  if ('error' in result) throw result.error;
  return result.answer;
}

/** Delete what unfinished imports left staged, a short transaction at a time (hold the import lock). */
export async function clearUnfinishedImports(context: ReconContext): Promise<void> {
  const repository = new BankStatementsRepository(context.db);
  while (repository.discardImporting(context.workspaceId) > 0) await nextTurn();
}

/** The import under the workspace's import lock: another process importing now is waited for by nobody, but refused. */
async function importLocked(
  context: ReconContext,
  input: ImportInput,
  source: StatementSource,
  profile: unknown,
  worker: StatementWorker | undefined,
): Promise<Outcome> {
  let lock: HeldLock;
  try {
    lock = holdLock(context.db, IMPORT_LOCK, {
      owner: context.actor === 'cli' ? 'cli' : 'app',
      clock: () => new Date(context.now()),
    });
  } catch (error) {
    return { result: { error }, upkeep: Promise.resolve() };
  }
  let stopped = false;
  const done = importOne(context, input, source, profile, worker, lock, () => stopped);
  running.set(context.db, { stop: () => (stopped = true), done });
  try {
    return await done;
  } finally {
    running.delete(context.db);
    lock.release();
  }
}

async function importOne(
  context: ReconContext,
  input: ImportInput,
  source: StatementSource,
  profile: unknown,
  worker: StatementWorker | undefined,
  lock: HeldLock,
  stopped: () => boolean,
): Promise<Outcome> {
  const { db, workspaceId } = context;
  const stager = new StatementStager(db, workspaceId, input.fileName, context.now(), worker);
  const job = {
    source,
    fileName: input.fileName,
    format: input.format ?? 'auto',
    ...(profile === undefined ? {} : { profile }),
    ...(input.currency === undefined ? {} : { currency: input.currency }),
  };
  let result: Outcome['result'];
  try {
    await clearUnfinishedImports(context);
    await runStatementRead(
      job,
      (event) => {
        if (stopped()) throw workspaceClosed();
        return stager.accept(event);
      },
      worker?.path,
    );
    if (stopped()) throw workspaceClosed();
    if (lock.lost()) throw takenOver();
    await stager.syncStaged();
    const share = statementSharer(context, input, source, profile);
    const answer = completeImport(context, stager, {
      fileName: input.fileName,
      acceptReadableLines: input.acceptReadableLines === true,
      lockLost: lock.lost,
      ...(share === undefined ? {} : { share }),
    });
    if (!answer.stored && stager.wroteEarly) await clearUnfinishedImports(context);
    result = { answer };
  } catch (error) {
    result = { error: db.open ? error : workspaceClosed() };
    // What was staged is deleted now if it can be; else by the next import (nothing reads it).
    if (db.open && stager.wroteEarly && !lock.lost())
      await clearUnfinishedImports(context).catch(() => undefined);
  }
  return { result, upkeep: stager.finish() };
}

function workspaceClosed(): AppError {
  return new AppError(
    'ledger_busy',
    'The import stopped because the workspace was closed. Nothing was stored: open the workspace and import the statement again.',
  );
}
