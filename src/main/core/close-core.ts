/**
 * The order an open core closes in. The ledger closes at once when idle (no transaction spans an
 * await), the network connections (and a demo simulator) right after. Whatever still runs is let
 * finish or cancelled first, or the workspace would look busy: a statement import, a sync (given a
 * moment to record its end and release its lock), running exports, a background team exchange.
 */
import type { ExportRunner } from './export/run';
import type { IntegrityWatch } from './ledger/background-integrity';
import type { Ledger } from './ledger/db';
import type { Logger } from './log/logger';
import { stopImports } from './recon/import-statement';
import type { SyncService } from './sync/service';
import type { TeamSession } from './team/team-session';

/** How long closing waits for a cancelled sync to record its end. */
const CLOSE_WAIT_MS = 5_000;

export function closeCore(open: {
  db: Ledger;
  watches: IntegrityWatch | undefined;
  team: TeamSession;
  sync: SyncService;
  exports: ExportRunner;
  /** Forget every event listener. */
  clearListeners: () => void;
  endSession: () => void;
  log: Pick<Logger, 'info' | 'close'>;
  workspaceKind: string;
}): Promise<void> {
  const { db, sync, log } = open;
  open.watches?.stop();
  const teamStopped = open.team.close();
  const closeLedger = (): Promise<void> => {
    const network = sync.close();
    open.clearListeners();
    if (db.open) db.close();
    open.endSession();
    log.info('workspace.close', { kind: open.workspaceKind });
    log.close();
    return network;
  };
  // Running exports are cancelled and remove their partial files before the ledger closes.
  const closeAll = (): Promise<void> => open.exports.close()?.then(closeLedger) ?? closeLedger();
  // A background team exchange is let finish (its connection ended) before the ledger closes.
  const finish = (): Promise<void> => teamStopped?.then(closeAll) ?? closeAll();
  // A statement import is stopped, clears what it staged and releases its lock first.
  const stopped = stopImports(db, CLOSE_WAIT_MS);
  if (sync.isRunning()) return Promise.all([stopped, sync.stop(CLOSE_WAIT_MS)]).then(finish);
  // Nothing to wait for: the ledger closes before close() returns, as callers that do not await expect.
  return stopped === undefined ? finish() : stopped.then(finish);
}
