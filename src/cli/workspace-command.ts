import { basename, resolve } from 'node:path';
import { createCore } from '../main/core/services';
import { stringOption, UsageError, type CommandValues } from './arguments';
import { APP_VERSION } from './version';

function checkedBaseUrl(text: string | undefined): string {
  if (!text)
    throw new UsageError('workspace init needs --base-url <url>, e.g. https://sandbox.example/api/v2.');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--base-url is not a URL: "${text}".`);
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new UsageError('--base-url must use https (plain http only for a simulator on this computer).');
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new UsageError('--base-url must not carry credentials, a query or a fragment.');
  }
  return url.toString().replace(/\/+$/, '');
}

/** `floatdesk workspace init <dir> --base-url <url> [--name <name>]` */
export async function workspaceCommand(
  positionals: readonly string[],
  values: CommandValues,
  print: (text: string) => void,
): Promise<void> {
  const [action, dir] = positionals;
  if (action !== 'init' || !dir)
    throw new UsageError('Usage: floatdesk workspace init <dir> --base-url <url> [--name <name>]');
  const baseUrl = checkedBaseUrl(stringOption(values, 'base-url'));
  const workspaceDir = resolve(dir);
  const name = stringOption(values, 'name') ?? (basename(workspaceDir) || 'Workspace');
  const core = createCore({
    workspaceDir,
    workspaceName: name,
    workspaceKind: 'platform',
    workspaceBaseUrl: baseUrl,
    shell: 'cli',
    appVersion: APP_VERSION,
    changePollMs: 0,
  });
  await core.close();
  print(`Workspace "${name}" in ${workspaceDir} now talks to ${baseUrl}.`);
  print(
    'Set FLOATDESK_API_KEY and FLOATDESK_API_SECRET, then run: floatdesk sync --workspace ' + workspaceDir,
  );
}
