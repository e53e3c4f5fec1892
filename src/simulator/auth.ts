/**
 * HMAC-SHA256 request authentication as the platform does it (platform-notes.md, "Authentication").
 * Pure functions: the server passes in the headers, the signed parameters and the platform's clock
 * (the one that also stamps every time the simulator writes: context.ts).
 * Failures: client IP not allow-listed 401/210; unknown API key 404/434; a missing key, timestamp or
 * signature, a timestamp out of window or a signature that does not match 401/434.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const API_PREFIX = '/api/v2/';

/** The endpoint name of a path: "/api/v2/float/transfer-requests" → "float-transfer-requests". */
export function endpointName(path: string): string {
  const rest = path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) : path.replace(/^\/+/, '');
  return rest.replace(/\/+$/, '').replaceAll('/', '-');
}

export interface SignedParts {
  apiKey: string;
  method: string;
  endpoint: string;
  /** In order: GET → [brand]; POST/DELETE → [client_request_id, brand]. Absent (or empty) ones are left out. */
  params: ReadonlyArray<string | undefined>;
  timestamp: string;
}

export function stringToSign(parts: SignedParts): string {
  const params = parts.params.filter((param): param is string => param !== undefined && param !== '');
  return [parts.apiKey, parts.method.toUpperCase(), parts.endpoint, ...params, parts.timestamp].join('-');
}

export function sign(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

/** Compares in time independent of where the strings differ; different lengths still cost one compare. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) {
    timingSafeEqual(right, right);
    return false;
  }
  return timingSafeEqual(left, right);
}

export interface AuthInput {
  headers: Readonly<Record<string, string | string[] | undefined>>;
  method: string;
  path: string;
  /** Values of the signed parameters, read by the server from the query (GET) or the body (POST/DELETE). */
  params: { brand?: string; clientRequestId?: string };
  remoteAddress: string | undefined;
}

export interface AuthConfig {
  apiKey: string;
  apiSecret: string;
  timestampSkewMs: number;
  allowedIps: readonly string[];
  /** The platform's clock, epoch ms: the Timestamp must be within timestampSkewMs of it. */
  clock: () => number;
  /** A fault that makes every Timestamp look out of window. */
  forceSkew?: boolean;
}

export type AuthResult =
  { ok: true } | { ok: false; httpStatus: 401 | 404; code: '210' | '434'; message: string };

function header(headers: AuthInput['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

const denied = (message: string): AuthResult => ({ ok: false, httpStatus: 401, code: '434', message });

export function authenticate(input: AuthInput, config: AuthConfig): AuthResult {
  if (input.remoteAddress === undefined || !config.allowedIps.includes(input.remoteAddress))
    return { ok: false, httpStatus: 401, code: '210', message: 'Client IP address is not allowed' };

  const apiKey = header(input.headers, 'API-Key');
  if (apiKey === undefined || apiKey === '')
    return denied('Authentication failed: the API-Key header is missing');
  // An API key the platform cannot find is "not found": 434 with HTTP 404. Every other failure is 401.
  if (!constantTimeEqual(apiKey, config.apiKey))
    return { ok: false, httpStatus: 404, code: '434', message: 'Authentication failed: unknown API key' };

  const timestamp = header(input.headers, 'Timestamp');
  if (timestamp === undefined || timestamp === '')
    return denied('Authentication failed: the Timestamp header is missing');
  if (!/^\d{1,16}$/.test(timestamp))
    return denied('Authentication failed: Timestamp must be Unix epoch milliseconds');
  const skew = Math.abs(config.clock() - Number(timestamp));
  if (config.forceSkew === true || skew > config.timestampSkewMs)
    return denied('Authentication failed: Timestamp is outside the allowed window');

  const signature = header(input.headers, 'Signature');
  if (signature === undefined || signature === '')
    return denied('Authentication failed: the Signature header is missing');
  const method = input.method.toUpperCase();
  const params = method === 'GET' ? [input.params.brand] : [input.params.clientRequestId, input.params.brand];
  const expected = sign(
    config.apiSecret,
    stringToSign({ apiKey, method, endpoint: endpointName(input.path), params, timestamp }),
  );
  if (!constantTimeEqual(signature, expected))
    return denied('Authentication failed: the Signature does not match the request');
  return { ok: true };
}
