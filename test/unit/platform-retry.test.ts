import fc from 'fast-check';
import { runs } from '../helpers/property-runs';
import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  parseRateLimitHeaders,
  parseRetryAfter,
  shouldRetry,
  type AttemptOutcome,
} from '../../src/main/core/platform/retry';

const status = (code: number): AttemptOutcome => ({ kind: 'status', status: code });
const NOW = Date.UTC(2026, 10, 2, 9, 0, 0);

describe('retry policy', () => {
  it('retries safe requests on 429, 5xx (incl. empty 502/504), network errors and timeouts', () => {
    for (const outcome of [
      status(429),
      status(500),
      status(502),
      status(503),
      status(504),
      { kind: 'network' } as const,
      { kind: 'timeout' } as const,
    ])
      expect(shouldRetry('safe', outcome, 0, 3)).toBe(true);
  });

  it('never retries other 4xx, unusable answers, or beyond maxRetries', () => {
    for (const code of [400, 401, 403, 404, 405, 409, 413, 422])
      expect(shouldRetry('safe', status(code), 0, 3)).toBe(false);
    expect(shouldRetry('safe', { kind: 'fatal' }, 0, 3)).toBe(false);
    expect(shouldRetry('safe', status(503), 2, 3)).toBe(true);
    expect(shouldRetry('safe', status(503), 3, 3)).toBe(false);
    expect(shouldRetry('safe', status(503), 0, 0)).toBe(false);
  });

  it('never retries a "never" request, whatever happened', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 100, max: 599 }).map(status),
          fc.constantFrom<AttemptOutcome>({ kind: 'network' }, { kind: 'timeout' }, { kind: 'fatal' }),
        ),
        fc.nat(10),
        fc.nat(10),
        (outcome, attempt, maxRetries) => {
          expect(shouldRetry('never', outcome, attempt, maxRetries)).toBe(false);
        },
      ),
      runs(500),
    );
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('7', NOW)).toBe(7000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
    expect(parseRetryAfter(new Date(NOW + 30_000).toUTCString(), NOW)).toBe(30_000);
    expect(parseRetryAfter(new Date(NOW - 30_000).toUTCString(), NOW)).toBe(0);
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter('-3', NOW)).toBeUndefined();
    expect(parseRetryAfter('1.5', NOW)).toBeUndefined();
  });

  it('reads the rate-limit headers', () => {
    expect(parseRateLimitHeaders({ 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0' })).toEqual({
      limit: 60,
      remaining: 0,
    });
    expect(parseRateLimitHeaders({ 'x-ratelimit-limit': 'lots' })).toEqual({
      limit: undefined,
      remaining: undefined,
    });
  });

  it('honours Retry-After exactly when present, even beyond the backoff cap', () => {
    expect(backoffDelay(0, 100, 1000, () => 0.5, '7', undefined, NOW)).toBe(7000);
    expect(
      backoffDelay(3, 100, 1000, () => 0.5, new Date(NOW + 4000).toUTCString(), { remaining: 0 }, NOW),
    ).toBe(4000);
  });

  it('waits out the 60 s window when the platform says none are left and gives no Retry-After', () => {
    const delay = backoffDelay(0, 100, 1000, () => 0.5, undefined, { limit: 60, remaining: 0 }, NOW);
    expect(delay).toBe(60_050);
    expect(backoffDelay(0, 100_000, 1000, () => 0.99, undefined, { remaining: 0 }, NOW)).toBe(120_000);
  });

  it('otherwise backs off exponentially with full jitter, capped', () => {
    expect(backoffDelay(0, 100, 10_000, () => 0.999)).toBe(99);
    expect(backoffDelay(3, 100, 10_000, () => 0.5)).toBe(400);
    expect(backoffDelay(10, 100, 10_000, () => 0.5)).toBe(5000);
    expect(backoffDelay(2, 100, 10_000, () => 0, undefined, { remaining: 5 })).toBe(0);
    fc.assert(
      fc.property(
        fc.nat(60),
        fc.integer({ min: 1, max: 5000 }),
        fc.double({ min: 0, max: 0.999999, noNaN: true }),
        (attempt, base, r) => {
          const delay = backoffDelay(attempt, base, 30_000, () => r);
          expect(delay).toBeGreaterThanOrEqual(0);
          expect(delay).toBeLessThan(Math.min(30_000, base * 2 ** attempt));
        },
      ),
      runs(500),
    );
  });
});
