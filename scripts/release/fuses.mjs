// The Electron fuses of the packaged app, in one list: after-pack.mjs flips them, check-fuses.mjs
// reads them back. A fuse is one byte in the Electron binary ('0' off, '1' on, 'r' removed) after
// the sentinel, a version byte and a length byte; @electron/fuses finds and edits that wire.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fuses from '@electron/fuses';

const { FuseV1Options, FuseVersion } = fuses;

/** Names of the packaged executable, as electron-builder.yml sets them (a unit test keeps them equal). */
export const PRODUCT_FILENAME = 'FloatDesk';
export const LINUX_EXECUTABLE_NAME = 'floatdesk';

/** electron-builder's Arch enum (builder-util): the values an AfterPackContext carries in `arch`. */
export const ARCH = { ia32: 0, x64: 1, armv7l: 2, arm64: 3, universal: 4 };

/**
 * The fuses we set, and why. Every fuse @electron/fuses 1.8 knows is listed, so none is left to
 * Electron's default by accident.
 */
export const EXPECTED_FUSES = Object.freeze([
  { name: 'RunAsNode', enabled: false, why: 'ELECTRON_RUN_AS_NODE must not turn the app into a plain Node' },
  {
    name: 'EnableCookieEncryption',
    enabled: true,
    why: 'the cookie store on disk is encrypted with the OS key',
  },
  {
    name: 'EnableNodeOptionsEnvironmentVariable',
    enabled: false,
    why: 'NODE_OPTIONS must not inject code or flags into the app',
  },
  {
    name: 'EnableNodeCliInspectArguments',
    enabled: false,
    why: '--inspect and friends must not open a debugger on the app',
  },
  {
    name: 'EnableEmbeddedAsarIntegrityValidation',
    enabled: true,
    why: 'app.asar is checked against the hash embedded at build time (macOS, Windows)',
  },
  {
    name: 'OnlyLoadAppFromAsar',
    enabled: true,
    why: 'the app is loaded only from app.asar, never from a planted app/ folder',
  },
  {
    name: 'LoadBrowserProcessSpecificV8Snapshot',
    enabled: false,
    why: 'we ship no browser-process V8 snapshot',
  },
  {
    name: 'GrantFileProtocolExtraPrivileges',
    enabled: false,
    why: 'the renderer is served over floatdesk://, so file: pages need no extra privileges',
  },
]);

const STATE_NAMES = { 48: 'disabled', 49: 'enabled', 114: 'removed' };
const stateName = (byte) => STATE_NAMES[byte] ?? `unknown state byte ${byte}`;

/** The @electron/fuses configuration for flipFuses. */
export function fuseConfig({ resetAdHocDarwinSignature = false } = {}) {
  const config = {
    version: FuseVersion.V1,
    resetAdHocDarwinSignature,
    // Not strict: newer Electrons add fuses beyond the 8 @electron/fuses 1.8 can name (2.x needs
    // Node 22), and strict mode would then refuse to flip at all. Unnamed fuses keep Electron's
    // default; check-fuses.mjs prints them so a reviewer sees them.
    strictlyRequireAllFuses: false,
  };
  for (const fuse of EXPECTED_FUSES) config[FuseV1Options[fuse.name]] = fuse.enabled;
  return config;
}

/**
 * Compares a wire read by getCurrentFuseWire with EXPECTED_FUSES.
 * @returns {{problems: string[], lines: string[]}} problems: one line per wrong or missing fuse.
 */
export function checkFuseWire(wire) {
  const problems = [];
  const lines = [];
  if (wire.version !== FuseVersion.V1) {
    problems.push(`fuse wire version ${wire.version}, expected ${FuseVersion.V1}`);
    return { problems, lines };
  }
  const length = Object.keys(wire).filter((key) => /^\d+$/.test(key)).length;
  for (const fuse of EXPECTED_FUSES) {
    const index = FuseV1Options[fuse.name];
    const want = fuse.enabled ? 'enabled' : 'disabled';
    const byte = wire[index];
    if (byte === undefined) {
      problems.push(`${fuse.name}: missing (the wire has ${length} fuses), must be ${want}`);
    } else if (stateName(byte) !== want) {
      problems.push(`${fuse.name}: ${stateName(byte)}, must be ${want} (${fuse.why})`);
    } else {
      lines.push(`${fuse.name}: ${want}`);
    }
  }
  for (let index = EXPECTED_FUSES.length; index < length; index++) {
    lines.push(
      `fuse #${index} (not named by @electron/fuses 1.8): ${stateName(wire[index])}, Electron's default`,
    );
  }
  return { problems, lines };
}

/**
 * The file flipFuses and getCurrentFuseWire take for an electron-builder AfterPackContext: the
 * executable on Linux and Windows, the .app bundle on macOS (the library finds the framework).
 */
export function packagedExecutable({ appOutDir, electronPlatformName, packager }) {
  switch (electronPlatformName) {
    case 'linux':
      if (typeof packager.executableName !== 'string') {
        throw new Error('afterPack: the Linux packager has no executableName');
      }
      return join(appOutDir, packager.executableName);
    case 'win32':
      return join(appOutDir, `${packager.appInfo.productFilename}.exe`);
    case 'darwin':
    case 'mas':
      return join(appOutDir, `${packager.appInfo.productFilename}.app`);
    default:
      throw new Error(`afterPack: unsupported platform "${electronPlatformName}"`);
  }
}

/** Ad-hoc signatures break when the binary changes; only Apple-silicon slices carry one. */
export function needsAdHocResign({ electronPlatformName, arch }) {
  return (
    (electronPlatformName === 'darwin' || electronPlatformName === 'mas') &&
    (arch === ARCH.arm64 || arch === ARCH.universal)
  );
}

/**
 * What check-fuses.mjs reads: the path itself if it is a file; the bundle for any path in or at a
 * .app (the library finds the framework from there); inside an unpacked folder
 * (release/linux-unpacked, release/win-unpacked, release/mac*), the packaged executable.
 */
export function resolveCheckTarget(path) {
  if (!existsSync(path)) throw new Error(`${path} does not exist`);
  const bundle = /^(.*?\.app)(?:[\\/]|$)/.exec(path);
  if (bundle) return bundle[1];
  if (!statSync(path).isDirectory()) return path;
  const candidates = [LINUX_EXECUTABLE_NAME, `${PRODUCT_FILENAME}.exe`, `${PRODUCT_FILENAME}.app`];
  const found = candidates.map((name) => join(path, name)).find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error(`${path} is a folder without a packaged FloatDesk (looked for ${candidates.join(', ')})`);
  }
  return found;
}
