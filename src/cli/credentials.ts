import { readWorkspaceInfo } from '../main/core/workspace/catalog';
import type { ApiCredentials } from '../main/core/workspace/credentials';
import { UsageError } from './arguments';
import { promptCredentials, type PromptTerminal } from './credential-prompt';

/**
 * Platform credentials for the browser shell and the CLI come from the environment or a prompt
 * (never from a file in the workspace); they are handed to the core in memory only.
 */
export function credentialsFromEnvironment(
  env: Readonly<Record<string, string | undefined>> = process.env,
): ApiCredentials | undefined {
  const apiKey = env.FLOATDESK_API_KEY;
  const apiSecret = env.FLOATDESK_API_SECRET;
  if (!apiKey && !apiSecret) return undefined;
  if (!apiKey || !apiSecret)
    throw new UsageError('Set both FLOATDESK_API_KEY and FLOATDESK_API_SECRET, or neither.');
  return { apiKey, apiSecret };
}

/**
 * For a CLI command that talks to the platform: the environment's credentials, else — for a
 * platform workspace, on a terminal — asked for with hidden input. Elsewhere (the demo, a script
 * without a terminal) none: the core then fails naming the two variables to set.
 */
export async function credentialsForCommand(
  workspaceDir: string,
  terminal: PromptTerminal = { input: process.stdin, output: process.stderr },
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<ApiCredentials | undefined> {
  const fromEnvironment = credentialsFromEnvironment(env);
  if (fromEnvironment || !terminal.input.isTTY) return fromEnvironment;
  let workspace: { kind: string; name: string };
  try {
    workspace = readWorkspaceInfo(workspaceDir);
  } catch {
    return undefined; // not a workspace yet: the command reports that itself
  }
  if (workspace.kind !== 'platform') return undefined;
  return promptCredentials(terminal, workspace.name);
}
