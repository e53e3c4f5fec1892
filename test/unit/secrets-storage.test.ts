import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CredentialSlot } from '../../src/main/core/workspace/credential-slot';
import { CredentialStore } from '../../src/main/core/workspace/credentials';
import {
  readSecretFile,
  SECRET_FILE_NAME,
  secretFilePath,
  writeSecretFile,
} from '../../src/main/core/workspace/secret-file';
import type { SecretVault } from '../../src/main/core/workspace/secret-vault';
import { createSafeStorageVault } from '../../src/main/shell/secrets';
import { fakeSafeStorage, type FakeSafeStorageOptions } from '../helpers/secrets-fake-vault';
import { makeTempDir } from '../helpers/temp-dir';

const KEY = 'key-Q7f2-visible-only-as-input';
const SECRET = 'Sekr3t-Zx81-never-on-disk-in-clear';
const CREDENTIALS = { apiKey: KEY, apiSecret: SECRET };

// writeSync can be made to fail (a full disk) for the temporary-file tests; it works otherwise.
const fsFaults = vi.hoisted(() => ({ failWrite: false }));
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  const writeSync = ((...args: Parameters<typeof actual.writeSync>) => {
    if (fsFaults.failWrite) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    return (actual.writeSync as (...rest: unknown[]) => number)(...args);
  }) as typeof actual.writeSync;
  return { ...actual, default: { ...actual, writeSync }, writeSync };
});

let temp: ReturnType<typeof makeTempDir>;
let reports: string[];
beforeEach(() => {
  temp = makeTempDir('floatdesk-secrets-');
  reports = [];
});
afterEach(() => {
  fsFaults.failWrite = false;
  temp.cleanup();
});

const vaultOf = (options: FakeSafeStorageOptions = {}): SecretVault =>
  createSafeStorageVault(fakeSafeStorage(options), 'linux');

async function slotWith(options: FakeSafeStorageOptions = {}): Promise<CredentialSlot> {
  const slot = new CredentialSlot({ workspaceDir: temp.dir, vault: vaultOf(options) }, (message) =>
    reports.push(message),
  );
  await slot.ready;
  return slot;
}

const fileBytes = (): Buffer => readFileSync(secretFilePath(temp.dir));
const fileJson = (): Record<string, unknown> =>
  JSON.parse(fileBytes().toString('utf8')) as Record<string, unknown>;

function expectNoSecretIn(bytes: Buffer | string): void {
  const text = typeof bytes === 'string' ? bytes : bytes.toString('latin1');
  for (const value of [KEY, SECRET]) {
    expect(text).not.toContain(value);
    expect(text).not.toContain(Buffer.from(value).toString('base64').slice(0, 16));
  }
}

