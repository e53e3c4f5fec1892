import { basename, resolve } from 'node:path';
import { checkBaseUrl } from '../main/core/workspace/base-url';
import { initPlatformWorkspace } from '../main/core/workspace/init';
import { stringOption, UsageError, type CommandValues } from './arguments';
import { APP_VERSION } from './version';

function checkedBaseUrl(text: string | undefined): string {
  if (!text)
    throw new UsageError('workspace init needs --base-url <url>, e.g. https://sandbox.example/api/v2.');
  const checked = checkBaseUrl(text);
  if (!checked.ok) throw new UsageError(`--base-url ${checked.problem}.`);
  return checked.url;
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
  await initPlatformWorkspace({ workspaceDir, name, baseUrl, shell: 'cli', appVersion: APP_VERSION });
  print(`Workspace "${name}" in ${workspaceDir} now talks to ${baseUrl}.`);
  print(
    'Set FLOATDESK_API_KEY and FLOATDESK_API_SECRET, then run: floatdesk sync --workspace ' + workspaceDir,
  );
}
