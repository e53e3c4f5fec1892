/**
 * A private PostgreSQL server for a test: `initdb` into a temporary folder and `pg_ctl start` on a
 * free loopback port (as the `postgres` user when the tests run as root), stopped and removed
 * afterwards. The machine's own cluster is never used or changed. Logins use SCRAM passwords.
 * Nothing of FloatDesk's sources is imported here, so the end-to-end tests can start one too.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface PostgresServer {
  host: string;
  port: number;
  /** The superuser that made the cluster (the team's first admin in tests). */
  admin: { user: string; password: string };
  /** A connection URL (no password: it is passed apart, as FloatDesk does). */
  url(user: string, database?: string): string;
  /** Run SQL as the cluster's superuser, in `database`. */
  sql(text: string, database?: string): Promise<pg.QueryResult>;
  /** A login role with a SCRAM password. */
  createLogin(user: string, password: string): Promise<void>;
  createDatabase(name: string): Promise<void>;
  /** Stop the server (a restart test starts it again). */
  stop(): void;
  start(): void;
  /** Stop it and delete its folder. */
  remove(): void;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb'))) return bin;
  }
  throw new Error('PostgreSQL is not installed: apt-get install postgresql (see .ci/run).');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function postgresUid(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

function run(bin: string, args: string[]): void {
  const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  execFileSync(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The password tests give a person's login: `<login>-pass`. */
export function loginPassword(login: string): string {
  return `${login}-pass`;
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'floatdesk-pg-'));
  chmodSync(dir, 0o700);
  if (asRoot) {
    const { uid, gid } = postgresUid();
    chownSync(dir, uid, gid);
  }
  const admin = { user: 'team_admin', password: `admin-${process.pid}-${Date.now()}` };
  const pwfile = join(dir, 'pwfile');
  writeFileSync(pwfile, `${admin.password}\n`, { mode: 0o600 });
  if (asRoot) {
    const { uid, gid } = postgresUid();
    chownSync(pwfile, uid, gid);
  }
  const data = join(dir, 'data');
  run(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    admin.user,
    '--auth=scram-sha-256',
    `--pwfile=${pwfile}`,
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  const port = await freePort();
  const host = '127.0.0.1';
  const start = (): void =>
    run(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=${host}`,
      'start',
    ]);
  const stop = (): void => {
    try {
      run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
    } catch {
      // Already stopped.
    }
  };
  start();
  const sql = async (text: string, database = 'postgres'): Promise<pg.QueryResult> => {
    const client = new pg.Client({ host, port, user: admin.user, password: admin.password, database });
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  };
  return {
    host,
    port,
    admin,
    url: (user, database = 'postgres') =>
      `postgres://${encodeURIComponent(user)}@${host}:${port}/${database}`,
    sql,
    createLogin: async (user, password) => {
      await sql(`CREATE ROLE "${user}" LOGIN PASSWORD '${password.replace(/'/g, "''")}'`);
    },
    createDatabase: async (name) => {
      await sql(`CREATE DATABASE "${name}"`);
    },
    start,
    stop,
    remove: () => {
      stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
