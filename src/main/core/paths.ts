import { homedir } from 'node:os';
import { basename, join, resolve } from 'node:path';

export const APP_FOLDER_NAME = 'FloatDesk';
export const LEDGER_FILE_NAME = 'ledger.sqlite';
/** Where `floatdesk backup` puts its copies by default: `<workspace>/backups/`. */
export const BACKUPS_FOLDER_NAME = 'backups';
export const DEMO_WORKSPACE_NAME = 'demo';

export interface PathEnvironment {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  home: string;
}

function currentEnvironment(): PathEnvironment {
  return { platform: process.platform, env: process.env, home: homedir() };
}

/**
 * The data home every shell shares: Electron's userData folder for an app named FloatDesk, computed
 * the same way without Electron. FLOATDESK_HOME overrides it.
 */
export function resolveDataHome(environment: PathEnvironment = currentEnvironment()): string {
  const { platform, env, home } = environment;
  if (env.FLOATDESK_HOME) return resolve(env.FLOATDESK_HOME);
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_FOLDER_NAME);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_FOLDER_NAME);
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), APP_FOLDER_NAME);
}

export function demoWorkspaceDir(dataHome: string): string {
  return join(dataHome, 'workspaces', DEMO_WORKSPACE_NAME);
}

/** `--workspace <dir>` wins; otherwise the demo workspace under the data home. */
export function resolveWorkspaceDir(explicit: string | undefined, environment?: PathEnvironment): string {
  return explicit ? resolve(explicit) : demoWorkspaceDir(resolveDataHome(environment));
}

export function ledgerPathOf(workspaceDir: string): string {
  return join(workspaceDir, LEDGER_FILE_NAME);
}

export interface WorkspaceChoice {
  workspaceDir: string;
  workspaceName: string;
  workspaceKind: 'demo' | 'platform';
}

/** Which workspace a shell opens: the one named by --workspace, else the demo workspace. */
export function chooseWorkspace(
  explicit: string | undefined,
  environment?: PathEnvironment,
): WorkspaceChoice {
  if (explicit) {
    const workspaceDir = resolve(explicit);
    return { workspaceDir, workspaceName: basename(workspaceDir) || 'Workspace', workspaceKind: 'platform' };
  }
  return {
    workspaceDir: resolveWorkspaceDir(undefined, environment),
    workspaceName: 'Demo workspace',
    workspaceKind: 'demo',
  };
}
