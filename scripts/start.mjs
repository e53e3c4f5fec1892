// `npm start`: Electron when its binary is installed, otherwise the browser shell (same core, same UI).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronBinaryPath } from './electron-binary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const binary = electronBinaryPath();

const child = binary
  ? spawn(binary, [root, ...args], { stdio: 'inherit' })
  : (console.log(
      'Electron is not installed on this machine (its binary could not be downloaded): starting the browser shell instead.',
    ),
    spawn(process.execPath, [join(root, 'out/cli/floatdesk.js'), 'serve', ...args], { stdio: 'inherit' }));

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
