import { spawn } from 'node:child_process';
import { REPO_ROOT } from './cli';

/** Another FloatDesk-like process working on the same ledger, started with `node -e`. */
export interface LedgerChild {
  pid: number;
  output: () => string;
  /** SIGKILL (no cleanup at all, as after a crash) and wait for the process to be gone. */
  kill: () => Promise<void>;
  exited: Promise<number | null>;
}

/**
 * Runs `script` (CommonJS; better-sqlite3 resolves from the repository) in a child node process with
 * `process.argv[1..]` = args, and resolves once it prints "ready".
 */
export async function startLedgerChild(script: string, args: string[]): Promise<LedgerChild> {
  const child = spawn(process.execPath, ['-e', script, ...args], { cwd: REPO_ROOT });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`child not ready within 15 s:\n${output}`)), 15_000);
    child.stdout.on('data', () => {
      if (output.includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`child exited with ${code} before it was ready:\n${output}`));
    });
  });
  return {
    pid: child.pid!,
    output: () => output,
    exited,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Inserts a live-looking sync lock row for this child's pid; `keep-open` keeps its connection open. */
export const HOLD_SYNC_LOCK = `
const Database = require('better-sqlite3');
const db = new Database(process.argv[1]);
db.pragma('busy_timeout = 5000');
const now = new Date().toISOString();
db.prepare('INSERT INTO locks (name, owner, pid, hostname, acquired_at, heartbeat_at) VALUES (?, ?, ?, ?, ?, ?)')
  .run('sync', 'cli', process.pid, require('node:os').hostname(), now, now);
if (process.argv[2] !== 'keep-open') db.close();
console.log('ready');
setInterval(() => {}, 1000);
`;

/** Opens the ledger and keeps the connection open, doing nothing. */
export const KEEP_OPEN = `
const db = new (require('better-sqlite3'))(process.argv[1]);
db.prepare('SELECT count(*) FROM sqlite_schema').get();
console.log('ready');
setInterval(() => {}, 1000);
`;

/** Holds a write transaction (BEGIN IMMEDIATE, one uncommitted row) for argv[2] ms, then rolls back. */
export const HOLD_WRITE_TRANSACTION = `
const db = new (require('better-sqlite3'))(process.argv[1]);
db.exec('BEGIN IMMEDIATE');
db.prepare("INSERT INTO workspaces (name, kind, created_at) VALUES ('intruder', 'platform', 'now')").run();
console.log('ready');
setTimeout(() => { db.exec('ROLLBACK'); db.close(); process.exit(0); }, Number(process.argv[2]));
`;

/** Appends batches of 20 rows to writer_log, one transaction per batch, until killed. */
export const KEEP_WRITING = `
const db = new (require('better-sqlite3'))(process.argv[1]);
db.pragma('busy_timeout = 5000');
const insert = db.prepare('INSERT INTO writer_log (batch, n, pad) VALUES (?, ?, ?)');
const write = db.transaction((batch) => { for (let n = 0; n < 20; n++) insert.run(batch, n, 'x'.repeat(100)); });
let batch = 0;
write(batch++);
console.log('ready');
const tick = () => { write(batch++); setTimeout(tick, 0); };
tick();
`;
