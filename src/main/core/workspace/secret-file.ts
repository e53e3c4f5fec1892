import { closeSync, fsyncSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { openPrivateSync } from '../files/private-files';
import { writeFullySync } from '../files/write-fully';
import { fsyncFolder } from '../ledger/backup';
import type { ApiCredentials } from './credentials';
import { API_CREDENTIALS_SECRET, type SecretKind } from './secret-kinds';

/**
 * The one file in a workspace that may hold a secret of one kind (secret-kinds.ts: the API key and
 * secret, the team password), written only by the Electron shell (the browser shell and the CLI
 * never read or write it). For the API key and secret:
 *
 * - `{"version":1,"backend":"gnome_libsecret","ciphertext":"<base64>"}` — the usual case: the key and
 *   secret encrypted by the OS secret store named in `backend` (safeStorage async API).
 * - `{"version":1,"backend":"plaintext","credentials":{"apiKey":"…","apiSecret":"…"}}` — only when
 *   the person turned on "Keep the key and secret in a plain file" on a system with no secure store.
 */
export const SECRET_FILE_NAME = API_CREDENTIALS_SECRET.fileName;

export type SecretFileContent<T = ApiCredentials> =
  { version: 1; backend: string; ciphertext: string } | { version: 1; backend: 'plaintext'; credentials: T };

export type SecretFileRead<T = ApiCredentials> =
  | { kind: 'absent' }
  | { kind: 'damaged' }
  | { kind: 'encrypted'; backend: string; ciphertext: Uint8Array }
  | { kind: 'plaintext'; credentials: T };

export function secretFilePath(workspaceDir: string, fileName = SECRET_FILE_NAME): string {
  return join(workspaceDir, fileName);
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** What the file holds; a file that cannot be understood is 'damaged' (its content is never echoed). */
export function readSecretFile(workspaceDir: string): SecretFileRead;
export function readSecretFile<T>(workspaceDir: string, kind: SecretKind<T>): SecretFileRead<T>;
export function readSecretFile<T>(
  workspaceDir: string,
  kind: SecretKind<T> = API_CREDENTIALS_SECRET as unknown as SecretKind<T>,
): SecretFileRead<T> {
  let text: string;
  try {
    text = readFileSync(secretFilePath(workspaceDir, kind.fileName), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'absent' };
    return { kind: 'damaged' };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: 'damaged' };
  }
  if (typeof parsed !== 'object' || parsed === null) return { kind: 'damaged' };
  const file = parsed as Record<string, unknown>;
  if (file.version !== 1 || !isText(file.backend)) return { kind: 'damaged' };
  if (file.backend === 'plaintext') {
    const credentials = kind.parse(file.credentials);
    return credentials === undefined ? { kind: 'damaged' } : { kind: 'plaintext', credentials };
  }
  if (!isText(file.ciphertext) || !/^[A-Za-z0-9+/]+={0,2}$/.test(file.ciphertext)) return { kind: 'damaged' };
  return { kind: 'encrypted', backend: file.backend, ciphertext: Buffer.from(file.ciphertext, 'base64') };
}

/**
 * Replace the file atomically: a temporary file (owner read/write only) written and flushed, then
 * renamed over the old one, so a crash leaves the old file or the new one, never half of either.
 * The temporary file has a random name and is created exclusively ('wx'): it never follows a
 * symbolic link planted at its name nor reuses an existing file (and that file's mode). On any
 * failure it is removed, so no copy of the content is left behind.
 */
export function writeSecretFile<T = ApiCredentials>(
  workspaceDir: string,
  content: SecretFileContent<T>,
  fileName = SECRET_FILE_NAME,
): void {
  const path = secretFilePath(workspaceDir, fileName);
  const temporary = `${path}.${randomBytes(12).toString('hex')}.tmp`;
  const fd = openPrivateSync(temporary, 'wx');
  try {
    try {
      writeFullySync(fd, `${JSON.stringify(content)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  fsyncFolder(workspaceDir);
}

export function removeSecretFile(workspaceDir: string, fileName = SECRET_FILE_NAME): void {
  rmSync(secretFilePath(workspaceDir, fileName), { force: true });
  fsyncFolder(workspaceDir);
}
