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

  it('adapts down to a lower announced X-RateLimit-Limit, never up', () => {
    const { limiter: rl } = limiter(120);
    rl.observe({ limit: 1000 });
    expect(rl.limit).toBe(120);
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
