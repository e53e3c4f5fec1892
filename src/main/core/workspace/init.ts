import { createCore, type CoreConfig } from '../services';

export interface PlatformWorkspaceInit {
  workspaceDir: string;
  name: string;
  /** Already checked with checkBaseUrl. */
  baseUrl: string;
  appVersion: string;
  shell: CoreConfig['shell'];
  nativeBinding?: string;
}

/**
 * Create (or re-point) a platform workspace: its ledger is created and migrated and the workspace
 * row written, then closed. What `floatdesk workspace init` and Settings → New workspace both do.
 */
export async function initPlatformWorkspace(init: PlatformWorkspaceInit): Promise<void> {
  const core = createCore({
    workspaceDir: init.workspaceDir,
    workspaceName: init.name,
    workspaceKind: 'platform',
    workspaceBaseUrl: init.baseUrl,
    shell: init.shell,
    appVersion: init.appVersion,
    changePollMs: 0,
    ...(init.nativeBinding === undefined ? {} : { nativeBinding: init.nativeBinding }),
  });
  await core.close();
}
