/**
 * The full integrity check after a ledger opens, in a worker thread (integrity-worker.ts) on a
 * read-only connection of its own: it can take seconds on a large ledger, and the core answers the
 * UI from one thread. The quick check at open misses damage inside index pages; this finds it.
 */
import { Worker } from 'node:worker_threads';
import type { AppNotification } from '../../../shared/ipc/contract-notifications';
import { isoNow, type Clock } from '../clock';
import type { Logger } from '../log/logger';
import { ledgerDamageNotice } from '../notifications/ledger-damage';
import { ledgerCorrupt } from './integrity';
import { recordLedgerDamage } from './workspace-state';
import type { LedgerWriteGuard } from './write-guard';

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

export interface IntegrityWatch {
  /** The notice that stands while the ledger is damaged (none while it is not, or not yet known). */
  notices(): AppNotification[];
  stop(): void;
}

/**
 * Runs the background check for an open core and acts on its finding: when it fails, writing stops
 * (the guard), the damage is noted for the next open, the person is told (a notice, pushed with
 * `onDamage`), and the log says what was found. A healthy result is logged with its duration.
 */
export function watchLedgerIntegrity(options: {
  workerPath: string;
  ledgerPath: string;
  workspaceDir: string;
  nativeBinding?: string;
  guard: LedgerWriteGuard;
  /** Whether the core is still open when the result arrives. */
  isOpen: () => boolean;
  clock: Clock;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  onDamage: (notice: AppNotification) => void;
}): IntegrityWatch {
  const { log, clock } = options;
  let notice: AppNotification | null = null;
  const started = performance.now();
  const check = startIntegrityCheck({
    workerPath: options.workerPath,
    ledgerPath: options.ledgerPath,
    ...(options.nativeBinding === undefined ? {} : { nativeBinding: options.nativeBinding }),
  });
  check.result.then(
    (problems) => {
      if (!options.isOpen()) return;
      const ms = Math.round(performance.now() - started);
      if (problems.length === 0) return log.info('ledger.checked', { full: true, background: true, ms });
      const damage = ledgerCorrupt(options.ledgerPath, problems.slice(0, 10), problems.length > 10);
      options.guard.stopWrites(damage);
      recordLedgerDamage(options.workspaceDir, isoNow(clock), problems);
      log.error('ledger.damaged', { problems, ms });
      notice = ledgerDamageNotice(damage, isoNow(clock));
      options.onDamage(notice);
    },
    (error: unknown) => log.warn('ledger.check.unavailable', { error }),
  );
  return { notices: () => (notice === null ? [] : [notice]), stop: () => check.stop() };
}
