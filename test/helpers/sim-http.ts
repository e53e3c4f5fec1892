/**
 * A tiny signed HTTP client for simulator tests, written from platform-notes.md alone: it imports
 * neither the app's platform client nor the simulator's auth code, so a signing mistake on either
 * side shows up as a failing test.
 */
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';

export interface SimTarget {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  /**
   * The platform's clock, when the target has one (a running simulator does): calls sign with it, as
   * a client whose clock is right would. Without it, with this computer's clock.
   */
  now?: () => number;
}

export interface CallOptions {
  query?: Record<string, string>;
  /** A raw JSON string is sent as is (exact number literals); an object goes through JSON.stringify. */
  body?: string | Record<string, unknown>;
  /** Signed body parameters when `body` is a raw string. */
  signed?: { client_request_id?: string; brand?: string };
  timestamp?: string;
  apiKey?: string;
  apiSecret?: string;
  signature?: string;
  headers?: Record<string, string>;
  unsigned?: boolean;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  bytes: Buffer;
  json: () => Record<string, unknown> & { code?: string; status?: string; data?: unknown; message?: string };
}

export function signature(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

export function signedHeaders(
  target: SimTarget,
  method: string,
  path: string,
  options: CallOptions,
): Record<string, string> {
  const endpoint = path.replace(/^\//, '').replaceAll('/', '-');
  const timestamp = options.timestamp ?? String(target.now?.() ?? Date.now());
  const key = options.apiKey ?? target.apiKey;
  const params: string[] = [];
  if (method === 'GET') {
    if (options.query?.brand) params.push(options.query.brand);
  } else {
    const body = typeof options.body === 'object' ? options.body : (options.signed ?? {});
    for (const name of ['client_request_id', 'brand']) {
      const value = (body as Record<string, unknown>)[name];
      if (typeof value === 'string' && value !== '') params.push(value);
    }
  }
  const text = [key, method, endpoint, ...params, timestamp].join('-');
  return {
    'API-Key': key,
    Timestamp: timestamp,
    Signature: options.signature ?? signature(options.apiSecret ?? target.apiSecret, text),
    Accept: 'application/json',
  };
}

/** One signed call; `path` is relative to the base URL ("/check-floats"). */
export async function call(
  target: SimTarget,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const url = new URL(target.baseUrl + path);
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
  const headers: Record<string, string> = options.unsigned
    ? {}
    : signedHeaders(target, method, path, options);
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  Object.assign(headers, options.headers);
  const response = await fetch(url, { method, headers, body });
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString('utf8');
  return { status: response.status, headers: response.headers, text, bytes, json: () => JSON.parse(text) };
}

/** Admin API call (no signing). */
export async function admin(
  target: SimTarget,
  method: string,
  path: string,
  body?: unknown,
): Promise<CallResult> {
  const origin = new URL(target.baseUrl).origin;
  const response = await fetch(`${origin}/__admin${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString('utf8');
  return { status: response.status, headers: response.headers, text, bytes, json: () => JSON.parse(text) };
}

export interface RawResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  received: Buffer;
  /** How the body ended: 'complete', 'aborted' (socket closed early) or 'timeout' (nothing more came). */
  ending: 'complete' | 'aborted' | 'timeout';
}

/** A signed GET over node:http that reports how the body ended (for truncated and stalled bodies). */
export function rawGet(target: SimTarget, path: string, timeoutMs: number): Promise<RawResult> {
  const url = new URL(target.baseUrl + path);
  const headers = signedHeaders(target, 'GET', path, {});
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let settled = false;
      const done = (ending: RawResult['ending']): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          received: Buffer.concat(chunks),
          ending,
        });
        req.destroy();
      };
      const timer = setTimeout(() => done('timeout'), timeoutMs);
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done('complete'));
      res.on('aborted', () => done('aborted'));
      res.on('error', () => done('aborted'));
      res.on('close', () => done(res.complete ? 'complete' : 'aborted'));
    });
    req.on('error', reject);
    req.end();
  });
}
