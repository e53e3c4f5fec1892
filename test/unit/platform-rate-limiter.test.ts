import { describe, expect, it } from 'vitest';
import { abortableSleep, RateLimiter } from '../../src/main/core/platform/rate-limiter';

/** A fake clock whose sleep advances time instantly and records each wait. */
function fakeClock(start = 1_000_000) {
  const clock = {
    now: start,
    waits: [] as number[],
    sleep: async (ms: number, signal?: AbortSignal) => {
      signal?.throwIfAborted();
      clock.waits.push(ms);
      clock.now += ms;
    },
  };
  return clock;
}

function limiter(requestsPerMinute: number, clock = fakeClock()) {
  return {
    clock,
    limiter: new RateLimiter({ requestsPerMinute, now: () => clock.now, sleep: clock.sleep }),
  };
}

describe('client-side rate limiter', () => {
  it('lets the limit through at once, then waits for the oldest start to leave the window', async () => {
    const { clock, limiter: rl } = limiter(3);
    for (let i = 0; i < 3; i++) {
      await rl.acquire();
      clock.now += 1000;
    }
    expect(clock.waits).toEqual([]);
    await rl.acquire();
    // Starts at 0 s, 1 s, 2 s; now 3 s: the first leaves at 60 s.
    expect(clock.waits).toEqual([57_000]);
    expect(rl.inWindow()).toBe(3);
  });

  it('never lets more than the limit start in any 60 s (sliding window)', async () => {
    const { clock, limiter: rl } = limiter(5);
    const starts: number[] = [];
    for (let i = 0; i < 40; i++) {
      await rl.acquire();
      starts.push(clock.now);
      clock.now += 700;
    }
    for (let i = 5; i < starts.length; i++)
      expect(starts[i]! - starts[i - 5]!).toBeGreaterThanOrEqual(60_000);
  });

  it('follows the announced X-RateLimit-Limit, up or down; the configured value is only a first guess', () => {
    const { limiter: rl } = limiter(120);
    rl.observe({ limit: 1000 });
    expect(rl.limit).toBe(1000);
    rl.observe({ limit: 30 });
    expect(rl.limit).toBe(30);
    rl.observe({ limit: 0 });
    expect(rl.limit).toBe(30);
  });

  it('counts requests the platform saw that it did not (remaining lower than its own)', async () => {
    const { clock, limiter: rl } = limiter(10);
    await rl.acquire();
    rl.observe({ limit: 10, remaining: 0 });
    expect(rl.inWindow()).toBe(10);
    await rl.acquire();
    expect(clock.waits).toEqual([60_000]);
    rl.observe({ limit: 10, remaining: 9 });
    expect(rl.inWindow()).toBe(1);
  });

  it('rejects with the abort reason, before or during a wait', async () => {
    const { limiter: rl } = limiter(1);
    const aborted = new AbortController();
    const reason = new Error('user cancelled');
    aborted.abort(reason);
    await expect(rl.acquire(aborted.signal)).rejects.toBe(reason);

    const realWait = new RateLimiter({ requestsPerMinute: 1, now: () => 0, sleep: abortableSleep });
    await realWait.acquire();
    const controller = new AbortController();
    const pending = realWait.acquire(controller.signal);
    const cancel = new Error('stop');
    setTimeout(() => controller.abort(cancel), 5);
    await expect(pending).rejects.toBe(cancel);
  });

  it('survives a clock that jumps back an hour: no wait is ever longer than one window', async () => {
    const { clock, limiter: rl } = limiter(2);
    clock.now = 3_600_000 + 1_000_000;
    await rl.acquire();
    await rl.acquire();
    clock.now -= 3_600_000; // the computer's clock is set back
    await rl.acquire();
    expect(clock.waits).toHaveLength(1);
    expect(clock.waits[0]).toBeLessThanOrEqual(60_000);
    // The starts moved back with the clock: one window later both had left it.
    expect(clock.waits[0]).toBe(60_000);
    expect(rl.inWindow()).toBe(1);
    for (let i = 0; i < 5; i++) await rl.acquire();
    expect(Math.max(...clock.waits)).toBeLessThanOrEqual(60_000);
  });

  it('caps a wait at one window even when the window is full far into the future', async () => {
    const { clock, limiter: rl } = limiter(1);
    await rl.acquire();
    rl.observe({ limit: 1, remaining: 0 });
    clock.now -= 10 * 3_600_000;
    await rl.acquire();
    expect(clock.waits.every((ms) => ms <= 60_000)).toBe(true);
  });

  it('refuses a nonsensical limit', () => {
    expect(() => limiter(0)).toThrow(RangeError);
    expect(() => limiter(1.5)).toThrow(RangeError);
  });

  it('abortableSleep resolves after the time and clears its listener', async () => {
    const controller = new AbortController();
    await abortableSleep(1, controller.signal);
    controller.abort();
    await expect(abortableSleep(1000, controller.signal)).rejects.toBe(controller.signal.reason);
  });
});
