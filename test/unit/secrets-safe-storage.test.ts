import { describe, expect, it } from 'vitest';
import { isSecureStore } from '../../src/main/core/workspace/secret-vault';
import { answerVaultRequest, vaultOverPort, VaultError } from '../../src/main/core/workspace/vault-channel';
import { createSafeStorageVault, storageBackendName } from '../../src/main/shell/secrets';
import { fakeSafeStorage } from '../helpers/secrets-fake-vault';

const SECRET = 'Sekr3t-over-the-port-91';

describe('secrets: the Electron safeStorage adapter', () => {
  it('names the backend stored with the ciphertext on each platform', () => {
    const storage = fakeSafeStorage({ backend: 'kwallet5' });
    expect(storageBackendName(storage, 'linux')).toBe('kwallet5');
    expect(storageBackendName(storage, 'darwin')).toBe('keychain');
    expect(storageBackendName(storage, 'win32')).toBe('dpapi');
    expect(storageBackendName({ ...storage, getSelectedStorageBackend: undefined }, 'linux')).toBe('unknown');
    const throwing = {
      ...storage,
      getSelectedStorageBackend: () => {
        throw new Error('not ready');
      },
    };
    expect(storageBackendName(throwing, 'linux')).toBe('unknown');
  });

  it('uses only the async API, asks once whether it works, and round-trips text', async () => {
    const storage = fakeSafeStorage();
    const vault = createSafeStorageVault(storage, 'linux');
    expect(await vault.describe()).toEqual({ available: true, backend: 'gnome_libsecret' });
    await vault.describe();
    expect(storage.calls.available).toBe(1);
    const bytes = await vault.encrypt(SECRET);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(bytes).toString('latin1')).not.toContain(SECRET);
    expect(await vault.decrypt(bytes)).toEqual({ text: SECRET, shouldReEncrypt: false });
  });

  it('reports an encryptor that fails to start as unavailable', async () => {
    const storage = {
      ...fakeSafeStorage(),
      isAsyncEncryptionAvailable: () => Promise.reject(new Error('x')),
    };
    expect(await createSafeStorageVault(storage, 'linux').describe()).toEqual({
      available: false,
      backend: 'gnome_libsecret',
    });
  });

  it('treats basic_text, unknown and an unavailable encryptor as no secure store', () => {
    expect(isSecureStore({ available: true, backend: 'gnome_libsecret' })).toBe(true);
    expect(isSecureStore({ available: true, backend: 'keychain' })).toBe(true);
    expect(isSecureStore({ available: true, backend: 'basic_text' })).toBe(false);
    expect(isSecureStore({ available: true, backend: 'unknown' })).toBe(false);
    expect(isSecureStore({ available: false, backend: 'dpapi' })).toBe(false);
  });
});

describe('secrets: the vault over the worker port', () => {
  it('carries each call to the shell and back', async () => {
    const shellVault = createSafeStorageVault(fakeSafeStorage({ backend: 'kwallet6' }), 'linux');
    const sent: unknown[] = [];
    const channel = vaultOverPort((id, request) => {
      sent.push(request);
      void answerVaultRequest(shellVault, request).then((answer) => channel.settle(id, answer));
    });
    expect(await channel.vault.describe()).toEqual({ available: true, backend: 'kwallet6' });
    const bytes = await channel.vault.encrypt(SECRET);
    expect(await channel.vault.decrypt(bytes)).toEqual({ text: SECRET, shouldReEncrypt: false });
    expect(sent.map((request) => (request as { op: string }).op)).toEqual(['describe', 'encrypt', 'decrypt']);
  });

  it('gives up on a key store that never answers (an unlock prompt nobody sees), and drops a late answer', async () => {
    const sent: number[] = [];
    const channel = vaultOverPort((id) => sent.push(id), 30);
    const failure = await channel.vault.describe().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VaultError);
    expect((failure as VaultError).kind).toBe('Timeout');
    // The answer arriving after the limit changes nothing, and the next call is asked afresh.
    channel.settle(sent[0] as number, { ok: true, value: { available: true, backend: 'kwallet5' } });
    const next = channel.vault.describe();
    channel.settle(sent[1] as number, { ok: true, value: { available: false, backend: 'basic_text' } });
    expect(await next).toEqual({ available: false, backend: 'basic_text' });
  });

  it('answers a failure by its kind only, never by a message that could quote the text', async () => {
    const storage = fakeSafeStorage({ failEncrypt: true });
    const answer = await answerVaultRequest(createSafeStorageVault(storage, 'linux'), {
      op: 'encrypt',
      text: SECRET,
    });
    expect(answer).toEqual({ ok: false, error: 'Error' });
    const channel = vaultOverPort((id) => channel.settle(id, answer));
    const failure = await channel.vault.encrypt(SECRET).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VaultError);
    expect(String(failure)).not.toContain(SECRET);
  });
});
