// better-sqlite3 is compiled for Node's ABI by `npm install`; Electron needs its own build. For
// `npm start` on a machine with Electron, build a second copy under out/electron-native (the Node
// copy keeps serving the CLI and the tests) and hand its path to the core as `nativeBinding`.
// Packaged builds do not use this: electron-builder rebuilds native modules for Electron itself.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function electronBindingDir(root) {
  return join(root, 'out', 'electron-native', 'better-sqlite3');
}

export function electronBindingPath(root) {
  return join(electronBindingDir(root), 'build', 'Release', 'better_sqlite3.node');
}

/** Build (once per Electron version) and return the binding's path; throws with the build output on failure. */
export function ensureElectronBinding(root, electronVersion) {
  const dir = electronBindingDir(root);
  const marker = join(dir, '.electron-version');
  const binding = electronBindingPath(root);
  if (existsSync(binding) && existsSync(marker) && readFileSync(marker, 'utf8') === electronVersion)
    return binding;

  rmSync(dir, { recursive: true, force: true });
  // Inside the repository, so the package's own dependencies resolve from the root node_modules.
  cpSync(join(root, 'node_modules', 'better-sqlite3'), dir, {
    recursive: true,
    filter: (source) => !source.includes(`${join('better-sqlite3', 'build')}`),
  });
  const result = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'install'], {
    cwd: dir,
    encoding: 'utf8',
    env: {
      ...process.env,
      npm_config_runtime: 'electron',
      npm_config_target: electronVersion,
      npm_config_disturl: 'https://electronjs.org/headers',
    },
  });
  if (result.status !== 0 || !existsSync(binding)) {
    throw new Error(
      `Building better-sqlite3 for Electron ${electronVersion} failed:\n${result.stdout}\n${result.stderr}`,
    );
  }
  writeFileSync(marker, electronVersion);
  return binding;
}
