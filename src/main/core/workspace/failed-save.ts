/**
 * After a secret slot's save failed (credential-slot.ts): what the workspace's file really holds
 * now, so the slot's state says what is on disk. A file that no longer holds what the slot keeps is
 * removed (best effort): a rotated key must not come back at next start.
 */
import { errorName } from './error-name';
import { readSecretFile, removeSecretFile } from './secret-file';
import type { SecretKind } from './secret-kinds';
import type { StorageState } from './credential-slot';

export interface StorageAfterFailure {
  storage: StorageState['credentialsStorage'];
  backend: string | null;
  /** Kept in memory because the save failed (the notice says so). */
  notSaved: boolean;
}

export function storageAfterFailedSave<T>(
  kind: SecretKind<T>,
  workspaceDir: string,
  origin: 'session' | 'stored' | undefined,
  plainText: boolean,
  report: (message: string) => void,
): StorageAfterFailure {
  const saved = readSecretFile(workspaceDir, kind);
  if (origin === 'stored' && saved.kind === 'encrypted') {
    // A re-encryption at load failed: the file still holds these very credentials, readable.
    return { storage: 'encrypted', backend: saved.backend, notSaved: false };
  }
  if (origin === 'stored' && saved.kind === 'plaintext' && plainText) {
    // Moving a plain file into the secure store failed: it is still there, and the setting
    // stays offered so the person can turn it off.
    return { storage: 'plaintext', backend: null, notSaved: false };
  }
  // Credentials just entered (or a plain file the person turned off): whatever the file holds
  // is not what the notice says, so remove it (best effort) — a rotated key must not come back.
  if (saved.kind !== 'absent') {
    try {
      removeSecretFile(workspaceDir, kind.fileName);
    } catch (error) {
      report(`the saved ${kind.what} could not be removed (${errorName(error)}).`);
    }
  }
  return { storage: 'memory', backend: null, notSaved: true };
}
