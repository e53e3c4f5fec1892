import { afterEach, describe, expect, it } from 'vitest';
import type { SimulatorOptions } from '../../src/simulator/options';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { call, rawGet } from '../helpers/sim-http';
import { makeSimWorld } from '../helpers/sim-world';

const running: RunningSimulator[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sim) => sim.close()));
});
async function start(options: Partial<SimulatorOptions> = {}): Promise<RunningSimulator> {
  const sim = await startSimulator({ world: makeSimWorld(), ...options });
  running.push(sim);
  return sim;
}

describe('simulator faults', () => {
  it('adds latency', async () => {
    const sim = await start({ faults: [{ kind: 'latency', ms: 250, count: 1 }] });
    const started = performance.now();
    expect((await call(sim, 'GET', '/check-floats')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
    const second = performance.now();
    await call(sim, 'GET', '/check-floats');
    expect(performance.now() - second).toBeLessThan(200);
  });

  it('answers 5xx bursts: 500/600 and 503/602 with a body, 502 and 504 with none', async () => {
    const sim = await start();
    sim.faults.add({ kind: 'error', status: 500, count: 2 });
    for (let i = 0; i < 2; i++) {
      const result = await call(sim, 'GET', '/check-floats');
      expect(result.status).toBe(500);
      expect(result.json()).toMatchObject({ code: '600', status: 'error' });
    }
    expect((await call(sim, 'GET', '/check-floats')).status).toBe(200);
    sim.faults.add({ kind: 'error', status: 503, count: 1 });
    expect((await call(sim, 'GET', '/check-floats')).json()).toMatchObject({ code: '602' });
    for (const status of [502, 504] as const) {
      sim.faults.add({ kind: 'error', status, count: 1 });
      const result = await call(sim, 'GET', '/check-floats');
      expect(result.status).toBe(status);
      expect(result.text).toBe('');
      expect(result.headers.get('content-length')).toBe('0');
    }
  });

  it('answers 603 and 604 with 500 or 503 when the error fault names the code', async () => {
    const sim = await start();
    for (const [status, code] of [
      [500, '603'],
      [503, '603'],
      [500, '604'],
      [503, '604'],
      [503, '600'],
      [500, '602'],
    ] as const) {
      sim.faults.add({ kind: 'error', status, code, count: 1 });
      const result = await call(sim, 'GET', '/check-floats');
      expect(result.status).toBe(status);
      expect(result.json()).toMatchObject({ code, status: 'error', message: expect.any(String) });
    }
    expect(() => sim.faults.add({ kind: 'error', status: 502, code: '603' })).toThrow(/code/);
    expect(() => sim.faults.add({ kind: 'error', code: '999' as never })).toThrow(/600, 602, 603, 604/);
  });

  it('answers 429 code 211 with and without Retry-After', async () => {
    const sim = await start({
      faults: [
        { kind: 'rate-limit', retryAfter: 7, count: 1 },
        { kind: 'rate-limit', count: 1 },
      ],
    });
    const first = await call(sim, 'GET', '/brands');
    expect(first.status).toBe(429);
    expect(first.json()).toMatchObject({ code: '211', status: 'error' });
    expect(first.headers.get('retry-after')).toBe('7');
    const second = await call(sim, 'GET', '/brands');
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBeNull();
    expect((await call(sim, 'GET', '/brands')).status).toBe(200);
  });

  it('limits requests per 60-second window and announces it on every response', async () => {
    // The window runs on the wall clock (a fake one here); requests are signed with the platform's.
    let now = 1_900_000_000_000;
    const sim = await start({ rateLimit: 3, wallClock: () => now });
    const remaining: Array<string | null> = [];
    for (const path of ['/check-floats', '/no-such-path', '/brands']) {
      const result = await call(sim, 'GET', path);
      expect(result.headers.get('x-ratelimit-limit')).toBe('3');
      remaining.push(result.headers.get('x-ratelimit-remaining'));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await call(sim, 'GET', '/check-floats');
    expect(limited.status).toBe(429);
    expect(limited.json()).toMatchObject({ code: '211' });
    expect(limited.headers.get('retry-after')).toBeNull();
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    now += 60_000;
    const fresh = await call(sim, 'GET', '/check-floats');
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('x-ratelimit-remaining')).toBe('2');
  });

  it('truncates a body: Content-Length larger than what is sent, then the socket ends', async () => {
    const sim = await start({ faults: [{ kind: 'truncate', path: '/brands', count: 1 }] });
    const result = await rawGet(sim, '/brands', 5000);
    expect(result.status).toBe(200);
    expect(result.ending).toBe('aborted');
    expect(result.received.length).toBeLessThan(Number(result.headers['content-length']));
  });

  it('stalls a body: headers arrive, the body never completes', async () => {
    const sim = await start({ faults: [{ kind: 'stall', count: 1 }] });
    const result = await rawGet(sim, '/check-floats', 400);
    expect(result.status).toBe(200);
    expect(result.ending).toBe('timeout');
    expect(result.received.length).toBeLessThan(Number(result.headers['content-length']));
    expect((await call(sim, 'GET', '/check-floats')).status).toBe(200);
  });

  it('answers an HTML page with status 200 instead of JSON', async () => {
    const sim = await start({ faults: [{ kind: 'wrong-content-type', count: 1 }] });
    const result = await call(sim, 'GET', '/check-floats');
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(result.text).toMatch(/^<!DOCTYPE html>/);
  });

  it('answers an HTML maintenance page with 503 instead of the endpoint', async () => {
    const sim = await start({
      faults: [
        { kind: 'wrong-content-type', status: 503, path: '/float/request-payment-transfer', count: 1 },
      ],
    });
    const result = await call(sim, 'POST', '/float/request-payment-transfer', {
      body: '{"float":"main","currency":"GBP","amount":5,"payment_reference":"NEVER-SEEN"}',
    });
    expect(result.status).toBe(503);
    expect(result.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(result.text).toMatch(/^<!DOCTYPE html>/);
    const list = await call(sim, 'GET', '/float/transfer-requests', {
      query: { payment_reference: 'NEVER-SEEN' },
    });
    expect(list.json().data).toEqual([]);
    expect(() => sim.faults.add({ kind: 'wrong-content-type', status: 500 })).toThrow(/200 or 503/);
  });

  it('answers malformed JSON, after the endpoint did its work', async () => {
    const sim = await start({
      faults: [{ kind: 'malformed-json', path: '/float/request-payment-transfer', count: 1 }],
    });
    const result = await call(sim, 'POST', '/float/request-payment-transfer', {
      body: '{"float":"main","currency":"GBP","amount":5,"payment_reference":"LOST-ANSWER"}',
    });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(() => JSON.parse(result.text)).toThrow();
    const list = await call(sim, 'GET', '/float/transfer-requests', {
      query: { payment_reference: 'LOST-ANSWER' },
    });
    expect(list.json().data).toHaveLength(1);
  });

  it('forces timestamps out of window (401 code 434)', async () => {
    const sim = await start({ faults: [{ kind: 'timestamp-skew', count: 1 }] });
    const result = await call(sim, 'GET', '/check-floats');
    expect(result.status).toBe(401);
    expect(result.json()).toMatchObject({ code: '434', message: expect.stringMatching(/Timestamp/) });
    expect((await call(sim, 'GET', '/check-floats')).status).toBe(200);
  });

  it('scopes a fault to a path prefix and a count', async () => {
    const sim = await start({ faults: [{ kind: 'error', status: 503, path: '/float', count: 2 }] });
    expect((await call(sim, 'GET', '/check-floats')).status).toBe(200);
    expect((await call(sim, 'GET', '/brands')).status).toBe(200);
    expect((await call(sim, 'GET', '/float/transfer-requests')).status).toBe(503);
    expect((await call(sim, 'GET', '/float/transfer-requests')).status).toBe(503);
    expect((await call(sim, 'GET', '/float/transfer-requests')).status).toBe(200);
    expect(sim.faults.list()).toEqual([]);
  });

  it('refuses a fault it does not know', async () => {
    const sim = await start();
    expect(() => sim.faults.add({ kind: 'gremlins' as never })).toThrow(/Unknown fault/);
    await expect(start({ faults: [{ kind: 'latency' }] })).rejects.toThrow(/ms/);
  });
});
