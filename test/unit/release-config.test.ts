// electron-builder.yml, read by electron-builder's own loader, validated by its own validator
// (ajv against app-builder-lib/scheme.json), and checked for what the release build relies on.
// File patterns are evaluated with electron-builder's own FileMatcher.
import { spawnSync } from 'node:child_process';
import type { Stats } from 'node:fs';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Configuration } from 'app-builder-lib';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { FileMatcher } from 'app-builder-lib/out/fileMatcher';
import { resolveFunction } from 'app-builder-lib/out/util/resolve';
import { DebugLogger } from 'builder-util/out/DebugLogger';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { LINUX_EXECUTABLE_NAME, PRODUCT_FILENAME } from '../../scripts/release/fuses.mjs';

const root = resolve(import.meta.dirname, '../..');
let config: Configuration;

beforeAll(async () => {
  config = await getConfig(root, null, null);
});

/** electron-builder's own matcher for a list of patterns, as a predicate on repository paths. */
function matcher(patterns: string[]): (relative: string) => boolean {
  const filter = new FileMatcher(root, '/app', (s: string) => s, patterns).createFilter();
  const file = { isDirectory: () => false } as Stats;
  return (relative) => filter(join(root, relative), file);
}

function filePatterns(): string[] {
  const sets = config.files as Array<{ from?: string; to?: string; filter?: string[] }>;
  expect(sets).toHaveLength(1);
  expect(sets[0]?.from).toBeUndefined();
  return sets[0]?.filter ?? [];
}

function targets(platform: 'linux' | 'win' | 'mac'): unknown {
  return (config[platform] as { target?: unknown } | null | undefined)?.target;
}

