// The afterPack hook and `npm run fuses:check`, run for real against synthetic "Electron binaries":
// random bytes around a fuse wire in @electron/fuses' format (sentinel, version byte, length byte,
// one '0'/'1' byte per fuse), laid out the way electron-builder lays out an appOutDir.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Arch } from 'builder-util/out/arch';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { afterPack } from '../../scripts/release/after-pack.mjs';
import {
  ARCH,
  EXPECTED_FUSES,
  fuseConfig,
  needsAdHocResign,
  packagedExecutable,
  type PackContextLike,
} from '../../scripts/release/fuses.mjs';
import { makeTempDir } from '../helpers/temp-dir';

const root = resolve(import.meta.dirname, '../..');
const CHECK = join(root, 'scripts/release/check-fuses.mjs');
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
// Electron's defaults for the 8 fuses @electron/fuses 1.8 names (electron/build/fuses/fuses.json5),
// plus a ninth, as newer Electrons have (reportedly 45 too): more than the library can name.
const ELECTRON_DEFAULTS = '10110001' + '1';
// What FloatDesk wants, in wire order; the ninth stays at its default.
const FLIPPED = '01001100' + '1';
const PADDING = 4096;

let temp: ReturnType<typeof makeTempDir>;
beforeEach(() => (temp = makeTempDir('floatdesk-fuses-')));
afterEach(() => temp.cleanup());

function fakeElectron(wire: string | null): Buffer {
  const middle =
    wire === null
      ? Buffer.from('no fuse wire in this file')
      : Buffer.concat([Buffer.from(SENTINEL), Buffer.from([1, wire.length]), Buffer.from(wire, 'latin1')]);
  return Buffer.concat([randomBytes(PADDING), middle, randomBytes(PADDING)]);
}

function writeFile(path: string, content: Buffer): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  return path;
}

function wireOf(file: string): string {
  const bytes = readFileSync(file);
  const at = bytes.indexOf(SENTINEL) + SENTINEL.length;
  return bytes.subarray(at + 2, at + 2 + bytes[at + 1]!).toString('latin1');
}

type Platform = 'linux' | 'win32' | 'darwin';
/** An appOutDir as electron-builder leaves it, and the file that holds the fuse wire. */
function appOutDir(platform: Platform, wire: string | null = ELECTRON_DEFAULTS) {
  const dir = join(temp.dir, `${platform}-unpacked`);
  const fuseFile = {
    linux: join(dir, 'floatdesk'),
    win32: join(dir, 'FloatDesk.exe'),
    darwin: join(dir, 'FloatDesk.app/Contents/Frameworks/Electron Framework.framework/Electron Framework'),
  }[platform];
  writeFile(fuseFile, fakeElectron(wire));
  const resources =
    platform === 'darwin' ? join(dir, 'FloatDesk.app/Contents/Resources') : join(dir, 'resources');
  writeFile(join(resources, 'app.asar'), Buffer.from('asar'));
  const context: PackContextLike = {
    appOutDir: dir,
    electronPlatformName: platform,
    arch: ARCH.x64,
    packager: {
      appInfo: { productFilename: 'FloatDesk' },
      ...(platform === 'linux' ? { executableName: 'floatdesk' } : {}),
    },
  };
  return { dir, fuseFile, context };
}

