import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

/** Pure checks of the browser shell: who may talk to the core over HTTP. */

export interface RequestFacts {
  host: string | undefined;
  origin: string | undefined;
  authorization: string | undefined;
  /** The local address the connection arrived on. */
  localAddress: string | undefined;
  remoteAddress: string | undefined;
}

export interface ServerFacts {
  port: number;
  /** The session token: opens /rpc, /events and /export. */
  token: string;
  /** Derived from the session token (derivePreviewToken): opens template previews and nothing else. */
  previewToken: string;
}

export type GuardVerdict = { ok: true } | { ok: false; status: 401 | 403; reason: string };

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (plain === '::1') return true;
  return isIP(plain) === 4 && plain.startsWith('127.');
}

/** The names a browser may use for this server; anything else is a DNS-rebinding attempt. */
export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

export function allowedOrigins(port: number): string[] {
  return allowedHosts(port).map((host) => `http://${host}`);
}

function sameSecret(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer ([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  return match?.[1];
}

/** Checks that apply to every request, static files included. */
export function checkConnection(request: RequestFacts, server: ServerFacts): GuardVerdict {
  if (!isLoopbackAddress(request.localAddress) || !isLoopbackAddress(request.remoteAddress)) {
    return { ok: false, status: 403, reason: 'FloatDesk only answers on this computer (loopback).' };
  }
  if (!request.host || !allowedHosts(server.port).includes(request.host.toLowerCase())) {
    return {
      ok: false,
      status: 403,
      reason: 'Unexpected Host header: open the exact URL FloatDesk printed.',
    };
  }
  if (request.origin !== undefined && !allowedOrigins(server.port).includes(request.origin.toLowerCase())) {
    return { ok: false, status: 403, reason: 'Requests from other web pages are not allowed.' };
  }
  return { ok: true };
}

function checkToken(presented: string | undefined, expected: string, reason: string): GuardVerdict {
  if (!presented || !sameSecret(presented, expected)) return { ok: false, status: 401, reason };
  return { ok: true };
}

type RequestGuard = (request: RequestFacts, server: ServerFacts, queryToken: string | null) => GuardVerdict;

/** A guard that first applies the checks every request meets (checkConnection), then its own. */
function afterConnection(own: RequestGuard): RequestGuard {
  return (request, server, queryToken) => {
    const connection = checkConnection(request, server);
    return connection.ok ? own(request, server, queryToken) : connection;
  };
}

/**
 * RPC, event and download requests must also carry this run's session token, as a bearer header.
 * The preview token is refused outright wherever it is presented (header or query): it opens
 * previews and nothing else.
 */
export const checkApiRequest = afterConnection((request, server, queryToken) => {
  const bearer = bearerToken(request.authorization);
  if ([bearer, queryToken].some((token) => token != null && sameSecret(token, server.previewToken))) {
    return {
      ok: false,
      status: 403,
      reason: 'This token only opens template previews: open the exact URL FloatDesk printed.',
    };
  }
  return checkToken(
    bearer,
    server.token,
    'Missing or wrong access token: open the exact URL FloatDesk printed.',
  );
});

/**
 * Template previews load in an iframe, which cannot send an Authorization header: the preview-only
 * token comes as a query parameter (never the session token, which must not appear in an address;
 * never logged, and the preview sends no referrer).
 */
export const checkPreviewRequest = afterConnection((_request, server, queryToken) =>
  checkToken(
    queryToken ?? undefined,
    server.previewToken,
    'Missing or wrong preview token: open the preview from FloatDesk again.',
  ),
);
