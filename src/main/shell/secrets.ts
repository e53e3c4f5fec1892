import type { DecryptedText, SecretVault, VaultDescription } from '../core/workspace/secret-vault';

/**
 * The part of Electron's `safeStorage` FloatDesk uses: the async API only (Electron 45). Taken as
 * an argument so this file never imports Electron and is tested with a fake.
 */
export interface SafeStorageLike {
  isAsyncEncryptionAvailable(): Promise<boolean>;
  encryptStringAsync(plainText: string): Promise<Buffer>;
  decryptStringAsync(encrypted: Buffer): Promise<{ shouldReEncrypt: boolean; result: string }>;
  /** Linux only: the password store chosen (gnome_libsecret, kwallet5, basic_text, unknown ...). */
  getSelectedStorageBackend?(): string;
}

/**
 * The name stored with each ciphertext. macOS always encrypts with a Keychain key and Windows with
 * DPAPI; on Linux Chromium picks a password store, and 'basic_text' or 'unknown' means none.
 */
export function storageBackendName(safeStorage: SafeStorageLike, platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'keychain';
  if (platform === 'win32') return 'dpapi';
  try {
    return safeStorage.getSelectedStorageBackend?.() ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The vault the Electron shell answers the core's requests with (worker-client.ts). */
export function createSafeStorageVault(
  safeStorage: SafeStorageLike,
  platform: NodeJS.Platform = process.platform,
): SecretVault {
  let description: Promise<VaultDescription> | undefined;
  return {
    describe() {
      // Asked after app 'ready' (the backend is 'unknown' before); it does not change while running.
      description ??= safeStorage.isAsyncEncryptionAvailable().then(
        (available) => ({ available, backend: storageBackendName(safeStorage, platform) }),
        () => ({ available: false, backend: storageBackendName(safeStorage, platform) }),
      );
      return description;
    },
    async encrypt(text) {
      return new Uint8Array(await safeStorage.encryptStringAsync(text));
    },
    async decrypt(bytes): Promise<DecryptedText> {
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(Buffer.from(bytes));
      return { text: result, shouldReEncrypt };
    },
  };
}
