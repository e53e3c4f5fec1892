// `npm start`: Electron when its binary is installed, otherwise the browser shell (same core, same UI).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { electronBinaryPath } from './electron-binary.mjs';
import { ensureElectronBinding } from './electron-native.mjs';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2);

function electronLaunch() {
  const binary = electronBinaryPath();
  if (!binary) {
    console.log(
      'Electron is not installed on this machine (its binary could not be downloaded): starting the browser shell instead.',
    );
    return null;
  }
  const version = JSON.parse(
    readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8'),
  ).version;
  try {
    ensureElectronBinding(root, version);
  } catch (error) {
    console.log(
      `better-sqlite3 could not be built for Electron ${version}: starting the browser shell instead.`,
    );
    console.error(String(error));
    return null;
  }
  return spawn(binary, [root, ...args], { stdio: 'inherit' });
}

const child =
  electronLaunch() ??
  spawn(process.execPath, [join(root, 'out/cli/floatdesk.js'), 'serve', ...args], { stdio: 'inherit' });

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
