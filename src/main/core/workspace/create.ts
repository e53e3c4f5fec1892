import { join } from 'node:path';
import type { WorkspaceEntry } from '../../../shared/ipc/contract-settings';
import { invalidInput, type FieldIssue } from '../../../shared/ipc/errors';
import { makePrivateFolderSync } from '../files/private-files';
import type { CoreConfig } from '../services';
import { checkBaseUrl } from './base-url';
import { initPlatformWorkspace } from './init';
import { freeWorkspaceFolder } from './slug';

/**
 * Settings → New workspace: a platform workspace in a new folder `<home>/workspaces/<slug>` with an
 * initialised ledger, as `floatdesk workspace init` makes. It is not opened.
 */
export async function createPlatformWorkspace(
  request: { name: string; baseUrl: string },
  context: { dataHome: string; config: Pick<CoreConfig, 'shell' | 'appVersion' | 'nativeBinding'> },
): Promise<WorkspaceEntry> {
  const name = request.name.trim();
  const issues: FieldIssue[] = [];
  if (name === '') issues.push({ field: 'name', problem: 'enter a name for the workspace' });
  const checked = checkBaseUrl(request.baseUrl);
  if (!checked.ok) issues.push({ field: 'baseUrl', problem: `the address ${checked.problem}` });
  if (issues.length > 0 || !checked.ok) throw invalidInput('new workspace', issues);

  const parent = join(context.dataHome, 'workspaces');
  makePrivateFolderSync(parent);
  const workspaceDir = freeWorkspaceFolder(parent, name);
  await initPlatformWorkspace({
    workspaceDir,
    name,
    baseUrl: checked.url,
    shell: context.config.shell,
    appVersion: context.config.appVersion,
    ...(context.config.nativeBinding === undefined ? {} : { nativeBinding: context.config.nativeBinding }),
  });
  return { dir: workspaceDir, name, kind: 'platform', baseUrl: checked.url, current: false };
}
