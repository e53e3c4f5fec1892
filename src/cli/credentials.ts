import { UsageError } from './arguments';

/**
 * Platform credentials for the browser shell and the CLI come from the environment (never from a
 * file in the workspace); they are handed to the core in memory only.
 */
export function credentialsFromEnvironment(): { apiKey: string; apiSecret: string } | undefined {
  const apiKey = process.env.FLOATDESK_API_KEY;
  const apiSecret = process.env.FLOATDESK_API_SECRET;
  if (!apiKey && !apiSecret) return undefined;
  if (!apiKey || !apiSecret)
    throw new UsageError('Set both FLOATDESK_API_KEY and FLOATDESK_API_SECRET, or neither.');
  return { apiKey, apiSecret };
}