describe('secrets: a real OS key store', () => {
  it('saves the key and secret encrypted, with the backend name, owner-only, and reads them at next start', async () => {
    const slot = await slotWith({ backend: 'gnome_libsecret' });
    await slot.enter(CREDENTIALS);
    expect(slot.state()).toEqual({
      credentialsStorage: 'encrypted',
      storageBackend: 'gnome_libsecret',
      storageNotice: null,
      plainTextStorage: { offered: false, enabled: false },
    });
    expect(fileJson()).toEqual({ version: 1, backend: 'gnome_libsecret', ciphertext: expect.any(String) });
    expectNoSecretIn(fileBytes());
    if (process.platform !== 'win32') expect(statSync(secretFilePath(temp.dir)).mode & 0o777).toBe(0o600);

    const next = await slotWith({ backend: 'gnome_libsecret' });
    expect(next.current()).toEqual(CREDENTIALS);
    expect(next.origin()).toBe('stored');
    expect(next.state().credentialsStorage).toBe('encrypted');
  });

  it('asks again, without failing and without touching the file, when the key store changed', async () => {
    await (await slotWith({ backend: 'gnome_libsecret' })).enter(CREDENTIALS);
    const before = fileBytes();
    const next = await slotWith({ backend: 'kwallet5' });
    expect(next.current()).toBeUndefined();
    expect(next.state().storageNotice).toEqual({
      kind: 're-enter',
      message: expect.stringMatching(/"gnome_libsecret".*"kwallet5".*Enter the API key and secret again/),
    });
    expect(fileBytes().equals(before)).toBe(true);

    await next.enter({ apiKey: 'new-key', apiSecret: 'new-secret' });
    expect(next.state()).toMatchObject({ credentialsStorage: 'encrypted', storageNotice: null });
    expect(fileJson()).toMatchObject({ backend: 'kwallet5' });
  });

  it('asks again when the ciphertext cannot be decrypted (another machine, a reset key ring)', async () => {
    await (await slotWith({ key: 0x11 })).enter(CREDENTIALS);
    const next = await slotWith({ key: 0x22 });
    expect(next.current()).toBeUndefined();
    expect(next.state().storageNotice).toMatchObject({ kind: 're-enter', message: /could not be decrypted/ });
    for (const report of reports) expectNoSecretIn(report);
  });

  it('asks again with a clear message when the file is damaged, never quoting it', async () => {
    writeFileSync(
      secretFilePath(temp.dir),
      `{"version":1,"backend":"gnome_libsecret","ciphertext":"${SECRET}!"`,
    );
    const slot = await slotWith();
    expect(slot.current()).toBeUndefined();
    const notice = slot.state().storageNotice;
    expect(notice).toMatchObject({ kind: 're-enter', message: /credentials\.secret\.json is damaged/ });
    expectNoSecretIn(JSON.stringify(notice));
    for (const text of ['', 'null', '[]', '{"version":2,"backend":"x","ciphertext":"AAAA"}', '{"version":1}'])
      expect(readSecretFileOf(text)).toEqual({ kind: 'damaged' });
  });

  it('re-encrypts when the key store asks for it (rotated key)', async () => {
    await (await slotWith()).enter(CREDENTIALS);
    writeFileSync(secretFilePath(temp.dir), fileBytes()); // same content, new inode
    const storage = fakeSafeStorage({ rotate: true });
    const slot = new CredentialSlot({
      workspaceDir: temp.dir,
      vault: createSafeStorageVault(storage, 'linux'),
    });
    await slot.ready;
    expect(slot.current()).toEqual(CREDENTIALS);
    expect(storage.calls).toMatchObject({ decrypt: 1, encrypt: 1 });
  });

  it('keeps them in memory and says so when saving fails, reporting no secret', async () => {
    const slot = await slotWith({ failEncrypt: true });
    await slot.enter(CREDENTIALS);
    expect(slot.current()).toEqual(CREDENTIALS);
    expect(slot.state()).toMatchObject({
      credentialsStorage: 'memory',
      storageNotice: { kind: 'memory-only', message: /could not save the API key and secret encrypted/ },
    });
    expect(existsSync(secretFilePath(temp.dir))).toBe(false);
    expect(reports.length).toBeGreaterThan(0);
    for (const report of reports) expectNoSecretIn(report);
  });
});

function readSecretFileOf(text: string): ReturnType<typeof readSecretFile> {
  writeFileSync(secretFilePath(temp.dir), text);
  return readSecretFile(temp.dir);
}

