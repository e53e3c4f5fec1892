/**
 * Retry policy, pure: whether an attempt that failed may be repeated, and how long to wait first.
 * Only 'safe' requests are ever retried, and only on 429, 5xx, network errors and timeouts; a
 * 'never' request (a top-up) is sent exactly once, whatever happens.
 */

/** What one attempt came to, as far as retrying is concerned. */
export type AttemptOutcome =
  | { kind: 'status'; status: number }
  /** No usable answer: connection refused/reset, DNS, the body cut off. */
  | { kind: 'network' }
  | { kind: 'timeout' }
  /** An answer that cannot be used (wrong content type, too large, ...): retrying will not help. */
  | { kind: 'fatal' };

export interface RateLimitHeaders {
  limit?: number | undefined;
  remaining?: number | undefined;
}

/** The platform's rate-limit window (platform-notes.md). */
export const RATE_LIMIT_WINDOW_MS = 60_000;
/** A server-requested wait longer than this is not waited out: the error goes to the user instead. */
export const MAX_HONOURED_WAIT_MS = 120_000;

export function isRetryableOutcome(outcome: AttemptOutcome): boolean {
  if (outcome.kind === 'network' || outcome.kind === 'timeout') return true;
  if (outcome.kind === 'status')
    return outcome.status === 429 || (outcome.status >= 500 && outcome.status <= 599);
  return false;
}

/**
 * Whether to make another attempt after `attempt` (0 for the first) ended with `outcome`.
 * `maxRetries` counts retries, so at most maxRetries + 1 attempts are made.
 */
export function shouldRetry(
  retry: 'safe' | 'never',
  outcome: AttemptOutcome,
  attempt: number,
  maxRetries: number,
): boolean {
  if (retry !== 'safe') return false;
  if (attempt >= maxRetries) return false;
  return isRetryableOutcome(outcome);
}

/**
 * Retry-After as milliseconds from `nowMs`: delta-seconds ("7") or an HTTP date. Undefined when
 * absent or unreadable; a date in the past gives 0.
 */
export function parseRetryAfter(header: string | undefined, nowMs: number): number | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  if (!/[a-z]/i.test(value)) return undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/** X-RateLimit-Limit / X-RateLimit-Remaining, when present and whole numbers. */
export function parseRateLimitHeaders(headers: Readonly<Record<string, string>>): RateLimitHeaders {
  const read = (name: string): number | undefined => {
    const value = headers[name]?.trim();
    return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
  };
  return { limit: read('x-ratelimit-limit'), remaining: read('x-ratelimit-remaining') };
}

/**
 * How long to wait before retry number `attempt + 1`:
 *  1. Retry-After, when present (seconds or HTTP date), exactly as asked;
 *  2. else, when the rate-limit headers say the window is used up (remaining 0), a whole window
 *     plus jitter — the platform's window may just have started;
 *  3. else exponential backoff with full jitter: random × min(max, base × 2^attempt).
 * The result may exceed MAX_HONOURED_WAIT_MS; the caller then gives up instead of waiting.
 */
export function backoffDelay(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random: () => number,
  retryAfterHeader?: string,
  rateLimitHeaders?: RateLimitHeaders,
  nowMs: number = Date.now(),
): number {
  const asked = parseRetryAfter(retryAfterHeader, nowMs);
  if (asked !== undefined) return asked;
  if (rateLimitHeaders?.remaining === 0)
    return Math.min(MAX_HONOURED_WAIT_MS, RATE_LIMIT_WINDOW_MS + Math.floor(random() * baseMs));
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.floor(random() * ceiling);
}
