import { dirname, resolve } from 'node:path';
import type { Channel } from '../../shared/ipc/channels';
import type { WorkspaceEntry } from '../../shared/ipc/contract-settings';
import { AppError } from '../../shared/ipc/errors';
import { systemClock, type Clock } from './clock';
import { registerWorkspaceHandlers } from './handlers/workspaces';
import { demoWorkspaceDir, resolveDataHome } from './paths';
import { HandlerRegistry } from './registry';
import { createCore, type Core, type CoreConfig, type EventListener } from './services';
import { AppFiles } from './workspace/app-files';
import { listWorkspaces, readWorkspaceInfo, type WorkspaceInfo } from './workspace/catalog';
import { createPlatformWorkspace } from './workspace/create';
import { makeDataHomePrivate, type MadePrivate } from './workspace/private-workspace';
import { CredentialSlot, SecretSlot } from './workspace/credential-slot';
import { TEAM_PASSWORD_SECRET } from './workspace/secret-kinds';
import { CredentialStore, credentialsFromEnv } from './workspace/credentials';
import type { SecretVault } from './workspace/secret-vault';

export interface HostOptions {
  /** Where the demo, new workspaces, settings.json and workspaces.json live; default: the data home. */
  dataHome?: string;
  clock?: Clock;
  /**
   * The Electron shell's OS secret store: with it, credentials entered in Settings are saved
   * encrypted in the workspace (credential-slot.ts). The browser shell and the CLI have none.
   */
  vault?: SecretVault;
}

/**
 * Owns the core of the open workspace and replaces it when another workspace is opened
 * (workspaces:switch), so both interactive shells can switch without restarting. It answers the
 * workspaces:* channels itself and passes every other call to the current core. Credentials and the
 * team password entered in Settings are kept here per workspace folder for the rest of the session,
 * and saved encrypted when the shell gave a vault.
 */
const WORKSPACE_CHANGED = {
  ok: false,
  error: {
    code: 'ledger_busy',
    message:
      'Another workspace was opened while this was waiting; nothing was done. Try again in this workspace.',
  },
} as const;

