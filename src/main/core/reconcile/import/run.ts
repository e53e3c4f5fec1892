/**
 * Runs a statement read and hands its events, in order, to the core. In the built app the read runs
 * in the statement worker; from sources (tests) there is no worker file, and the same reading runs on
 * the core's thread, letting other calls in between its steps.
 */
import { existsSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './protocol';
import { readStatementJob, type ReadEvent, type ReadJob } from './read-job';

/** A worker holds a piece of the file and a few batches: it needs little memory. */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 512 };

export type Handle = (event: ReadEvent) => Promise<void> | void;

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
    worker.on('message', (event: FromWorker) => {
      chain = chain
        .then(async () => {
          if (finished) return;
          await handle(event);
          if (event.type === 'end' || event.type === 'failed') finish();
          else worker.postMessage({ type: 'credit' } satisfies ToWorker);
        })
        .catch(finish);
    });
    worker.on('error', finish);
    worker.on('exit', (code) => {
      if (!finished)
        finish(new Error(`The statement worker stopped (exit code ${code}) before the file was read.`));
    });
    worker.postMessage({ type: 'job', job } satisfies ToWorker);
  });
}
