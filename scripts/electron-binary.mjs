import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

function installedElectronDir() {
  try {
    return dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return null;
  }
}

/**
 * Path of the installed Electron binary, or null. Never `require('electron')` to find out: with no
 * binary that starts a download, which fails offline.
 */
export function electronBinaryPath(packageDir = installedElectronDir()) {
  if (!packageDir) return null;
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const relative = readFileSync(pathFile, 'utf8').trim();
  if (!relative) return null;
  const binary = join(packageDir, 'dist', relative);
  return existsSync(binary) ? binary : null;
}