export function createCoreHost(initial: CoreConfig, options: HostOptions = {}): Core {
  const clock = options.clock ?? systemClock;
  const dataHome = options.dataHome ?? resolveDataHome();
  const files = new AppFiles(dataHome);
  const environmentCredentials = initial.credentials ?? credentialsFromEnv();
  const slots = new Map<string, CredentialSlot>();
  /** The team password per workspace folder, kept the same way (team.secret.json, encrypted). */
  const teamSlots = new Map<string, SecretSlot<string>>();
  /** Settles when the open workspace's saved credentials have been read: calls wait for it. */
  let credentialsRead: Promise<void> = Promise.resolve();
  const listeners = new Set<EventListener>();
  const emit: EventListener = (name, payload) => listeners.forEach((listener) => listener(name, payload));

  // Told once, in the notice of the first workspace opened.
  let dataHomeMadePrivate: MadePrivate | undefined = makeDataHomePrivate(dataHome);
  let config = startConfig(initial, dataHome, files);
  // Credentials from the environment belong to the workspace FloatDesk was started on: another
  // workspace may be another platform, which must never see this one's API key.
  let environmentDir = resolve(config.workspaceDir);

  const open = (config: CoreConfig): Core => {
    const dir = resolve(config.workspaceDir);
    let slot = slots.get(dir);
    if (!slot) {
      const { vault } = options;
      slot = new CredentialSlot(
        vault && config.workspaceKind === 'platform' ? { workspaceDir: dir, vault } : undefined,
      );
      slots.set(dir, slot);
    }
    let teamPassword = teamSlots.get(dir);
    if (!teamPassword) {
      const { vault } = options;
      teamPassword = new SecretSlot(TEAM_PASSWORD_SECRET, vault ? { workspaceDir: dir, vault } : undefined);
      teamSlots.set(dir, teamPassword);
    }
    const credentials = new CredentialStore(
      dir === environmentDir ? environmentCredentials : undefined,
      slot,
    );
    const opened = createCore(config, clock, {
      credentials,
      teamPassword,
      ...(dataHomeMadePrivate ? { dataHomeMadePrivate } : {}),
    });
    dataHomeMadePrivate = undefined;
    credentialsRead = Promise.all([slot.ready, teamPassword.ready]).then(() => undefined);
    return opened;
  };

  let core: Core;
  try {
    core = open(config);
  } catch (error) {
    // The workspace remembered from last time cannot be opened now: start as the shell asked.
    if (config === initial) throw error;
    config = initial;
    environmentDir = resolve(config.workspaceDir);
    core = open(config);
  }
  let unsubscribe = core.onEvent(emit);
  let background = false;
  /** Switches run one at a time; calls to the core wait for a switch in progress. */
  let gate: Promise<void> = Promise.resolve();
  /**
   * Transfer submissions still out. A switch waits for them: closing the core under one would lose
   * the record of a top-up the platform registered (and keep its draft, ready to be sent again).
   */
  const submissions = new Set<Promise<unknown>>();
  remember(files, dataHome, config.workspaceDir);

  const currentInfo = (): WorkspaceInfo => {
    try {
      return readWorkspaceInfo(config.workspaceDir, config.nativeBinding);
    } catch {
      return {
        dir: config.workspaceDir,
        name: config.workspaceName,
        kind: config.workspaceKind,
        baseUrl: null,
      };
    }
  };

  const list = (): WorkspaceEntry[] =>
    listWorkspaces({
      dataHome,
      remembered: files.remembered(),
      current: currentInfo(),
      nativeBinding: config.nativeBinding,
    }).workspaces;

  const replaceCore = async (next: CoreConfig): Promise<void> => {
    await Promise.allSettled([...submissions]);
    unsubscribe();
    await core.close();
    const previous = config;
    try {
      core = open(next);
      config = next;
    } catch (error) {
      core = open(previous);
      throw error;
    } finally {
      unsubscribe = core.onEvent(emit);
      await credentialsRead;
      if (background) core.startBackground();
    }
  };

  const switchTo = async (dir: string): Promise<WorkspaceEntry> => {
    const target = resolve(dir);
    const entry = list().find((workspace) => workspace.dir === target);
    if (!entry) {
      throw new AppError(
        'not_found',
        'That folder is not a FloatDesk workspace of this installation. Choose one from the list.',
        { dir },
      );
    }
    if (entry.current) return entry;
    const next: CoreConfig = {
      ...initial,
      workspaceDir: target,
      workspaceName: entry.name,
      workspaceKind: entry.kind,
    };
    delete next.workspaceBaseUrl; // only for `workspace init`
    await replaceCore(next);
    remember(files, dataHome, target);
    emit('app:workspace-changed', { dir: target });
    return { ...entry, current: true };
  };

  const hostRegistry = new HandlerRegistry();
  registerWorkspaceHandlers(hostRegistry, {
    list,
    create: (request) => createPlatformWorkspace(request, { dataHome, config }),
    switchTo: (dir) => {
      const run = gate.then(() => switchTo(dir));
      gate = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    },
  });
  const hostChannels: ReadonlySet<string> = new Set(hostRegistry.registeredChannels());

  return {
    async dispatch(channel, input) {
      if (hostChannels.has(channel)) return hostRegistry.dispatch(channel, input);
      const answer = (async () => {
        await gate;
        const target = core;
        await credentialsRead;
        // A switch that finished meanwhile must not receive a call (credentials, a top-up) meant
        // for the workspace that was open when it was made.
        if (core !== target) return WORKSPACE_CHANGED;
        return target.dispatch(channel, input);
      })();
      // Counted at once, before any await: a switch asked for right after must wait for it.
      if (channel === 'transfers:submit') {
        submissions.add(answer);
        void answer.finally(() => submissions.delete(answer));
      }
      return answer;
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    registeredChannels: (): Channel[] => [...core.registeredChannels(), ...hostRegistry.registeredChannels()],
    startBackground() {
      background = true;
      const started = core;
      // The first sync needs the saved credentials; a switch meanwhile starts its own core.
      void credentialsRead.then(() => {
        if (core === started) started.startBackground();
      });
    },
    async close() {
      await gate;
      unsubscribe();
      listeners.clear();
      await core.close();
    },
  };
}

/**
 * The workspace to open first. A shell that was given no --workspace asks for the demo (the only
 * case in which chooseWorkspace answers kind 'demo' in the demo's own folder); then the workspace
 * opened last (settings.json) is opened instead, if it can still be read. --workspace always wins.
 */
function startConfig(initial: CoreConfig, dataHome: string, files: AppFiles): CoreConfig {
  const demoDir = demoWorkspaceDir(dataHome);
  const shellDefault = initial.workspaceKind === 'demo' && resolve(initial.workspaceDir) === demoDir;
  const last = shellDefault ? files.lastWorkspace() : undefined;
  if (last === undefined || resolve(last) === demoDir) return initial;
  try {
    const info = readWorkspaceInfo(resolve(last), initial.nativeBinding);
    return { ...initial, workspaceDir: resolve(last), workspaceName: info.name, workspaceKind: info.kind };
  } catch {
    return initial;
  }
}

/** settings.json remembers the workspace for the next start; workspaces.json lists folders from elsewhere. */
function remember(files: AppFiles, dataHome: string, dir: string): void {
  try {
    files.setLastWorkspace(dir);
    if (dirname(resolve(dir)) !== resolve(dataHome, 'workspaces')) files.remember(dir);
  } catch (error) {
    console.error('FloatDesk: could not remember the open workspace:', String(error));
  }
}