describe('secrets: no real OS key store', () => {
  for (const options of [
    { backend: 'basic_text' },
    { backend: 'unknown' },
    { backend: 'gnome_libsecret', available: false },
  ]) {
    it(`writes nothing and keeps them for the session only (${JSON.stringify(options)})`, async () => {
      const slot = await slotWith(options);
      await slot.enter(CREDENTIALS);
      expect(slot.current()).toEqual(CREDENTIALS);
      expect(slot.state()).toEqual({
        credentialsStorage: 'memory',
        storageBackend: null,
        storageNotice: {
          kind: 'memory-only',
          message:
            'Your system has no secure key store, so FloatDesk keeps the API key and secret only until you close it. You will be asked for them again at next start.',
        },
        plainTextStorage: { offered: true, enabled: false },
      });
      expect(existsSync(secretFilePath(temp.dir))).toBe(false);
      const next = await slotWith(options);
      expect(next.current()).toBeUndefined();
      expect(next.state().storageNotice).toBeNull();
    });
  }

  it('saves them in the documented plain format only with the explicit setting, and removes the file when it is turned off', async () => {
    const slot = await slotWith({ backend: 'basic_text' });
    await slot.setPlainText(true);
    await slot.enter(CREDENTIALS);
    expect(slot.state()).toMatchObject({
      credentialsStorage: 'plaintext',
      storageNotice: null,
      plainTextStorage: { offered: true, enabled: true },
    });
    expect(fileJson()).toEqual({ version: 1, backend: 'plaintext', credentials: CREDENTIALS });

    const next = await slotWith({ backend: 'basic_text' });
    expect(next.current()).toEqual(CREDENTIALS);
    expect(next.state()).toMatchObject({
      credentialsStorage: 'plaintext',
      plainTextStorage: { enabled: true },
    });
    await next.setPlainText(false);
    expect(existsSync(secretFilePath(temp.dir))).toBe(false);
    expect(next.current()).toEqual(CREDENTIALS);
    expect(next.state()).toMatchObject({
      credentialsStorage: 'memory',
      storageNotice: { kind: 'memory-only' },
    });
  });

  it('moves a plain file into the key store once one is available', async () => {
    const plain = await slotWith({ backend: 'basic_text' });
    await plain.setPlainText(true);
    await plain.enter(CREDENTIALS);
    const secure = await slotWith({ backend: 'kwallet6' });
    expect(secure.current()).toEqual(CREDENTIALS);
    expect(secure.state()).toMatchObject({ credentialsStorage: 'encrypted', storageBackend: 'kwallet6' });
    expect(fileJson()).toMatchObject({ backend: 'kwallet6' });
    expectNoSecretIn(fileBytes());
  });

  it('refuses the plain-file setting where a secure store exists, and where nothing may be written', async () => {
    await expect((await slotWith()).setPlainText(true)).rejects.toMatchObject({
      code: 'invalid_input',
      details: { issues: [{ field: 'storeInPlainText' }] },
    });
    await expect(new CredentialSlot().setPlainText(true)).rejects.toMatchObject({ code: 'invalid_input' });
  });
});

describe('secrets: shells without a key store (browser shell, CLI)', () => {
  it('never reads or writes a file in the workspace', async () => {
    writeFileSync(
      secretFilePath(temp.dir),
      JSON.stringify({ version: 1, backend: 'plaintext', credentials: CREDENTIALS }),
    );
    const before = fileBytes();
    const slot = new CredentialSlot();
    await slot.ready;
    expect(slot.current()).toBeUndefined();
    await slot.enter({ apiKey: 'k', apiSecret: 's' });
    expect(slot.state()).toMatchObject({
      credentialsStorage: 'memory',
      storageNotice: { kind: 'memory-only', message: /never writes the API key and secret to a file/ },
      plainTextStorage: { offered: false },
    });
    expect(fileBytes().equals(before)).toBe(true);
  });

  it('shows nothing of the values when logged or serialised', async () => {
    const slot = await slotWith();
    await slot.enter(CREDENTIALS);
    const store = new CredentialStore({ apiKey: 'env-key-x', apiSecret: 'env-secret-x' }, slot);
    expect(store.source()).toBe('session');
    for (const text of [
      JSON.stringify(store),
      JSON.stringify(slot),
      inspect(store),
      inspect(slot),
      String(store),
    ]) {
      expectNoSecretIn(text);
      expect(text).not.toContain('env-secret-x');
    }
  });

  it('prefers what was entered now, then the environment, then what was saved', async () => {
    await (await slotWith()).enter(CREDENTIALS);
    const env = { apiKey: 'env-key', apiSecret: 'env-secret' };
    const stored = new CredentialStore(env, await slotWith());
    expect(stored.source()).toBe('environment');
    expect(stored.current()).toEqual(env);
    expect(new CredentialStore(undefined, await slotWith()).source()).toBe('stored');
    const slot = await slotWith();
    const entered = new CredentialStore(env, slot);
    await entered.set({ apiKey: 'typed', apiSecret: 'typed-secret' });
    expect(entered.source()).toBe('session');
    expect(entered.current()).toEqual({ apiKey: 'typed', apiSecret: 'typed-secret' });
  });
});

