import type { Channel, EventChannel } from '../../shared/ipc/channels';
import type { AppStatus } from '../../shared/ipc/contract';
import { AppError, type Envelope } from '../../shared/ipc/errors';
import { systemClock, isoNow, type Clock } from './clock';
import { closeCore } from './close-core';
import { ExportRunner } from './export/run';
import { makePrivateFolderSync } from './files/private-files';
import { buildRegistry } from './handlers';
import { watchOpenLedger } from './ledger/background-watches';
import type { IntegrityWatch } from './ledger/background-integrity';
import { openWorkspaceLedger, type OpenedWorkspaceLedger } from './ledger/open-workspace';
import { translateSqliteError } from './ledger/storage-errors';
import { beginLedgerSession, clearCheckedMarkers, markLedgerInUse } from './ledger/workspace-state';
import { LedgerWriteGuard } from './ledger/write-guard';
import { createWorkspaceLog } from './log/workspace-log';
import { logEvent } from './log/observe';
import { personalValuesOf } from './log/personal-values';
import { notifyFilesMadePrivate } from './notifications/files-private';
import { migrate } from './ledger/migrate';
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from './ledger/migrations';
import { findLiveHolder, SYNC_LOCK } from './ledger/locks';
import { SyncRunsRepository } from './ledger/repositories/sync-runs';
import { createSyncService } from './sync/compose';
import { WorkspacesRepository, type WorkspaceKind } from './ledger/repositories/workspaces';
import { ledgerPathOf } from './paths';
import { AutoSyncControl } from './settings/auto-sync';
import { SettingsService } from './settings/service';
import { ConnectionService } from './workspace/connection-service';
import { CredentialStore } from './workspace/credentials';
import type { SecretSlot } from './workspace/credential-slot';
import { openTeamSession } from './team-session-wiring';
import { makeWorkspacePrivate, type MadePrivate } from './workspace/private-workspace';

export type ShellKind = AppStatus['shell'];

/** Everything a shell tells the core; plain data so it can cross into a worker thread. */
export interface CoreConfig {
  workspaceDir: string;
  workspaceName: string;
  workspaceKind: WorkspaceKind;
  shell: ShellKind;
  appVersion: string;
  /** better-sqlite3 built for Electron's ABI (set by the Electron shell in development). */
  nativeBinding?: string;
  /** The built CSV render worker (export-worker.js), set by the entry files; absent when run from sources. */
  exportWorkerPath?: string;
  /** The built statement reader (statement-worker.js), set by the entry files; absent when run from sources. */
  statementWorkerPath?: string;
  /**
   * The built background integrity check (integrity-worker.js), set by the interactive shells' core
   * worker: the full integrity_check runs on it after every open. Without it only the checks before
   * the first write run (the CLI checks fully then).
   */
  integrityWorkerPath?: string;
  /** Set by `floatdesk workspace init`: the platform address this workspace talks to. */
  workspaceBaseUrl?: string;
  /** API key and secret of a platform workspace (from the environment or a prompt; never stored here). */
  credentials?: { apiKey: string; apiSecret: string };
  /** Auto-sync interval for interactive shells; 0 or absent: no background sync. */
  autoSyncMs?: number;
  /** How often to look for commits by other processes; 0 turns the watch off. */
  changePollMs?: number;
  /** How long a write waits for another FloatDesk's lock before failing as ledger_busy (default 5000). */
  busyTimeoutMs?: number;
  /** error, warn, info or debug (default: FLOATDESK_LOG_LEVEL, else info). */
  logLevel?: string;
  /** Values the log must never carry besides the credentials (the browser shell's token). */
  redactValues?: string[];
}

/** What a host above the core (host.ts) hands it besides plain config. */
export interface CoreExtras {
  /** This workspace's credentials, kept by the host so those entered in Settings outlive a core. */
  credentials?: CredentialStore;
  /** What the host made private in the data home before opening, for the same notice. */
  dataHomeMadePrivate?: MadePrivate;
  /** This workspace's team password, kept by the host like the credentials (none: memory, this core only). */
  teamPassword?: SecretSlot<string>;
  /** The background team exchange's pace (tests make it quicker). */
  teamTiming?: { fallbackMs?: number; firstRetryMs?: number; maxRetryMs?: number };
}

