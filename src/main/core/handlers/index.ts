import type { EventChannel } from '../../../shared/ipc/channels';
import type { AppStatus } from '../../../shared/ipc/contract';
import type { AppNotification } from '../../../shared/ipc/contract-notifications';
import { isoNow, systemClock, type Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import { schemaVersionOf } from '../ledger/migrate';
import { LATEST_SCHEMA_VERSION } from '../ledger/migrations';
import { LedgerWriteGuard } from '../ledger/write-guard';
import { callLogger } from '../log/observe';
import { nullLogger, type Logger } from '../log/logger';
import { HandlerRegistry } from '../registry';
import type { SettingsService } from '../settings/service';
import type { SyncService } from '../sync/service';
import type { ConnectionService } from '../workspace/connection-service';
import { TeamSession } from '../team/team-session';
import { SecretSlot } from '../workspace/credential-slot';
import { TEAM_PASSWORD_SECRET } from '../workspace/secret-kinds';
import { registerAppHandlers } from './app';
import { registerDiagnosticsHandlers } from './diagnostics';
import { registerConnectionHandlers } from './connection';
import { registerSettingsHandlers } from './settings';
import { registerBankDetailsHandlers } from './bank-details';
import { registerJournalMappingHandlers } from './journal-mapping';
import { registerTeamHandlers } from './team';
import { registerNotificationHandlers } from './notifications';
import { registerFloatHandlers } from './floats';
import { registerSyncHandlers } from './sync';
import { registerTransferHandlers } from './transfers';
import { registerReconHandlers } from './recon';
import { registerCatalogueHandlers } from './catalogue';
import { registerExportHandlers } from './export';
import { registerJournalHandlers } from './journals';
import { ExportRunner } from '../export/run';
import type { StatementWorker } from '../recon/import/run';

export interface RegistryDeps {
  /** The built statement reader (statement-worker.js); absent when the core runs from sources. */
  statementWorker?: StatementWorker;
  db: Ledger;
  workspaceId: number;
  appStatus: Omit<AppStatus, 'ledgerPath' | 'schemaVersion' | 'latestSchemaVersion'>;
  sync: SyncService;
  settings: SettingsService;
  connection: ConnectionService;
  /** The core's clock (thresholds and notifications are stamped with it); default: system time. */
  clock?: Clock;
  /** Pushes an event to the renderer (e.g. ledger:changed after a transfer request is registered). */
  emit?: (name: EventChannel, payload: unknown) => void;
  /** Runs exports; the core passes its own so closing it cancels them (default: one for this registry). */
  exports?: ExportRunner;
  /** The workspace's log: failed calls and notable actions are written to it (default: nowhere). */
  log?: Logger;
  /** Refuses writes once the ledger is found damaged; puts storage failures in words (default: one for db). */
  guard?: LedgerWriteGuard;
  /** Notices held outside the ledger (its damage), listed before the stored notifications. */
  notices?: () => AppNotification[];
  /** Team mode with its kept password (default: one keeping the password in memory, never running alone). */
  team?: TeamSession;
}

/** Every channel's one handler; a test checks the set equals the contract. */
export function buildRegistry({
  db,
  workspaceId,
  appStatus,
  sync,
  clock = systemClock,
  settings,
  connection,
  emit = () => {},
  exports,
  statementWorker,
  log = nullLogger(),
  guard = new LedgerWriteGuard(db),
  notices,
  team,
}: RegistryDeps): HandlerRegistry {
  const logCall = callLogger(log);
  const teamSession =
    team ??
    new TeamSession(
      { db, workspaceId, now: () => isoNow(clock) },
      new SecretSlot(TEAM_PASSWORD_SECRET),
      () => {},
    );
  // After every call: a decision it queued for the team (in its own transaction, now committed)
  // goes out soon, and the call is logged.
  const registry = new HandlerRegistry((channel, answer, elapsedMs) => {
    teamSession.nudge();
    logCall(channel, answer, elapsedMs);
  }, guard);
  const status = (): AppStatus => ({
    ...appStatus,
    ledgerPath: db.name,
    schemaVersion: schemaVersionOf(db),
    latestSchemaVersion: LATEST_SCHEMA_VERSION,
  });
  registerAppHandlers(registry, status);
  registerDiagnosticsHandlers(registry, { db, workspaceId, clock, log, status, settings, connection });
  registerFloatHandlers(registry, { db, workspaceId, clock });
  registerNotificationHandlers(registry, { db, workspaceId, clock, ...(notices ? { notices } : {}) });
  registerSyncHandlers(registry, sync, appStatus.shell === 'cli' ? 'cli' : 'manual');
  registerTransferHandlers(registry, { db, workspaceId, clock, emit, client: () => sync.connectedClient() });
  registerCatalogueHandlers(registry, {
    db,
    workspaceId,
    workspaceDir: appStatus.workspaceDir,
    clock,
    client: () => sync.connectedClient(),
    syncing: () => sync.isRunning(),
  });
  registerSettingsHandlers(registry, settings);
  registerBankDetailsHandlers(registry, { db, workspaceId, clock });
  registerJournalHandlers(registry, {
    db,
    workspaceId,
    clock,
    actor: appStatus.shell === 'cli' ? 'cli' : 'user',
    workspaceDir: appStatus.workspaceDir,
    emit,
  });
  registerJournalMappingHandlers(registry, {
    db,
    workspaceId,
    clock,
    actor: appStatus.shell === 'cli' ? 'cli' : 'user',
  });
  registerTeamHandlers(registry, {
    db,
    workspaceId,
    clock,
    team: teamSession,
    actor: appStatus.shell === 'cli' ? 'cli' : 'user',
  });
  registerConnectionHandlers(registry, connection);
  registerReconHandlers(registry, {
    ...(statementWorker === undefined ? {} : { statementWorker }),
    db,
    workspaceId,
    clock,
    emit,
    actor: appStatus.shell === 'cli' ? 'cli' : 'user',
    team: teamSession,
  });
  registerExportHandlers(
    registry,
    exports ??
      new ExportRunner({
        writer: db,
        ledgerPath: db.name,
        workspaceId,
        workspaceDir: appStatus.workspaceDir,
        clock,
        emit,
      }),
  );
  return registry;
}
