/**
 * Runs a statement read and hands its events, in order, to the core. In the built app the read runs
 * in the statement worker; from sources (tests) there is no worker file, and the same reading runs on
 * the core's thread, letting other calls in between its steps.
 */
import { existsSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../../../shared/ipc/errors';
import { checkpointHere } from '../../ledger/checkpoint';
import type { Ledger } from '../../ledger/db';
import { fromMessage, type FromWorker, type ToWorker } from './protocol';
import { readerError, readStatementJob, type ReadEvent, type ReadJob } from './read-job';

/**
 * A worker holds a piece of the file, a few batches and the file's line-id counts: it needs little
 * memory, but makes many short-lived objects (a larger young generation spares collections).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 48, maxOldGenerationSizeMb: 512 };

export type Handle = (event: ReadEvent) => Promise<void> | void;

/** The built statement worker, and the better-sqlite3 binding its checkpoints open the ledger with. */
export interface StatementWorker {
  path: string;
  nativeBinding?: string;
}

/** Read the job, calling `handle` for each event in order; stops early when `handle` throws. */
export async function runStatementRead(job: ReadJob, handle: Handle, workerPath?: string): Promise<void> {
  if (workerPath === undefined || !existsSync(workerPath)) {
    await readStatementJob(job, async (event) => {
      await handle(event);
      await nextTurn();
    });
    return;
  }
  await inWorker(job, handle, workerPath);
}

function inWorker(job: ReadJob, handle: Handle, workerPath: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const worker = new Worker(workerPath, { resourceLimits: WORKER_LIMITS });
    let finished = false;
    let chain = Promise.resolve();
    const finish = (error?: unknown): void => {
      if (finished) return;
      finished = true;
      void worker.terminate();
      if (error === undefined) resolve();
      else reject(error instanceof Error ? error : new Error(String(error)));
    };
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'checkpointed') return;
      const event = fromMessage(message);
      chain = chain
        .then(async () => {
          if (finished) return;
          await handle(event);
          if (event.type === 'end' || event.type === 'failed') finish();
          else worker.postMessage({ type: 'credit' } satisfies ToWorker);
        })
        .catch(finish);
    });
    worker.on('error', (error) => finish(readerError(error, job.fileName)));
    worker.on('exit', (code) => {
      if (!finished)
        finish(
          new AppError(
            'internal',
            `The statement reader stopped (exit code ${code}) before ${job.fileName} was read. Nothing was stored: try again; if it happens again, copy the diagnostics.`,
          ),
        );
    });
    worker.postMessage({ type: 'job', job } satisfies ToWorker);
  });
}

/**
 * One checkpoint of the ledger's log in a worker of its own (after a large import), so the copying
 * never holds up the core's thread; on the core's connection when no worker was built.
 */
export function checkpointOffThread(
  db: Ledger,
  workerPath: string | undefined,
  nativeBinding?: string,
): Promise<void> {
  if (workerPath === undefined || !existsSync(workerPath)) {
    checkpointHere(db);
    return Promise.resolve();
  }
  return new Promise<void>((resolve, reject) => {
    const worker = new Worker(workerPath, { resourceLimits: WORKER_LIMITS });
    const done = (error?: Error): void => {
      void worker.terminate();
      if (error === undefined) resolve();
      else reject(error);
    };
    worker.on('message', (message: FromWorker) => {
      if (message.type !== 'checkpointed') return;
      done(message.error === undefined ? undefined : new AppError(message.error.code, message.error.message));
    });
    worker.on('error', done);
    worker.postMessage({
      type: 'checkpoint',
      ledgerPath: db.name,
      ...(nativeBinding === undefined ? {} : { nativeBinding }),
    } satisfies ToWorker);
  });
}