export type EventListener = (name: EventChannel, payload: unknown) => void;

export interface Core {
  dispatch(channel: string, input: unknown): Promise<Envelope<unknown>>;
  onEvent(listener: EventListener): () => void;
  registeredChannels(): Channel[];
  /** Background work of an interactive shell: the first sync of a new workspace, then auto-sync. */
  startBackground(): void;
  close(): Promise<void>;
}

/** The composition root: opens and migrates the ledger, then wires every service to it. */
export function createCore(config: CoreConfig, clock: Clock = systemClock, extras: CoreExtras = {}): Core {
  makePrivateFolderSync(config.workspaceDir);
  // Before the ledger is opened: what an older FloatDesk left readable by others becomes owner-only.
  const madePrivate = makeWorkspacePrivate(config.workspaceDir);
  const ledgerPath = ledgerPathOf(config.workspaceDir);
  const { log, redactor } = createWorkspaceLog(config, clock);
  let opened: OpenedWorkspaceLedger;
  try {
    opened = openWorkspaceLedger({
      workspaceDir: config.workspaceDir,
      oneShot: config.shell === 'cli',
      nativeBinding: config.nativeBinding,
      busyTimeoutMs: config.busyTimeoutMs,
      now: () => isoNow(clock),
    });
  } catch (error) {
    log.error('workspace.open.failed', { dir: config.workspaceDir, error });
    log.close();
    throw error;
  }
  const { db } = opened;
  const listeners = new Set<EventListener>();
  let endSession = (): void => {};
  let watches: IntegrityWatch | undefined;
  try {
    if (opened.fullCheck !== null) log.info('ledger.checked', { full: true, reason: opened.fullCheck });
    migrate(db, MIGRATIONS);
    const workspaces = new WorkspacesRepository(db);
    let workspace = workspaces.ensure({
      name: config.workspaceName,
      kind: config.workspaceKind,
      baseUrl: config.workspaceBaseUrl ?? null,
      now: isoNow(clock),
    });
    // From now on a lost ledger is reported, never replaced by an empty one; and this process has it open.
    markLedgerInUse(config.workspaceDir, isoNow(clock));
    endSession = beginLedgerSession(config.workspaceDir, isoNow(clock));
    if (opened.fullCheck !== null) clearCheckedMarkers(config.workspaceDir, opened.abandonedSessions);
    if (config.workspaceBaseUrl !== undefined && config.workspaceBaseUrl !== workspace.baseUrl) {
      if (workspace.kind === 'demo') {
        throw new AppError(
          'invalid_input',
          'This folder holds the demo workspace; choose another folder for a platform workspace.',
        );
      }
      workspace = workspaces.setConnection(workspace.id, {
        name: config.workspaceName,
        baseUrl: config.workspaceBaseUrl,
      });
    }
    const emit = (name: EventChannel, payload: unknown): void => {
      logEvent(log, name, payload);
      listeners.forEach((listener) => listener(name, payload));
    };
    notifyFilesMadePrivate({ db, workspaceId: workspace.id, clock, emit, log }, [
      madePrivate,
      ...(extras.dataHomeMadePrivate ? [extras.dataHomeMadePrivate] : []),
    ]);
    // Runs left 'running' by a process that died are closed, but never one another process is
    // still syncing (a `floatdesk status` during a CLI sync must not mark that sync failed).
    if (!findLiveHolder(db, SYNC_LOCK, { now: clock() })) {
      new SyncRunsRepository(db).closeAbandonedRuns(workspace.id, isoNow(clock));
    }
    const credentials = extras.credentials ?? new CredentialStore(config.credentials);
    // Whatever credentials this workspace uses now or later (entered in Settings) are never logged.
    redactor.addSource(() => {
      const current = credentials.current();
      return current ? [current.apiKey, current.apiSecret] : [];
    });
    const team = openTeamSession({
      db,
      workspaceId: workspace.id,
      clock,
      redactor,
      emit,
      password: extras.teamPassword,
      timing: extras.teamTiming,
    });
    const sync = createSyncService({
      db,
      workspace,
      workspaceDir: config.workspaceDir,
      clock,
      owner: config.shell,
      credentials: config.credentials,
      resolveCredentials: () => credentials.current(),
      currentWorkspace: () => workspaces.first() ?? workspace,
      emit,
      log,
    });
    const settings = new SettingsService(db, workspace.id, clock, (minutes) => autoSync.apply(minutes));
    redactor.addSource(() => personalValuesOf(settings.get()));
    const autoSync = new AutoSyncControl(
      sync,
      config.autoSyncMs ?? 0,
      () => settings.stored()?.syncIntervalMinutes,
    );
    const guard = new LedgerWriteGuard(db);
    const exports = new ExportRunner({
      translateError: (error) => guard.translate(error),
      writer: db,
      ledgerPath,
      workspaceId: workspace.id,
      workspaceDir: config.workspaceDir,
      clock,
      emit,
      ...(config.nativeBinding === undefined ? {} : { nativeBinding: config.nativeBinding }),
      ...(config.exportWorkerPath === undefined ? {} : { renderWorkerPath: config.exportWorkerPath }),
      log,
    });
    const registry = buildRegistry({
      guard,
      notices: () => watches?.notices() ?? [],
      exports,
      ...(config.statementWorkerPath === undefined
        ? {}
        : {
            statementWorker: {
              path: config.statementWorkerPath,
              ...(config.nativeBinding === undefined ? {} : { nativeBinding: config.nativeBinding }),
            },
          }),
      db,
      workspaceId: workspace.id,
      sync,
      clock,
      emit,
      team,
      settings,
      connection: new ConnectionService(db, sync, credentials),
      log,
      appStatus: { appVersion: config.appVersion, shell: config.shell, workspaceDir: config.workspaceDir },
    });
    watches = watchOpenLedger({
      db,
      changePollMs: config.changePollMs,
      onChange: () => emit('ledger:changed', { source: 'another-process' }),
      integrityWorkerPath: config.integrityWorkerPath,
      fullyChecked: opened.fullCheck !== null,
      ledgerPath,
      workspaceDir: config.workspaceDir,
      nativeBinding: config.nativeBinding,
      guard,
      clock,
      log,
      onDamage: (notice) => {
        sync.cancel();
        emit('notifications:new', notice);
      },
    });
    log.info('workspace.open', {
      kind: workspace.kind,
      shell: config.shell,
      appVersion: config.appVersion,
      schemaVersion: LATEST_SCHEMA_VERSION,
    });
    return {
      // The one dispatcher: the registry itself (its observer logs the call and nudges the team).
      dispatch: registry.dispatch.bind(registry),
      onEvent(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      registeredChannels: () => registry.registeredChannels(),
      startBackground() {
        team.startBackground();
        const autoSyncMs = config.autoSyncMs ?? 0;
        if (autoSyncMs <= 0) return;
        const report = (error: unknown): void => console.error('FloatDesk: background sync failed:', error);
        if (!sync.hasSynced())
          sync.sync({ trigger: workspace.kind === 'demo' ? 'demo' : 'startup' }).catch(report);
        autoSync.start(report);
      },
      close: () =>
        closeCore({
          db,
          watches,
          team,
          sync,
          exports,
          clearListeners: () => listeners.clear(),
          endSession,
          log,
          workspaceKind: workspace.kind,
        }),
    };
  } catch (error) {
    watches?.stop();
    db.close();
    endSession();
    const translated = translateSqliteError(error, ledgerPath);
    log.error('workspace.open.failed', { dir: config.workspaceDir, error: translated });
    log.close();
    throw translated;
  }
}