const OLD = { apiKey: 'old-key-R2d2-rotated-away', apiSecret: 'old-secret-C3po-rotated-away' };
const savedNow = async (): Promise<unknown> => (await slotWith()).current();

describe('secrets: a save that fails leaves the disk as the state says', () => {
  it('removes a file holding other credentials when saving newly entered ones fails', async () => {
    await (await slotWith()).enter(OLD);
    const slot = await slotWith({ failEncrypt: true }); // decrypts the old ones; encrypting fails
    expect(slot.current()).toEqual(OLD);
    await slot.enter(CREDENTIALS);
    expect(slot.current()).toEqual(CREDENTIALS);
    expect(slot.state()).toMatchObject({
      credentialsStorage: 'memory',
      storageNotice: { kind: 'memory-only', message: /could not save the API key and secret encrypted/ },
    });
    // The rotated-away key must not come back at next start.
    expect(existsSync(secretFilePath(temp.dir))).toBe(false);
    expect(await savedNow()).toBeUndefined();
    for (const report of reports) expectNoSecretIn(report);
  });

  it('says "encrypted" when only the re-encryption at load fails (the file still holds them)', async () => {
    await (await slotWith()).enter(CREDENTIALS);
    const before = fileBytes();
    const slot = await slotWith({ rotate: true, failEncrypt: true });
    expect(slot.current()).toEqual(CREDENTIALS);
    expect(slot.state()).toEqual({
      credentialsStorage: 'encrypted',
      storageBackend: 'gnome_libsecret',
      storageNotice: null,
      plainTextStorage: { offered: false, enabled: false },
    });
    expect(fileBytes().equals(before)).toBe(true);
    expect(await savedNow()).toEqual(CREDENTIALS);
  });

  it('says "plaintext" and keeps offering the setting when moving a plain file into the key store fails', async () => {
    const plain = await slotWith({ backend: 'basic_text' });
    await plain.setPlainText(true);
    await plain.enter(CREDENTIALS);
    const slot = await slotWith({ backend: 'kwallet6', failEncrypt: true });
    expect(slot.current()).toEqual(CREDENTIALS);
    expect(slot.state()).toMatchObject({
      credentialsStorage: 'plaintext',
      plainTextStorage: { offered: true, enabled: true },
    });
    expect(fileJson()).toEqual({ version: 1, backend: 'plaintext', credentials: CREDENTIALS });
    // Turning it off removes the plain file, even though the key store still cannot encrypt.
    await slot.setPlainText(false);
    expect(existsSync(secretFilePath(temp.dir))).toBe(false);
    expect(slot.current()).toEqual(CREDENTIALS);
    expect(slot.state()).toMatchObject({
      credentialsStorage: 'memory',
      storageNotice: { kind: 'memory-only' },
    });
    // Where the key store works, turning it off moves the plain file into it.
    const again = await slotWith({ backend: 'basic_text' });
    await again.setPlainText(true);
    await again.enter(CREDENTIALS);
    const working = await slotWith({ backend: 'kwallet6' });
    expect(working.state()).toMatchObject({ credentialsStorage: 'encrypted' });
    await expect(working.setPlainText(false)).rejects.toMatchObject({ code: 'invalid_input' });
  });
});