describe('electron-builder.yml', () => {
  it('is valid against electron-builder 26’s own schema, and the validator is live', async () => {
    const logger = new DebugLogger(false);
    await expect(validateConfiguration(config, logger)).resolves.toBeUndefined();
    const broken = { ...config, asarUnpackk: ['**/*.node'] } as Configuration;
    await expect(validateConfiguration(broken, logger)).rejects.toThrow(/unknown property 'asarUnpackk'/);
    const wrongType = {
      ...config,
      linux: { ...config.linux, executableName: ['x'] },
    } as unknown as Configuration;
    await expect(validateConfiguration(wrongType, logger)).rejects.toThrow(/executableName/);
  });

  it('names the app, and the executables match what the fuse scripts look for', () => {
    expect(config.appId).toBe('com.floatdesk.desktop');
    expect(config.productName).toBe('FloatDesk');
    expect(config.productName).toBe(PRODUCT_FILENAME);
    expect(config.linux?.executableName).toBe(LINUX_EXECUTABLE_NAME);
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { productName: string };
    expect(pkg.productName).toBe(config.productName);
  });

  it('packs only the compiled app and package.json', () => {
    const included = matcher(filePatterns());
    for (const file of [
      'package.json',
      'out/main/index.js',
      'out/main/worker.js',
      'out/main/chunks/validate-abc.js',
      'out/preload/index.cjs',
      'out/renderer/index.html',
      'out/renderer/assets/index-abc.js',
    ]) {
      expect(included(file), file).toBe(true);
    }
    for (const file of [
      'src/main/index.ts',
      'src/renderer/index.html',
      'test/unit/money.test.ts',
      'bench/run.mjs',
      'reports/vitest.json',
      'scripts/release/after-pack.mjs',
      'build/icon.png',
      'README.md',
      'electron-builder.yml',
      'out/cli/floatdesk.js',
      'out/bench/floats-list/index.js',
      'out/electron-native/better-sqlite3/build/Release/better_sqlite3.node',
      'out/main/index.js.map',
    ]) {
      expect(included(file), file).toBe(false);
    }
  });

  it('packs into app.asar and keeps native code (better-sqlite3) unpacked beside it', () => {
    expect(config.asar).toBe(true);
    const unpacked = matcher(config.asarUnpack as string[]);
    expect(unpacked('node_modules/better-sqlite3/build/Release/better_sqlite3.node')).toBe(true);
    expect(unpacked('node_modules/better-sqlite3/lib/database.js')).toBe(false);
    expect(unpacked('out/main/index.js')).toBe(false);
  });

  it('rebuilds native dependencies for Electron while packaging', () => {
    expect(config.npmRebuild).toBe(true);
    expect(config.buildDependenciesFromSource).toBe(false);
  });

  it('builds AppImage and deb on Linux, NSIS on Windows, dmg on macOS', () => {
    expect(targets('linux')).toEqual(['AppImage', 'deb']);
    expect(targets('win')).toEqual(['nsis']);
    expect(targets('mac')).toEqual(['dmg']);
    // fpm refuses a .deb without a maintainer address and a homepage; package.json has neither.
    const extra = config.extraMetadata as { author?: { email?: string }; homepage?: string };
    expect(extra.author?.email).toMatch(/@/);
    expect(extra.homepage).toMatch(/^https:\/\//);
  });

  it('takes resources from build/: icons and the macOS entitlements', () => {
    expect(config.directories?.buildResources).toBe('build');
    expect(config.linux?.icon).toBe('build/icons');
    expect(config.win?.icon).toBe('build/icon.png');
    expect(config.mac?.icon).toBe('build/icon.png');
    expect(config.mac?.hardenedRuntime).toBe(true);
    expect(config.mac?.entitlements).toBe('build/entitlements.mac.plist');
    expect(config.mac?.entitlementsInherit).toBe('build/entitlements.mac.plist');
    for (const file of ['build/icon.png', 'build/icons/512x512.png', 'build/entitlements.mac.plist']) {
      expect(existsSync(join(root, file)), file).toBe(true);
    }
  });

  it('runs scripts/release/after-pack.mjs as afterPack, resolved the way electron-builder does', async () => {
    expect(config.afterPack).toBe('./scripts/release/after-pack.mjs');
    expect(config.electronFuses ?? null).toBeNull(); // one place flips fuses, not two
    // electron-builder loads the file itself (require, then import), outside vitest's module graph.
    const hook = await resolveFunction<unknown>('module', config.afterPack as string, 'afterPack', root);
    expect(typeof hook).toBe('function');
    expect((hook as { name: string }).name).toBe('afterPack');
  });

  it('writes into release/, which git, ESLint and Prettier ignore (but not scripts/release/)', async () => {
    expect(config.directories?.output).toBe('release');
    expect(readFileSync(join(root, '.gitignore'), 'utf8').split('\n')).toContain('/release/');
    expect(readFileSync(join(root, '.prettierignore'), 'utf8').split('\n')).toContain('/release');
    const gitIgnored = (path: string) =>
      spawnSync('git', ['check-ignore', '--no-index', '-q', path], { cwd: root }).status === 0;
    expect(gitIgnored('release/FloatDesk-0.1.0-linux-x86_64.AppImage')).toBe(true);
    expect(gitIgnored('scripts/release/fuses.mjs')).toBe(false);
    const eslint = new ESLint({ cwd: root });
    expect(await eslint.isPathIgnored(join(root, 'release/linux-unpacked/resources/app/x.js'))).toBe(true);
    expect(await eslint.isPathIgnored(join(root, 'scripts/release/fuses.mjs'))).toBe(false);
  });

  it('has the npm scripts the README names', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.release).toBe('npm run build && electron-builder --publish never');
    expect(pkg.scripts['fuses:check']).toBe('node scripts/release/check-fuses.mjs');
    expect(pkg.scripts.icons).toBe('node scripts/release/make-icons.mjs');
    for (const [os, flag] of [
      ['linux', '--linux'],
      ['win', '--win'],
      ['mac', '--mac'],
    ]) {
      expect(pkg.scripts[`release:${os}`]).toBe(`npm run build && electron-builder ${flag} --publish never`);
    }
  });
});
