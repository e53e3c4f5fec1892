/**
 * Client-side rate limiter, so a sync never trips the platform's per-60-second limit: a sliding
 * window log (at most `limit` request starts in any 60 s). It adapts down when the platform announces
 * a lower X-RateLimit-Limit, and counts requests the platform says were made that it did not see
 * (another program using the same key) as made just now. Clock and sleep are injected.
 *
 * The clock should be monotonic (performance.now, as the transport passes): the wall clock that signs
 * requests can be set back or forward at any time. Even so, a clock that goes back is survived: the
 * recorded starts move back with it, and no single wait is ever longer than one window.
 */
import { RATE_LIMIT_WINDOW_MS, type RateLimitHeaders } from './retry';

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RateLimiterOptions {
  requestsPerMinute: number;
  /** Milliseconds from a monotonic clock (performance.now); any origin. */
  now: () => number;
  sleep: Sleep;
  /** Default 60 000. */
  windowMs?: number;
}

/** Waits `ms`; on abort rejects with the signal's reason (unchanged) and clears the timer. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export class RateLimiter {
  private readonly starts: number[] = [];
  private currentLimit: number;
  private readonly windowMs: number;

  constructor(private readonly options: RateLimiterOptions) {
    if (!(Number.isInteger(options.requestsPerMinute) && options.requestsPerMinute >= 1))
      throw new RangeError('requestsPerMinute must be a whole number ≥ 1');
    this.currentLimit = options.requestsPerMinute;
    this.windowMs = options.windowMs ?? RATE_LIMIT_WINDOW_MS;
  }

  /** Requests allowed per window now (the configured limit, or less if the platform announced less). */
  get limit(): number {
    return this.currentLimit;
  }

  /** Requests counted in the window at `now`. */
  inWindow(now = this.options.now()): number {
    this.prune(now);
    return this.starts.length;
  }

  /** Wait until one more request may start, then count it. Rejects with signal.reason on abort. */
  async acquire(signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.options.now();
      this.prune(now);
      if (this.starts.length < this.currentLimit) {
        this.record(now);
        return;
      }
      // The start that has to leave the window before one more fits; never more than one window away.
      const blocking = this.starts[this.starts.length - this.currentLimit] ?? now;
      const wait = Math.min(this.windowMs, Math.max(1, blocking + this.windowMs - now));
      await this.options.sleep(wait, signal);
    }
  }

  /** What the platform announced on an answer. */
  observe(headers: RateLimitHeaders): void {
    const { limit, remaining } = headers;
    // The platform's announced limit is the truth, up or down: the configured value is only the
    // guess used until the first answer. Requests made by other clients of the same key show up
    // in `remaining` and are counted below.
    if (limit !== undefined && limit >= 1) this.currentLimit = limit;
    if (remaining === undefined) return;
    const now = this.options.now();
    this.prune(now);
    const ours = this.currentLimit - this.starts.length;
    for (let unseen = ours - remaining; unseen > 0; unseen--) this.record(now);
  }

  private record(now: number): void {
    const last = this.starts[this.starts.length - 1];
    this.starts.push(last !== undefined && last > now ? last : now);
  }

  private prune(now: number): void {
    // The clock went back: move every start back by as much, so the newest is now, not in the future.
    const newest = this.starts[this.starts.length - 1];
    if (newest !== undefined && newest > now) {
      const shift = newest - now;
      for (let i = 0; i < this.starts.length; i++) this.starts[i] = (this.starts[i] as number) - shift;
    }
    let expired = 0;
    while (expired < this.starts.length && (this.starts[expired] as number) <= now - this.windowMs) expired++;
    if (expired > 0) this.starts.splice(0, expired);
  }
}
