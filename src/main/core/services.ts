import { mkdirSync } from 'node:fs';
import type { Channel, EventChannel } from '../../shared/ipc/channels';
import type { AppStatus } from '../../shared/ipc/contract';
import type { Envelope } from '../../shared/ipc/errors';
import { systemClock, isoNow, type Clock } from './clock';
import { registerAppHandlers } from './handlers/app';
import { registerFloatHandlers } from './handlers/floats';
import { watchForeignCommits } from './ledger/change-watch';
import { openLedger, translateSqliteError, type Ledger } from './ledger/db';
import { migrate, schemaVersionOf } from './ledger/migrate';
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from './ledger/migrations';
import { FloatsRepository } from './ledger/repositories/floats';
import { WorkspacesRepository, type WorkspaceKind } from './ledger/repositories/workspaces';
import { ledgerPathOf } from './paths';
import { HandlerRegistry } from './registry';

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
  /** How often to look for commits by other processes; 0 turns the watch off. */
  changePollMs?: number;
}

export type EventListener = (name: EventChannel, payload: unknown) => void;

export interface Core {
  dispatch(channel: string, input: unknown): Promise<Envelope<unknown>>;
  onEvent(listener: EventListener): () => void;
  registeredChannels(): Channel[];
  close(): void;
}

/** Builds the handler map for a ledger; exported so a test can check every channel has one handler. */
export function buildRegistry(db: Ledger, config: CoreConfig, workspaceId: number): HandlerRegistry {
  const registry = new HandlerRegistry();
  const status = (): AppStatus => ({
    appVersion: config.appVersion,
    shell: config.shell,
    workspaceDir: config.workspaceDir,
    ledgerPath: db.name,
    schemaVersion: schemaVersionOf(db),
    latestSchemaVersion: LATEST_SCHEMA_VERSION,
  });
  registerAppHandlers(registry, status);
  registerFloatHandlers(registry, new FloatsRepository(db), workspaceId);
  return registry;
}

/** The composition root: opens and migrates the ledger, then wires every service to it. */
export function createCore(config: CoreConfig, clock: Clock = systemClock): Core {
  mkdirSync(config.workspaceDir, { recursive: true });
  const ledgerPath = ledgerPathOf(config.workspaceDir);
  const db = openLedger(ledgerPath, {
    maxSchemaVersion: LATEST_SCHEMA_VERSION,
    nativeBinding: config.nativeBinding,
  });
  const listeners = new Set<EventListener>();
  let stopWatching = (): void => {};
  try {
    migrate(db, MIGRATIONS);
    const workspace = new WorkspacesRepository(db).ensure({
      name: config.workspaceName,
      kind: config.workspaceKind,
      baseUrl: null,
      now: isoNow(clock),
    });
    const registry = buildRegistry(db, config, workspace.id);
    const emit = (name: EventChannel, payload: unknown): void =>
      listeners.forEach((listener) => listener(name, payload));
    if ((config.changePollMs ?? 1000) > 0) {
      stopWatching = watchForeignCommits(
        db,
        () => emit('ledger:changed', { source: 'another-process' }),
        config.changePollMs ?? 1000,
      );
    }
    return {
      dispatch: (channel, input) => registry.dispatch(channel, input),
      onEvent(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      registeredChannels: () => registry.registeredChannels(),
      close() {
        stopWatching();
        listeners.clear();
        if (db.open) db.close();
      },
    };
  } catch (error) {
    stopWatching();
    db.close();
    throw translateSqliteError(error, ledgerPath);
  }
}