describe('secrets: a key store that is out for a while', () => {
  for (const outage of [{ available: false }, { backend: 'basic_text' }]) {
    it(`leaves a good encrypted file alone at load, and removes it only for newly entered credentials (${JSON.stringify(outage)})`, async () => {
      await (await slotWith()).enter(OLD);
      const before = fileBytes();
      const down = await slotWith(outage);
      expect(down.current()).toBeUndefined();
      expect(fileBytes().equals(before)).toBe(true);
      // Back at next start: the saved ones still work.
      expect(await savedNow()).toEqual(OLD);

      // New credentials entered during the outage: the file may hold the old ones and cannot be
      // decrypted to tell, so it goes — the old key must not load silently at next start.
      const entering = await slotWith(outage);
      await entering.enter(CREDENTIALS);
      expect(entering.state()).toMatchObject({ credentialsStorage: 'memory' });
      expect(existsSync(secretFilePath(temp.dir))).toBe(false);
      expect(await savedNow()).toBeUndefined();
    });
  }
});

describe('secrets: two saves at once', () => {
  it('the file ends with the credentials entered last, whatever order the key store answers in', async () => {
    const inner = vaultOf();
    let calls = 0;
    // The first encryption answers after the second: without ordering, the older one wins the file.
    const vault: SecretVault = {
      describe: () => inner.describe(),
      decrypt: (bytes) => inner.decrypt(bytes),
      encrypt: async (text) => {
        calls += 1;
        const delay = calls === 1 ? 60 : 0;
        const encrypted = await inner.encrypt(text);
        await new Promise((resolve) => setTimeout(resolve, delay));
        return encrypted;
      },
    };
    const slot = new CredentialSlot({ workspaceDir: temp.dir, vault }, (message) => reports.push(message));
    await slot.ready;
    await Promise.all([slot.enter(OLD), slot.enter(CREDENTIALS)]);
    expect(slot.current()).toEqual(CREDENTIALS);
    expect(slot.state()).toMatchObject({
      credentialsStorage: 'encrypted',
      storageBackend: 'gnome_libsecret',
    });
    expect(await savedNow()).toEqual(CREDENTIALS);
  });
});

describe('secrets: the temporary file', () => {
  const leftovers = (): string[] => readdirSync(temp.dir).filter((name) => name !== SECRET_FILE_NAME);
  const content = { version: 1, backend: 'plaintext', credentials: CREDENTIALS } as const;

  it('never follows a link planted at the old predictable name', () => {
    const outside = join(temp.dir, 'outside.txt');
    writeFileSync(outside, 'untouched');
    symlinkSync(outside, `${secretFilePath(temp.dir)}.${process.pid}.tmp`);
    writeSecretFile(temp.dir, content);
    expect(readFileSync(outside, 'utf8')).toBe('untouched');
    expect(fileJson()).toEqual(content);
    if (process.platform !== 'win32') expect(statSync(secretFilePath(temp.dir)).mode & 0o777).toBe(0o600);
  });

  it('is removed when writing it fails, and when renaming it fails', () => {
    fsFaults.failWrite = true;
    expect(() => writeSecretFile(temp.dir, content)).toThrow(/no space left/);
    expect(readdirSync(temp.dir)).toEqual([]);
    fsFaults.failWrite = false;

    mkdirSync(secretFilePath(temp.dir));
    writeFileSync(join(secretFilePath(temp.dir), 'inside'), 'x'); // a non-empty folder: rename fails
    expect(() => writeSecretFile(temp.dir, content)).toThrow();
    expect(leftovers()).toEqual([]);
  });

  it('a failed write during a save leaves no copy behind and keeps them in memory', async () => {
    const slot = await slotWith();
    fsFaults.failWrite = true;
    await slot.enter(CREDENTIALS);
    expect(slot.state()).toMatchObject({
      credentialsStorage: 'memory',
      storageNotice: { kind: 'memory-only' },
    });
    expect(readdirSync(temp.dir)).toEqual([]);
  });
});
