import type { SafeStorageLike } from '../../src/main/shell/secrets';

export interface FakeSafeStorageOptions {
  backend?: string;
  available?: boolean;
  /** A different key stands for another machine or a reset key store: decryption yields garbage. */
  key?: number;
  /** Every decryption asks for re-encryption (a rotated key). */
  rotate?: boolean;
  /** encryptStringAsync fails (a locked key ring). */
  failEncrypt?: boolean;
}

const MAGIC = Buffer.from('v11');

/** Shaped like Electron's safeStorage (async API): XOR with a key behind a 'v11' prefix, like Chromium's. */
export function fakeSafeStorage(options: FakeSafeStorageOptions = {}): SafeStorageLike & {
  calls: { encrypt: number; decrypt: number; available: number };
} {
  const key = options.key ?? 0x5a;
  const calls = { encrypt: 0, decrypt: 0, available: 0 };
  return {
    calls,
    async isAsyncEncryptionAvailable() {
      calls.available += 1;
      return options.available ?? true;
    },
    getSelectedStorageBackend: () => options.backend ?? 'gnome_libsecret',
    async encryptStringAsync(text) {
      calls.encrypt += 1;
      if (options.failEncrypt) throw new Error(`Error while encrypting the text provided: ${text}`);
      return Buffer.concat([MAGIC, Buffer.from(Buffer.from(text, 'utf8').map((byte) => byte ^ key))]);
    },
    async decryptStringAsync(encrypted) {
      calls.decrypt += 1;
      if (!encrypted.subarray(0, 3).equals(MAGIC))
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      const result = Buffer.from(encrypted.subarray(3).map((byte) => byte ^ key)).toString('utf8');
      return { shouldReEncrypt: options.rotate ?? false, result };
    },
  };
}