function checkFuses(...args: string[]) {
  const result = spawnSync(process.execPath, [CHECK, ...args], { cwd: root, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the afterPack hook and the fuse check', () => {
  for (const platform of ['linux', 'win32', 'darwin'] as const) {
    it(`flips every fuse in a ${platform} appOutDir, and fuses:check reads them back (exit 0)`, async () => {
      const { dir, fuseFile, context } = appOutDir(platform);
      const before = readFileSync(fuseFile);
      expect(checkFuses(fuseFile).status).toBe(1); // Electron's defaults are not what we ship

      await afterPack(context);

      expect(wireOf(fuseFile)).toBe(FLIPPED);
      const after = readFileSync(fuseFile);
      const wireStart = before.indexOf(SENTINEL) + SENTINEL.length + 2;
      expect(after.subarray(0, wireStart)).toEqual(before.subarray(0, wireStart));
      expect(after.subarray(wireStart + FLIPPED.length)).toEqual(before.subarray(wireStart + FLIPPED.length));

      const target = packagedExecutable(context);
      for (const path of [target, dir]) {
        const result = checkFuses(path);
        expect(result.status, result.stderr).toBe(0);
        expect(result.stdout).toContain('the 8 fuses FloatDesk sets are right');
        for (const fuse of EXPECTED_FUSES) {
          expect(result.stdout).toContain(`${fuse.name}: ${fuse.enabled ? 'enabled' : 'disabled'}`);
        }
        expect(result.stdout).toContain(
          "fuse #8 (not named by @electron/fuses 1.8): enabled, Electron's default",
        );
      }
    });
  }

  it('fails (exit 1) naming each wrong fuse', async () => {
    const { fuseFile, context } = appOutDir('linux');
    await afterPack(context);
    const bytes = readFileSync(fuseFile);
    const wireStart = bytes.indexOf(SENTINEL) + SENTINEL.length + 2;
    bytes[wireStart + 0] = '1'.charCodeAt(0); // RunAsNode back on
    bytes[wireStart + 5] = '0'.charCodeAt(0); // OnlyLoadAppFromAsar off
    writeFileSync(fuseFile, bytes);

    const result = checkFuses(fuseFile);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('2 fuse(s) wrong');
    expect(result.stderr).toContain('RunAsNode: enabled, must be disabled');
    expect(result.stderr).toContain('OnlyLoadAppFromAsar: disabled, must be enabled');
    expect(result.stderr).not.toContain('EnableCookieEncryption');
  });

  it('fails (exit 1) naming each fuse a short wire does not have; afterPack refuses that binary', async () => {
    const { fuseFile, context } = appOutDir('win32', '010011');
    const result = checkFuses(fuseFile);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('LoadBrowserProcessSpecificV8Snapshot: missing (the wire has 6 fuses)');
    expect(result.stderr).toContain('GrantFileProtocolExtraPrivileges: missing (the wire has 6 fuses)');
    await expect(afterPack(context)).rejects.toThrow(/not long enough/);
  });

  it('reports a removed fuse as wrong', () => {
    const { fuseFile } = appOutDir('linux', '0r001100');
    const result = checkFuses(fuseFile);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('EnableCookieEncryption: removed, must be enabled');
  });

  it('gives a clear error (exit 2) for a file without a fuse wire, and afterPack fails on it', async () => {
    const { fuseFile, context } = appOutDir('linux', null);
    const result = checkFuses(fuseFile);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`check-fuses: ${fuseFile}: Could not find sentinel`);
    await expect(afterPack(context)).rejects.toThrow(/Could not find sentinel/);
  });

  it('gives a clear error (exit 2) for a missing path, a folder without the app, or no argument', () => {
    const missing = checkFuses(join(temp.dir, 'nothing-here'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('does not exist');

    const empty = checkFuses(temp.dir);
    expect(empty.status).toBe(2);
    expect(empty.stderr).toContain('folder without a packaged FloatDesk');

    const usage = checkFuses();
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('usage: node scripts/release/check-fuses.mjs');
  });
});

describe('fuse settings', () => {
  it('sets every fuse @electron/fuses 1.8 knows, not strictly (newer Electrons have more)', () => {
    const config = fuseConfig() as unknown as Record<string, unknown>;
    expect(config.version).toBe('1');
    expect(config.strictlyRequireAllFuses).toBe(false);
    expect(EXPECTED_FUSES.map((f) => f.name)).toEqual([
      'RunAsNode',
      'EnableCookieEncryption',
      'EnableNodeOptionsEnvironmentVariable',
      'EnableNodeCliInspectArguments',
      'EnableEmbeddedAsarIntegrityValidation',
      'OnlyLoadAppFromAsar',
      'LoadBrowserProcessSpecificV8Snapshot',
      'GrantFileProtocolExtraPrivileges',
    ]);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((i) => (config[i] ? '1' : '0')).join('')).toBe(FLIPPED.slice(0, 8));
  });

  it('re-signs ad hoc only for Apple-silicon and universal macOS builds', () => {
    expect(ARCH).toEqual({
      ia32: Arch.ia32,
      x64: Arch.x64,
      armv7l: Arch.armv7l,
      arm64: Arch.arm64,
      universal: Arch.universal,
    });
    expect(needsAdHocResign({ electronPlatformName: 'darwin', arch: ARCH.arm64 })).toBe(true);
    expect(needsAdHocResign({ electronPlatformName: 'darwin', arch: ARCH.universal })).toBe(true);
    expect(needsAdHocResign({ electronPlatformName: 'darwin', arch: ARCH.x64 })).toBe(false);
    expect(needsAdHocResign({ electronPlatformName: 'linux', arch: ARCH.arm64 })).toBe(false);
    expect(fuseConfig({ resetAdHocDarwinSignature: true }).resetAdHocDarwinSignature).toBe(true);
  });

  it('finds the executable the way electron-builder names it, and refuses unknown platforms', () => {
    const packager = { appInfo: { productFilename: 'FloatDesk' }, executableName: 'floatdesk' };
    const at = (electronPlatformName: string) =>
      packagedExecutable({ appOutDir: '/o', electronPlatformName, packager });
    expect(at('linux')).toBe(join('/o', 'floatdesk'));
    expect(at('win32')).toBe(join('/o', 'FloatDesk.exe'));
    expect(at('darwin')).toBe(join('/o', 'FloatDesk.app'));
    expect(() => at('freebsd')).toThrow(/unsupported platform "freebsd"/);
    expect(() =>
      packagedExecutable({
        appOutDir: '/o',
        electronPlatformName: 'linux',
        packager: { appInfo: { productFilename: 'FloatDesk' } },
      }),
    ).toThrow(/no executableName/);
  });
});
