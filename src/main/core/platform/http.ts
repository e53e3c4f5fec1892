/**
 * The transport: the app's only network code. One signed HTTP exchange per attempt (each attempt
 * signed afresh with its own Timestamp), timeouts, a response size cap, status and content-type
 * checks, error envelopes mapped through errors.ts, retries of 'safe' requests per retry.ts, and the
 * client-side rate limiter.
 *
 * Cancellation: when `request.signal` aborts — during a rate-limit wait, a backoff wait or the
 * exchange itself — `send` rejects with `signal.reason` unchanged (a DOMException named 'AbortError'
 * for a plain `controller.abort()`), never with an AppError, so callers can tell "the user
 * cancelled" from "the platform failed". `isCancellation(error, signal)` tests for it.
 */
import { Agent, type Dispatcher } from 'undici';
import { AppError } from '../../../shared/ipc/errors';
import { readErrorEnvelope } from './envelope-errors';
import { discard, readText, saveToFile, type BodyLimits } from './http-body';
import { malformedResponse, networkError, platformError, type RequestContext } from './errors';
import { abortableSleep, RateLimiter } from './rate-limiter';
import {
  backoffDelay,
  MAX_HONOURED_WAIT_MS,
  parseRateLimitHeaders,
  parseRetryAfter,
  shouldRetry,
  type AttemptOutcome,
} from './retry';
import { signatureHeaders } from './signer';
import type { PlatformCredentials, PlatformRequest, PlatformResponse, TransportOptions } from './types';
import { encodeJson } from './wire';

export interface Transport {
  send(request: PlatformRequest): Promise<PlatformResponse>;
  close(): Promise<void>;
}

export const DEFAULT_TRANSPORT_OPTIONS: Readonly<TransportOptions> = {
  connectTimeoutMs: 10_000,
  headersTimeoutMs: 30_000,
  bodyTimeoutMs: 30_000,
  maxResponseBytes: 64 * 1024 * 1024,
  requestsPerMinute: 120,
  maxRetries: 4,
  baseBackoffMs: 500,
  maxBackoffMs: 30_000,
  now: () => Date.now(),
  sleep: abortableSleep,
  random: Math.random,
};

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const ZIP_TYPE = /^application\/(?:zip|x-zip-compressed|octet-stream)\s*(?:;|$)/i;

/** True when `error` is the cancellation of `signal` (what `send` rejects with on abort). */
export function isCancellation(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true && error === signal.reason;
}

/** A failed attempt: the error to report and what the retry policy needs to know. */
class AttemptFailure {
  constructor(
    readonly error: AppError,
    readonly outcome: AttemptOutcome,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}

function flatHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw))
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}

function failureOf(error: AppError): AttemptFailure {
  const kind = error.code === 'timeout' ? 'timeout' : error.code === 'offline' ? 'network' : 'fatal';
  return new AttemptFailure(error, { kind });
}

function rethrow(error: unknown): never {
  throw error instanceof AppError ? failureOf(error) : error;
}

/** Replace any secret in an error's message or details (defence in depth: none should be there). */
function withoutSecrets(error: AppError, secrets: readonly string[]): AppError {
  const words = secrets.filter((secret) => secret.length >= 4);
  const clean = (value: unknown): unknown => {
    if (typeof value === 'string')
      return words.reduce((text, word) => text.split(word).join('[redacted]'), value);
    if (Array.isArray(value)) return value.map(clean);
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, clean(item)]));
    return value;
  };
  const message = clean(error.message) as string;
  const details = clean(error.details) as Record<string, unknown> | undefined;
  return new AppError(error.code, message, details);
}

