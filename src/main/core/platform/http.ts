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
 *
 * Whether a request left: each attempt notes when undici starts writing it to a connected socket
 * (`request.onSent` is called then). A network error before that point — connection refused, DNS,
 * connect timeout, cancelled while queued — carries `sent: false` in its details: the platform
 * certainly never saw the request. Anything later carries `sent: true`: it may have been acted on.
 *
 * Each attempt also has an overall deadline (requestTimeoutMs) combined with the caller's signal, so
 * an answer that trickles in a byte at a time cannot hold a request open for ever.
 */
import { Agent, type Dispatcher } from 'undici';
import { AppError } from '../../../shared/ipc/errors';
import { clockSkewError, isTimestampRefusal, measureClockOffset } from './clock-skew';
import { readErrorEnvelope } from './envelope-errors';
import { discard, readText, saveToFile, type BodyLimits } from './http-body';
import {
  malformedResponse,
  networkError,
  platformError,
  redactError,
  timeoutError,
  type RequestContext,
} from './errors';
import { abortableSleep, RateLimiter } from './rate-limiter';
import {
  backoffDelay,
  MAX_HONOURED_WAIT_MS,
  parseRateLimitHeaders,
  parseRetryAfter,
  shouldRetry,
  type AttemptOutcome,
} from './retry';
import { noticeStart } from './send-tracking';
import { signatureHeaders } from './signer';
import type { PlatformCredentials, PlatformRequest, PlatformResponse, TransportOptions } from './types';
import { encodeJson } from './wire';

export interface Transport {
  send(request: PlatformRequest): Promise<PlatformResponse>;
  close(): Promise<void>;
  /**
   * True when `send` calls `request.onSent` whenever a request starts going out (createTransport
   * does). Without it, only an error's `details.sent === false` proves a request never left.
   */
  readonly tracksSending?: boolean;
}

export const DEFAULT_TRANSPORT_OPTIONS: Readonly<TransportOptions> = {
  connectTimeoutMs: 10_000,
  headersTimeoutMs: 30_000,
  bodyTimeoutMs: 30_000,
  requestTimeoutMs: 120_000,
  maxResponseBytes: 64 * 1024 * 1024,
  requestsPerMinute: 120,
  maxRetries: 4,
  baseBackoffMs: 500,
  maxBackoffMs: 30_000,
  now: () => Date.now(),
  monotonicNow: () => performance.now(),
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
    new RateLimiter({
      requestsPerMinute: options.requestsPerMinute,
      now: options.monotonicNow,
      sleep: options.sleep,
    });

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
    const deadline = AbortSignal.timeout(options.requestTimeoutMs);
    // undici's own headers timeout runs on a coarse timer (it may fire up to a second late); this one
    // is exact, from the moment the request starts going out until the answer's headers are in.
    const headersExpired = new AbortController();
    let headersTimer: ReturnType<typeof setTimeout> | undefined;
    const signals = [deadline, headersExpired.signal, ...(request.signal ? [request.signal] : [])];
    const signal = AbortSignal.any(signals);
    let sent = false;
    /** A failure to get (all of) an answer: past a deadline it is a timeout, whatever undici said. */
    const lost = (error: unknown): AttemptFailure => {
      const cancelled = request.signal?.aborted === true;
      const mapped =
        headersExpired.signal.aborted && !cancelled
          ? timeoutError(context, 'headers', options.headersTimeoutMs)
          : deadline.aborted && !cancelled
            ? timeoutError(context, 'request', options.requestTimeoutMs)
            : networkError(context, error, limits.timeouts);
      const network = mapped.code === 'offline' || mapped.code === 'timeout';
      return failureOf(
        network ? new AppError(mapped.code, mapped.message, { ...mapped.details, sent }) : mapped,
      );
    };
    const failBody = (error: unknown): never => {
      throw lost(error);
    };
    const signedAt = options.now();
    const signed = signatureHeaders(
      credentials,
      request.method,
      request.path,
      request.signedParams,
      signedAt,
    );
    secrets.push(signed.Signature);
    const headers: Record<string, string> = {
      ...signed,
      Accept: request.expect === 'zip' ? 'application/zip' : 'application/json',
    };
    const body = request.body === undefined ? undefined : encodeJson(request.body);
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const dispatcher = agent.compose(
      noticeStart(() => {
        if (!sent) {
          headersTimer = setTimeout(() => headersExpired.abort(), options.headersTimeoutMs);
          headersTimer.unref?.();
        }
        sent = true;
        request.onSent?.();
      }),
    );
    let response: Dispatcher.ResponseData;
    try {
      response = await dispatcher.request({
        origin: base.origin,
        path: urlPath(request),
        method: request.method,
        headers,
        body,
        signal,
      });
    } catch (error) {
      throw lost(error);
    } finally {
      clearTimeout(headersTimer);
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
      const refusal = platformError({
        ...context,
        httpStatus: status,
        ...envelope,
        retryAfterSeconds: retryAfterMs === undefined ? undefined : retryAfterMs / 1000,
      });
      const error = isTimestampRefusal(envelope.platformCode, envelope.message)
        ? clockSkewError(refusal, measureClockOffset(responseHeaders.date, signedAt, options.now()))
        : refusal;
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
      const bytes = await saveToFile(response.body, request.saveTo, at, limits).catch(failBody);
      return { status, headers: responseHeaders, body: '', file: { path: request.saveTo, bytes } };
    }
    const text = await readText(response.body, at, limits).catch(failBody);
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
        const error = redactError(new AppError(code, message, { ...details, attempts: attemptNo + 1 }), {
          exact: secrets,
          loose: request.redact,
        });
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

  return { send, close: () => agent.close(), tracksSending: true };
}
