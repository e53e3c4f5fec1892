/**
 * What a secret slot (credential-slot.ts) keeps and how it speaks of it: its file in the workspace,
 * how its saved form is read back, and the sentences a person reads about where it is kept. One
 * machinery, several secrets: the platform's API key and secret, the team database's password.
 */
import type { ApiCredentials } from './credentials';

export interface SecretKind<T> {
  /** The one file in a workspace that may hold this secret (encrypted by the OS secret store). */
  fileName: string;
  /** How it is named after "the" in a sentence: "API key and secret". */
  what: string;
  /** The saved value, or undefined when it is not what this kind keeps. */
  parse(value: unknown): T | undefined;
  wording: {
    noSecureStore: string;
    shellMemoryOnly: string;
    notSaved: string;
    enterAgain: string;
    savedWithOtherStore(saved: string, backend: string): string;
    noPlainFile: string;
    alwaysEncrypted: string;
  };
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

export const API_CREDENTIALS_SECRET: SecretKind<ApiCredentials> = {
  fileName: 'credentials.secret.json',
  what: 'API key and secret',
  parse(value) {
    if (typeof value !== 'object' || value === null) return undefined;
    const { apiKey, apiSecret } = value as Record<string, unknown>;
    return isText(apiKey) && isText(apiSecret) ? { apiKey, apiSecret } : undefined;
  },
  wording: {
    noSecureStore:
      'Your system has no secure key store, so FloatDesk keeps the API key and secret only until you close it. You will be asked for them again at next start.',
    shellMemoryOnly:
      'This FloatDesk never writes the API key and secret to a file: it keeps them only until it stops, and asks again at next start. Set FLOATDESK_API_KEY and FLOATDESK_API_SECRET to avoid typing them each time.',
    notSaved:
      'FloatDesk could not save the API key and secret encrypted, so it keeps them only until you close it. You will be asked for them again at next start.',
    enterAgain: 'Enter the API key and secret again in Settings.',
    savedWithOtherStore: (saved, backend) =>
      `The API key and secret were saved with the key store "${saved}", but this session uses "${backend}", so they cannot be read.`,
    noPlainFile:
      'this FloatDesk never writes the key and secret to a file; set FLOATDESK_API_KEY and FLOATDESK_API_SECRET instead',
    alwaysEncrypted: 'this system has a secure key store, so the key and secret are always kept encrypted',
  },
};

/** The team database password of the login in the workspace's team link (never in the URL). */
export const TEAM_PASSWORD_SECRET: SecretKind<string> = {
  fileName: 'team.secret.json',
  what: 'team password',
  parse: (value) => (isText(value) ? value : undefined),
  wording: {
    noSecureStore:
      'Your system has no secure key store, so FloatDesk keeps the team password only until you close it. You will be asked for it again at next start.',
    shellMemoryOnly:
      'This FloatDesk never writes the team password to a file: it keeps it only until it stops, and asks again at next start.',
    notSaved:
      'FloatDesk could not save the team password encrypted, so it keeps it only until you close it. You will be asked for it again at next start.',
    enterAgain: 'Enter the team password again in Settings → Team.',
    savedWithOtherStore: (saved, backend) =>
      `The team password was saved with the key store "${saved}", but this session uses "${backend}", so it cannot be read.`,
    noPlainFile: 'this FloatDesk never writes the team password to a file',
    alwaysEncrypted: 'this system has a secure key store, so the team password is always kept encrypted',
  },
};