export function createTransport(
  credentials: PlatformCredentials,
  overrides: Partial<TransportOptions> & { limiter?: RateLimiter } = {},
): Transport {
  const options: TransportOptions = { ...DEFAULT_TRANSPORT_OPTIONS, ...overrides };
  const base = new URL(credentials.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const agent = new Agent({
    connect: { timeout: options.connectTimeoutMs },
    headersTimeout: options.headersTimeoutMs,
    bodyTimeout: options.bodyTimeoutMs,
  });
  const limiter =
    overrides.limiter ??
    new RateLimiter({ requestsPerMinute: options.requestsPerMinute, now: options.now, sleep: options.sleep });

  function urlPath(request: PlatformRequest): string {
    const query = Object.entries(request.query ?? {})
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
      .join('&');
    return `${basePath}/${request.path.replace(/^\/+/, '')}${query ? `?${query}` : ''}`;
  }

  const limits: BodyLimits = {
    maxBytes: options.maxResponseBytes,
    timeouts: {
      connect: options.connectTimeoutMs,
      headers: options.headersTimeoutMs,
      body: options.bodyTimeoutMs,
    },
  };

  async function attempt(
    request: PlatformRequest,
    context: RequestContext,
    secrets: string[],
  ): Promise<PlatformResponse> {
    const signed = signatureHeaders(
      credentials,
      request.method,
      request.path,
      request.signedParams,
      options.now(),
    );
    secrets.push(signed.Signature);
    const headers: Record<string, string> = {
      ...signed,
      Accept: request.expect === 'zip' ? 'application/zip' : 'application/json',
    };
    const body = request.body === undefined ? undefined : encodeJson(request.body);
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Dispatcher.ResponseData;
    try {
      response = await agent.request({
        origin: base.origin,
        path: urlPath(request),
        method: request.method,
        headers,
        body,
        signal: request.signal,
      });
    } catch (error) {
      throw failureOf(networkError(context, error, limits.timeouts));
    }
    const status = response.statusCode;
    const responseHeaders = flatHeaders(response.headers);
    limiter.observe(parseRateLimitHeaders(responseHeaders));
    const at = { ...context, httpStatus: status };
    const contentType = responseHeaders['content-type'] ?? '';
    const declared = Number(responseHeaders['content-length']);
    const tooLarge = Number.isFinite(declared) && declared > options.maxResponseBytes;

    if (status < 200 || status > 299) {
      // The envelope only improves the message: an unreadable or oversized error body still maps by status.
      if (tooLarge) discard(response.body);
      const text = tooLarge ? '' : await readText(response.body, at, limits).catch(() => '');
      const envelope = readErrorEnvelope(text);
      const retryAfterMs = parseRetryAfter(responseHeaders['retry-after'], options.now());
      const error = platformError({
        ...context,
        httpStatus: status,
        ...envelope,
        retryAfterSeconds: retryAfterMs === undefined ? undefined : retryAfterMs / 1000,
      });
      throw new AttemptFailure(error, { kind: 'status', status }, responseHeaders);
    }
    const wanted = request.expect === 'zip' ? ZIP_TYPE : JSON_TYPE;
    const problem = !wanted.test(contentType)
      ? `expected ${request.expect === 'zip' ? 'a ZIP file' : 'JSON'}, got ${contentType || 'no content type'}`
      : tooLarge
        ? `too large: ${declared} bytes, the limit is ${options.maxResponseBytes}`
        : undefined;
    if (problem !== undefined) {
      discard(response.body);
      throw new AttemptFailure(malformedResponse(at, problem, { contentType }), { kind: 'fatal' });
    }
    if (request.expect === 'zip' && request.saveTo !== undefined) {
      const bytes = await saveToFile(response.body, request.saveTo, at, limits).catch(rethrow);
      return { status, headers: responseHeaders, body: '', file: { path: request.saveTo, bytes } };
    }
    const text = await readText(response.body, at, limits).catch(rethrow);
    if (text.trim() === '')
      throw new AttemptFailure(malformedResponse(at, 'empty answer'), { kind: 'fatal' });
    if (!/^\s*[[{]/.test(text))
      throw new AttemptFailure(malformedResponse(at, 'not a JSON document'), { kind: 'fatal' });
    return { status, headers: responseHeaders, body: text };
  }

  async function send(request: PlatformRequest): Promise<PlatformResponse> {
    const { signal } = request;
    const context: RequestContext = { path: request.path, method: request.method };
    if (request.expect === 'zip' && request.saveTo === undefined)
      throw new AppError('internal', 'A ZIP download needs a file to save to.', { endpoint: request.path });
    const secrets: string[] = [credentials.apiSecret];
    for (let attemptNo = 0; ; attemptNo++) {
      signal?.throwIfAborted();
      await limiter.acquire(signal);
      try {
        return await attempt(request, context, secrets);
      } catch (thrown) {
        if (signal?.aborted) throw signal.reason;
        if (!(thrown instanceof AttemptFailure)) throw thrown;
        const { code, message, details } = thrown.error;
        const error = withoutSecrets(
          new AppError(code, message, { ...details, attempts: attemptNo + 1 }),
          secrets,
        );
        if (!shouldRetry(request.retry, thrown.outcome, attemptNo, options.maxRetries)) throw error;
        const { outcome, headers } = thrown;
        const rateLimited = outcome.kind === 'status' && outcome.status === 429;
        const delay = backoffDelay(
          attemptNo,
          options.baseBackoffMs,
          options.maxBackoffMs,
          options.random,
          headers['retry-after'],
          rateLimited ? parseRateLimitHeaders(headers) : undefined,
          options.now(),
        );
        if (delay > MAX_HONOURED_WAIT_MS) throw error;
        await options.sleep(delay, signal);
      }
    }
  }

  return { send, close: () => agent.close() };
}
