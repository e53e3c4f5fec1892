/**
 * Faults on demand, plus the real rate limiter. A fault applies to requests whose path (relative to
 * /api/v2, e.g. "/brands") starts with its `path` prefix, for its next `count` matches (absent: until
 * cleared). Gateway faults (error, rate-limit, timestamp-skew, and wrong-content-type with status 503:
 * an HTML maintenance page) answer instead of the endpoint; body faults (truncate, stall,
 * wrong-content-type with status 200, malformed-json) corrupt the endpoint's real answer, so
 * the state change behind a POST has happened even though the client never sees a clean answer.
 * `exception` makes the endpoint itself throw an unexpected error after routing and authentication:
 * the answer comes from the server's catch-all, 500 code 999.
 */
import type { ServerResponse } from 'node:http';
import { JsonNumber } from './json';
import { isObject, type Parsed } from './body';
import { bodyBytes, failure, writeWhole, type SimResponse } from './http';
import { PLATFORM_CODES } from '../shared/domain/platform';

export const FAULT_KINDS = [
  'latency',
  'error',
  'rate-limit',
  'truncate',
  'stall',
  'wrong-content-type',
  'malformed-json',
  'timestamp-skew',
  'exception',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultSpec {
  kind: FaultKind;
  /** Path prefix relative to /api/v2 ("/float" matches both float endpoints); absent: every path. */
  path?: string;
  /** How many matching requests it affects; absent: until cleared. */
  count?: number;
  /** latency: added delay in ms. */
  ms?: number;
  /**
   * error: 500 (code 600) or 503 (code 602) with a body; 502 or 504 with no body.
   * wrong-content-type: 200 (default: the endpoint ran, its answer replaced by an HTML page) or 503
   * (an HTML maintenance page instead of the endpoint).
   */
  status?: 200 | 500 | 502 | 503 | 504;
  /** error with a body (500 or 503): the platform code, one of 600, 602, 603, 604. */
  code?: ErrorFaultCode;
  /** rate-limit: Retry-After in seconds; absent: no Retry-After header. */
  retryAfter?: number;
}

interface ActiveFault extends FaultSpec {
  remaining: number | null;
}

export interface FaultDecision {
  latencyMs: number;
  /** The one non-latency fault this request gets, if any. */
  fault: FaultSpec | undefined;
  /** The real limiter's verdict. */
  overLimit: boolean;
  rateHeaders: Record<string, string>;
}

const WINDOW_MS = 60_000;
const ERROR_STATUSES = [500, 502, 503, 504];
const ERROR_CODES = ['600', '602', '603', '604'] as const;
export type ErrorFaultCode = (typeof ERROR_CODES)[number];
const ERROR_MESSAGES: Record<ErrorFaultCode, string> = {
  '600': 'Internal server error',
  '602': 'The service is down for maintenance',
  '603': 'The card processor returned an error',
  '604': 'The health check failed',
};

function normalisePath(path: string | undefined): string | undefined {
  if (path === undefined || path === '' || path === '/') return undefined;
  const relative = path.startsWith('/api/v2') ? path.slice('/api/v2'.length) : path;
  return relative.startsWith('/') ? relative : `/${relative}`;
}

export function validateFault(spec: FaultSpec): FaultSpec {
  if (!(FAULT_KINDS as readonly string[]).includes(spec.kind))
    throw new RangeError(`Unknown fault kind: ${spec.kind}`);
  if (spec.count !== undefined && !(Number.isInteger(spec.count) && spec.count >= 1))
    throw new RangeError('Fault count must be a whole number ≥ 1');
  if (spec.kind === 'latency' && !(typeof spec.ms === 'number' && spec.ms >= 0 && spec.ms <= 600_000))
    throw new RangeError('A latency fault needs ms between 0 and 600000');
  if (spec.kind === 'error' && spec.status !== undefined && !ERROR_STATUSES.includes(spec.status))
    throw new RangeError('An error fault status must be 500, 502, 503 or 504');
  if (
    spec.kind === 'wrong-content-type' &&
    spec.status !== undefined &&
    spec.status !== 200 &&
    spec.status !== 503
  )
    throw new RangeError('A wrong-content-type fault status must be 200 or 503');
  if (spec.code !== undefined) {
    if (spec.kind !== 'error' || spec.status === 502 || spec.status === 504)
      throw new RangeError('Only an error fault with status 500 or 503 takes a code');
    if (!(ERROR_CODES as readonly string[]).includes(spec.code))
      throw new RangeError(`An error fault code must be one of ${ERROR_CODES.join(', ')}`);
  }
  if (spec.retryAfter !== undefined && !(Number.isInteger(spec.retryAfter) && spec.retryAfter >= 0))
    throw new RangeError('retryAfter must be a whole number of seconds');
  const path = normalisePath(spec.path);
  return { ...spec, ...(path === undefined ? { path: undefined } : { path }) };
}

export class FaultController {
  private faults: ActiveFault[] = [];
  private windowStart = Number.NEGATIVE_INFINITY;
  private used = 0;

  constructor(
    private limit: number,
    private readonly wallClock: () => number,
    initial: readonly FaultSpec[] = [],
  ) {
    for (const spec of initial) this.add(spec);
  }

  add(spec: FaultSpec): void {
    const valid = validateFault(spec);
    this.faults.push({ ...valid, remaining: valid.count ?? null });
  }

  clear(): void {
    this.faults = [];
  }

  list(): Array<FaultSpec & { remaining: number | null }> {
    return this.faults.map((fault) => ({ ...fault }));
  }

  get rateLimit(): number {
    return this.limit;
  }

  setRateLimit(limit: number): void {
    if (!(Number.isInteger(limit) && limit >= 1))
      throw new RangeError('rateLimit must be a whole number ≥ 1');
    this.limit = limit;
  }

  /** Start a fresh rate-limit window now. */
  resetWindow(): void {
    this.windowStart = Number.NEGATIVE_INFINITY;
    this.used = 0;
  }

  /** Once per API request: count it against the window and consume the faults that match its path. */
  take(path: string): FaultDecision {
    const now = this.wallClock();
    if (now - this.windowStart >= WINDOW_MS) {
      this.windowStart = now;
      this.used = 0;
    }
    this.used++;
    const overLimit = this.used > this.limit;
    const rateHeaders = {
      'X-RateLimit-Limit': String(this.limit),
      'X-RateLimit-Remaining': String(Math.max(0, this.limit - this.used)),
    };
    const relative = normalisePath(path) ?? '/';
    let latencyMs = 0;
    let fault: FaultSpec | undefined;
    for (const active of this.faults) {
      if (active.path !== undefined && !relative.startsWith(active.path)) continue;
      if (active.kind === 'latency') latencyMs += active.ms ?? 0;
      else if (fault === undefined) fault = active;
      else continue;
      if (active.remaining !== null) active.remaining--;
    }
    this.faults = this.faults.filter((active) => active.remaining === null || active.remaining > 0);
    return { latencyMs, fault, overLimit, rateHeaders };
  }
}

const HTML_PAGE = Buffer.from(
  '<!DOCTYPE html>\n<html><head><title>Service notice</title></head>' +
    '<body><h1>We will be back soon</h1><p>The service is temporarily unavailable.</p></body></html>\n',
  'utf8',
);

/** The answer a gateway fault gives instead of the endpoint, or undefined for body faults. */
export function gatewayAnswer(fault: FaultSpec): SimResponse | undefined {
  if (fault.kind === 'error') {
    const status = fault.status ?? 500;
    if (status === 502 || status === 504) return { status, headers: {}, body: null };
    const code = fault.code ?? (status === 503 ? PLATFORM_CODES.maintenance : PLATFORM_CODES.internal);
    return failure(status === 503 ? 503 : 500, code, ERROR_MESSAGES[code]);
  }
  if (fault.kind === 'wrong-content-type' && fault.status === 503) {
    // A maintenance page from in front of the platform: the endpoint never ran.
    return { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: HTML_PAGE };
  }
  if (fault.kind === 'rate-limit') {
    const answer = failure(429, PLATFORM_CODES.rateLimited, 'Too many requests');
    if (fault.retryAfter !== undefined) answer.headers['Retry-After'] = String(fault.retryAfter);
    return answer;
  }
  return undefined;
}

/** Write an answer to the socket, corrupted by a body fault when there is one. */
export function deliver(res: ServerResponse, answer: SimResponse, fault: FaultSpec | undefined): void {
  const kind = fault?.kind;
  const headers: Record<string, string | number> = { ...answer.headers };
  if (kind !== 'wrong-content-type' && kind !== 'malformed-json' && kind !== 'truncate' && kind !== 'stall')
    return writeWhole(res, answer.status, headers, answer.body);
  let status = answer.status;
  let body = bodyBytes(answer.body);
  if (kind === 'wrong-content-type') {
    status = 200;
    body = HTML_PAGE;
    headers['Content-Type'] = 'text/html; charset=utf-8';
  } else if (kind === 'malformed-json') {
    status = 200;
    const text = body.toString('utf8');
    // The last closing brace becomes a comma: no JSON parser takes it.
    body = Buffer.from(`${text.slice(0, Math.max(0, text.length - 1))},`, 'utf8');
    headers['Content-Type'] = 'application/json; charset=utf-8';
  }
  if (kind === 'truncate' || kind === 'stall') {
    // Announce the full length, send only part of it.
    headers['Content-Length'] = body.length;
    const part = body.subarray(0, Math.floor(body.length / 2));
    res.writeHead(status, headers);
    if (kind === 'truncate') res.write(part, () => res.socket?.end());
    else res.write(part); // ... and never finish: the socket stays open until the client gives up.
    return;
  }
  writeWhole(res, status, headers, body);
}

/** A FaultSpec from admin JSON ({kind, path?, count?, ms?, status?, retry_after?}). */
export function faultFromJson(value: Parsed): FaultSpec {
  if (!isObject(value)) throw new RangeError('A fault must be a JSON object');
  const text = (key: string): string | undefined => {
    const item = value[key];
    return typeof item === 'string' ? item : undefined;
  };
  const number = (key: string): number | undefined => {
    const item = value[key];
    return item instanceof JsonNumber ? Number(item.text) : undefined;
  };
  const spec: FaultSpec = { kind: (text('kind') ?? '') as FaultKind };
  const path = text('path');
  const count = number('count');
  const ms = number('ms');
  const status = number('status');
  const code = text('code');
  const retryAfter = number('retry_after') ?? number('retryAfter');
  if (path !== undefined) spec.path = path;
  if (count !== undefined) spec.count = count;
  if (ms !== undefined) spec.ms = ms;
  if (status !== undefined) spec.status = status as FaultSpec['status'];
  if (code !== undefined) spec.code = code as ErrorFaultCode;
  if (retryAfter !== undefined) spec.retryAfter = retryAfter;
  return validateFault(spec);
}
