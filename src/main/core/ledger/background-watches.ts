/**
 * What watches an open workspace ledger in the background: commits by other processes (each one
 * announced with `onChange`), and the full integrity check after open where the shell built its
 * worker and the check did not already run before the first write.
 */
import type { AppNotification } from '../../../shared/ipc/contract-notifications';
import type { Clock } from '../clock';
import type { Logger } from '../log/logger';
import { watchLedgerIntegrity, type IntegrityWatch } from './background-integrity';
import { watchForeignCommits } from './change-watch';
import type { Ledger } from './db';
import type { LedgerWriteGuard } from './write-guard';

export function watchOpenLedger(options: {
  db: Ledger;
  /** How often to look for commits by other processes (default 1000); 0 turns the watch off. */
  changePollMs: number | undefined;
  onChange: () => void;
  /** The built integrity worker; without it only the checks before the first write run. */
  integrityWorkerPath: string | undefined;
  /** The full check ran before the first write already (it is not run again). */
  fullyChecked: boolean;
  ledgerPath: string;
  workspaceDir: string;
  nativeBinding: string | undefined;
  guard: LedgerWriteGuard;
  clock: Clock;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  onDamage: (notice: AppNotification) => void;
}): IntegrityWatch {
  const { db } = options;
  const pollMs = options.changePollMs ?? 1000;
  const stopWatching = pollMs > 0 ? watchForeignCommits(db, options.onChange, pollMs) : () => {};
  const integrity =
    options.integrityWorkerPath !== undefined && !options.fullyChecked
      ? watchLedgerIntegrity({
          workerPath: options.integrityWorkerPath,
          ledgerPath: options.ledgerPath,
          workspaceDir: options.workspaceDir,
          ...(options.nativeBinding === undefined ? {} : { nativeBinding: options.nativeBinding }),
          guard: options.guard,
          isOpen: () => db.open,
          clock: options.clock,
          log: options.log,
          onDamage: options.onDamage,
        })
      : undefined;
  return {
    notices: () => integrity?.notices() ?? [],
    stop() {
      stopWatching();
      integrity?.stop();
    },
  };
}
