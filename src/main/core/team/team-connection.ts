/**
 * One connection to the team database as one person: the URL names the server, the database and
 * the login (with `sslmode=verify-full` and `sslrootcert=` when the server uses TLS); the password
 * is given apart and never put in the URL, a log or a workspace file.
 */
import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import pg from 'pg';
import { invalidInput } from '../../../shared/ipc/errors';
import { teamError } from './team-errors';

export interface TeamLogin {
  /** postgres://login@host:port/database[?sslmode=verify-full&sslrootcert=/path] */
  url: string;
  password: string;
}

const CONNECT_TIMEOUT_MS = 5_000;

/** Where a URL points, for messages: login@host:port/database, never a password. */
export function teamWhere(url: string): string {
  try {
    const parsed = new URL(url);
    const login = decodeURIComponent(parsed.username);
    return `${login ? `${login}@` : ''}${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
  } catch {
    return 'the team database';
  }
}

export function checkTeamUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalidInput('team database', [{ field: 'database', problem: 'is not a postgres:// URL' }]);
  }
  const problems: { field: string; problem: string }[] = [];
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:')
    problems.push({ field: 'database', problem: 'must start with postgres://' });
  if (parsed.password !== '')
    problems.push({
      field: 'database',
      problem: 'must not hold the password: give it apart (FLOATDESK_TEAM_PASSWORD or the prompt)',
    });
  if (decodeURIComponent(parsed.username) === '')
    problems.push({ field: 'database', problem: 'names no login (postgres://login@host/database)' });
  if (parsed.pathname.length <= 1)
    problems.push({ field: 'database', problem: 'names no database (postgres://login@host/database)' });
  if (problems.length > 0) throw invalidInput('team database', problems);
  return parsed;
}

/** TLS as libpq's sslmode says: verify-full checks the certificate and the host name. */
function tlsOf(url: URL): false | ConnectionOptions {
  const mode = url.searchParams.get('sslmode') ?? 'disable';
  const rootCert = url.searchParams.get('sslrootcert');
  const ca = rootCert === null ? {} : { ca: readFileSync(rootCert, 'utf8') };
  switch (mode) {
    case 'disable':
      return false;
    case 'require':
      return { rejectUnauthorized: false };
    case 'verify-ca':
      return { ...ca, checkServerIdentity: () => undefined };
    case 'verify-full':
      return { ...ca };
    default:
      throw invalidInput('team database', [
        {
          field: 'database',
          problem: `sslmode=${mode} is not one of disable, require, verify-ca, verify-full`,
        },
      ]);
  }
}

export async function connectTeam(login: TeamLogin): Promise<pg.Client> {
  const url = checkTeamUrl(login.url);
  // The URL is taken apart here: given whole to pg, its missing password would replace the one given.
  const client = new pg.Client({
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? 5432 : Number(url.port),
    database: decodeURIComponent(url.pathname.slice(1)),
    user: decodeURIComponent(url.username),
    password: login.password,
    ssl: tlsOf(url),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'FloatDesk',
  });
  // A connection lost later is said by the call that meets it; without a listener it would crash the core.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw teamError(error, teamWhere(login.url));
  }
  return client;
}
