/**
 * The full integrity check after a ledger opens, in a worker thread (integrity-worker.ts) on a
 * read-only connection of its own: it can take seconds on a large ledger, and the core answers the
 * UI from one thread. The quick check at open misses damage inside index pages; this finds it.
 */
import { Worker } from 'node:worker_threads';

export interface IntegrityWorkerData {
  ledgerPath: string;
  nativeBinding?: string;
  maxProblems: number;
}

export type IntegrityWorkerResult = { problems: string[] } | { error: string };

export interface BackgroundIntegrityCheck {
  /** The problems found ([] when healthy); rejects when the check could not run. */
  readonly result: Promise<string[]>;
  /** Ends the check (the core closes); its result never settles after this. */
  stop(): void;
}

export function startIntegrityCheck(options: {
  workerPath: string;
  ledgerPath: string;
  nativeBinding?: string;
  maxProblems?: number;
}): BackgroundIntegrityCheck {
  const workerData: IntegrityWorkerData = {
    ledgerPath: options.ledgerPath,
    maxProblems: options.maxProblems ?? 10,
    ...(options.nativeBinding === undefined ? {} : { nativeBinding: options.nativeBinding }),
  };
  const worker = new Worker(options.workerPath, { workerData });
  // A one-shot process may end while the check still runs: the check never keeps it alive.
  worker.unref();
  let stopped = false;
  const result = new Promise<string[]>((resolve, reject) => {
    worker.once('message', (message: IntegrityWorkerResult) => {
      if ('problems' in message) resolve(message.problems);
      else reject(new Error(message.error));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!stopped) reject(new Error(`the integrity check stopped early (exit code ${code})`));
    });
  });
  return {
    result,
    stop() {
      stopped = true;
      void worker.terminate();
    },
  };
}
