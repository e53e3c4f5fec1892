/**
 * The team password is kept by the same slot as the platform secret: encrypted by a real OS key
 * store in its own file (team.secret.json, owner-only, never the password in clear), read back at
 * the next start, only in memory without a store (and the notice says so), and forgotten on request.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SecretSlot } from '../../src/main/core/workspace/credential-slot';
import { secretFilePath, SECRET_FILE_NAME } from '../../src/main/core/workspace/secret-file';
import { TEAM_PASSWORD_SECRET } from '../../src/main/core/workspace/secret-kinds';
import { createSafeStorageVault } from '../../src/main/shell/secrets';
import { fakeSafeStorage, type FakeSafeStorageOptions } from '../helpers/secrets-fake-vault';
import { makeTempDir } from '../helpers/temp-dir';

const PASSWORD = 'team-Pa55-never-on-disk-in-clear';
let temp: ReturnType<typeof makeTempDir>;
beforeEach(() => {
  temp = makeTempDir('floatdesk-team-secret-');
});
afterEach(() => temp.cleanup());

async function slotWith(options?: FakeSafeStorageOptions): Promise<SecretSlot<string>> {
  const slot = new SecretSlot(
    TEAM_PASSWORD_SECRET,
    options === undefined
      ? undefined
      : { workspaceDir: temp.dir, vault: createSafeStorageVault(fakeSafeStorage(options), 'linux') },
    () => undefined,
  );
  await slot.ready;
  return slot;
}

const teamFile = (): string => secretFilePath(temp.dir, TEAM_PASSWORD_SECRET.fileName);

describe('the team password slot', () => {
  it('saves it encrypted in its own owner-only file and reads it back at the next start', async () => {
    const slot = await slotWith({ backend: 'gnome_libsecret' });
    await slot.enter(PASSWORD);
    expect(slot.state()).toMatchObject({
      credentialsStorage: 'encrypted',
      storageBackend: 'gnome_libsecret',
      storageNotice: null,
    });
    const bytes = readFileSync(teamFile(), 'latin1');
    expect(bytes).not.toContain(PASSWORD);
    expect(bytes).not.toContain(Buffer.from(PASSWORD).toString('base64').slice(0, 16));
    expect(statSync(teamFile()).mode & 0o777).toBe(0o600);
    // The platform's file is another one, untouched.
    expect(existsSync(secretFilePath(temp.dir, SECRET_FILE_NAME))).toBe(false);

    const next = await slotWith({ backend: 'gnome_libsecret' });
    expect(next.current()).toBe(PASSWORD);
    expect(next.origin()).toBe('stored');
  });

  it('keeps it in memory only without a real key store, and says so in team words', async () => {
    const slot = await slotWith({ backend: 'basic_text' });
    await slot.enter(PASSWORD);
    expect(slot.current()).toBe(PASSWORD);
    expect(existsSync(teamFile())).toBe(false);
    expect(slot.state().storageNotice).toEqual({
      kind: 'memory-only',
      message: expect.stringContaining('keeps the team password only until you close it'),
    });
    const shell = await slotWith();
    await shell.enter(PASSWORD);
    expect(shell.state()).toMatchObject({ credentialsStorage: 'memory' });
    expect(shell.state().storageNotice?.message).toContain('never writes the team password to a file');
  });

  it('asks for it again in Settings → Team when the saved file is damaged', async () => {
    const slot = await slotWith({ backend: 'gnome_libsecret' });
    await slot.enter(PASSWORD);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(teamFile(), '{not json');
    const next = await slotWith({ backend: 'gnome_libsecret' });
    expect(next.current()).toBeUndefined();
    expect(next.state().storageNotice).toEqual({
      kind: 're-enter',
      message:
        'The saved team password could not be read (team.secret.json is damaged). Enter the team password again in Settings → Team.',
    });
  });

  it('forgets it: nothing kept in memory or on disk', async () => {
    const slot = await slotWith({ backend: 'gnome_libsecret' });
    await slot.enter(PASSWORD);
    await slot.forget();
    expect(slot.current()).toBeUndefined();
    expect(slot.state()).toMatchObject({ credentialsStorage: 'none', storageNotice: null });
    expect(existsSync(teamFile())).toBe(false);
    expect((await slotWith({ backend: 'gnome_libsecret' })).current()).toBeUndefined();
    expect(JSON.stringify(slot)).not.toContain(PASSWORD);
  });
});
