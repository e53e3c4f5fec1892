import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../shared/ipc/errors';
import { chooseWorkspace } from '../main/core/paths';
import { derivePreviewToken } from '../shared/security/template-preview';
import { startCoreWorker } from '../main/core/worker-client';
import { startBrowserShell, type BrowserShell } from './browser-shell';
import { credentialsFromEnvironment } from './credentials';
import { APP_VERSION } from './version';

/** Interactive shells bring the ledger up to date every few minutes while they run. */
const AUTO_SYNC_MS = 5 * 60_000;

export interface ServeOptions {
  workspace: string | undefined;
  port: number;
  workerUrl: URL;
  rendererDir: string;
  print: (text: string) => void;
}

/** Run the core in a worker and the browser shell in front of it until the process is stopped. */
export async function serve(options: ServeOptions): Promise<BrowserShell> {
  if (!existsSync(join(options.rendererDir, 'index.html'))) {
    throw new AppError(
      'not_found',
      `The user interface is not built (${options.rendererDir}). Run "npm run build" first.`,
    );
  }
  const workspace = chooseWorkspace(options.workspace);
  // Made here so the core's log can leave it and its preview token out (never written anywhere).
  const token = randomBytes(32).toString('base64url');
  const previewToken = await derivePreviewToken(token);
  const core = await startCoreWorker(options.workerUrl, {
    ...workspace,
    shell: 'browser',
    appVersion: APP_VERSION,
    credentials: credentialsFromEnvironment(),
    autoSyncMs: AUTO_SYNC_MS,
    redactValues: [token, previewToken],
  });
  let shell: BrowserShell;
  try {
    shell = await startBrowserShell({ core, rendererDir: options.rendererDir, port: options.port, token });
  } catch (error) {
    await core.close();
    throw error;
  }
  const stop = async (): Promise<void> => {
    await shell.close();
    await core.close();
  };
  const onSignal = (): void => void stop().then(() => process.exit(0));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  // The core may have opened the workspace used last instead of the demo (host.ts): say which.
  const status = await core.invoke('app:status', {});
  const opened = status.ok ? (status.value as { workspaceDir: string }).workspaceDir : workspace.workspaceDir;
  options.print(`FloatDesk ${APP_VERSION} — workspace ${opened}`);
  options.print(`Open ${shell.url}`);
  return { ...shell, close: stop };
}
