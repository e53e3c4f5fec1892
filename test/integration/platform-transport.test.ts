import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTransport, isCancellation, type Transport } from '../../src/main/core/platform/http';
import { RateLimiter } from '../../src/main/core/platform/rate-limiter';
import type { PlatformRequest, TransportOptions } from '../../src/main/core/platform/types';
import { parseLossless, RawJsonNumber } from '../../src/main/core/platform/wire';
import { AppError } from '../../src/shared/ipc/errors';
import type { SimulatorOptions } from '../../src/simulator/options';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { FIXTURE_NOW, makeSimWorld } from '../helpers/sim-world';
import { makeTempDir } from '../helpers/temp-dir';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(options: Partial<SimulatorOptions> = {}): Promise<RunningSimulator> {
  const sim = await startSimulator({ world: makeSimWorld(), apiSecret: 'sim-secret-0123456789', ...options });
  cleanups.push(() => sim.close());
  return sim;
}

/** A transport on the simulator whose backoff waits are recorded, not slept. */
function transport(sim: RunningSimulator, options: Partial<TransportOptions> & { apiSecret?: string } = {}) {
  const waits: number[] = [];
  const client: Transport = createTransport(
    { baseUrl: sim.baseUrl, apiKey: sim.apiKey, apiSecret: options.apiSecret ?? sim.apiSecret },
    {
      now: sim.now,
      connectTimeoutMs: 1000,
      headersTimeoutMs: 2000,
      bodyTimeoutMs: 2000,
      random: () => 0.5,
      sleep: async (ms: number, signal?: AbortSignal) => {
        signal?.throwIfAborted();
        waits.push(ms);
      },
      ...options,
    },
  );
  cleanups.push(() => client.close());
  return { client, waits };
}

const floats: PlatformRequest = {
  method: 'GET',
  path: 'check-floats',
  signedParams: [],
  retry: 'safe',
  expect: 'json',
};
const topUp = (reference: string): PlatformRequest => ({
  method: 'POST',
  path: 'float/request-payment-transfer',
  body: { float: 'main', currency: 'GBP', amount: new RawJsonNumber('12.50'), payment_reference: reference },
  signedParams: [],
  retry: 'never',
  expect: 'json',
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('platform transport against the simulator', () => {
  it('sends a signed GET and returns the JSON answer', async () => {
    const sim = await start();
    const { client } = transport(sim);
    const answer = await client.send(floats);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(parseLossless(answer.body)).toMatchObject({ code: '000', status: 'success' });
    const brands = await client.send({
      ...floats,
      path: 'brands',
      query: { brand: 'open-gbp', detail: 'true', country: undefined },
      signedParams: ['open-gbp'],
    });
    expect(Object.keys((parseLossless(brands.body) as { data: { brands: object } }).data.brands)).toEqual([
      'open-gbp',
    ]);
  });

  it('maps a wrong secret to auth_failed without retrying or leaking the secret', async () => {
    const sim = await start();
    const { client, waits } = transport(sim, { apiSecret: 'wrong-secret-abcdef' });
    const error = await failure(client.send(floats));
    expect(error.code).toBe('auth_failed');
    expect(error.details).toMatchObject({ httpStatus: 401, platformCode: '434', attempts: 1 });
    expect(JSON.stringify([error.message, error.details])).not.toMatch(/wrong-secret-abcdef|sim-secret/);
    expect(waits).toEqual([]);
  });

  it('retries a 429 after Retry-After, and with backoff when there is none', async () => {
    const sim = await start({ faults: [{ kind: 'rate-limit', retryAfter: 7, count: 1 }] });
    const { client, waits } = transport(sim, { baseBackoffMs: 100 });
    expect((await client.send(floats)).status).toBe(200);
    expect(waits).toEqual([7000]);
    sim.faults.add({ kind: 'rate-limit', count: 2 });
    expect((await client.send(floats)).status).toBe(200);
    expect(waits).toEqual([7000, 50, 100]);
  });

  it('retries a burst of 5xx on a GET, then succeeds', async () => {
    const sim = await start({
      faults: [
        { kind: 'error', status: 500, count: 1 },
        { kind: 'error', status: 503, count: 1 },
        { kind: 'error', status: 502, count: 1 },
      ],
    });
    const { client, waits } = transport(sim, { baseBackoffMs: 100 });
    expect((await client.send(floats)).status).toBe(200);
    expect(waits).toEqual([50, 100, 200]);
  });

  it('maps empty 502 and 504 answers once retries run out', async () => {
    const sim = await start();
    const { client } = transport(sim, { maxRetries: 1 });
    for (const [status, wording] of [
      [502, /gateway gave no proper answer \(HTTP 502\)/],
      [504, /gateway timed out \(HTTP 504\)/],
    ] as const) {
      sim.faults.add({ kind: 'error', status, count: 2 });
      const error = await failure(client.send(floats));
      expect(error.code).toBe('platform_rejected');
      expect(error.message).toMatch(wording);
      expect(error.details).toMatchObject({ httpStatus: status, platformCode: null, attempts: 2 });
    }
  });

  it('reports a truncated body as a broken connection, and a GET recovers by retrying', async () => {
    const sim = await start({ faults: [{ kind: 'truncate', path: '/brands', count: 1 }] });
    const once = transport(sim, { maxRetries: 0 }).client;
    const error = await failure(once.send({ ...floats, path: 'brands' }));
    expect(error.code).toBe('offline');
    expect(error.details).toMatchObject({ endpoint: 'brands', reason: 'reset' });
    sim.faults.add({ kind: 'truncate', path: '/brands', count: 1 });
    const { client, waits } = transport(sim);
    expect((await client.send({ ...floats, path: 'brands' })).status).toBe(200);
    expect(waits).toHaveLength(1);
  });

  it('times out a stalled body after bodyTimeoutMs', async () => {
    const sim = await start({ faults: [{ kind: 'stall', count: 1 }] });
    const { client } = transport(sim, { bodyTimeoutMs: 150, maxRetries: 0 });
    const started = performance.now();
    const error = await failure(client.send(floats));
    expect(error.code).toBe('timeout');
    expect(error.details).toMatchObject({ phase: 'body', timeoutMs: 150 });
    expect(performance.now() - started).toBeLessThan(2500);
  });

  it('refuses a text/html 200 as malformed, without retrying', async () => {
    const sim = await start({ faults: [{ kind: 'wrong-content-type', count: 1 }] });
    const { client, waits } = transport(sim);
    const error = await failure(client.send(floats));
    expect(error.code).toBe('malformed_response');
    expect(error.message).toMatch(/check-floats could not be read \(expected JSON, got text\/html/);
    expect(error.details).toMatchObject({ endpoint: 'check-floats', httpStatus: 200, attempts: 1 });
    expect(waits).toEqual([]);
  });

  it('refuses an answer over the size cap', async () => {
    const sim = await start();
    const { client } = transport(sim, { maxResponseBytes: 200 });
    const error = await failure(client.send({ ...floats, path: 'brands', query: { detail: 'true' } }));
    expect(error.code).toBe('malformed_response');
    expect(error.details?.reason).toMatch(/^too large/);
  });

  it('sends a top-up exactly once, even on a 5xx', async () => {
    const sim = await start({ faults: [{ kind: 'error', status: 500, path: '/float', count: 1 }] });
    const { client, waits } = transport(sim);
    const error = await failure(client.send(topUp('RF18ONCE')));
    expect(error.code).toBe('platform_rejected');
    expect(error.details).toMatchObject({ httpStatus: 500, platformCode: '600', attempts: 1 });
    expect(waits).toEqual([]);
    const answer = await client.send(topUp('RF18TWICE'));
    expect(parseLossless(answer.body)).toMatchObject({
      data: { amount: '12.50', payment_reference: 'RF18TWICE' },
    });
  });

  it('cancels a slow request promptly with the abort reason', async () => {
    const sim = await start({ faults: [{ kind: 'latency', ms: 3000, count: 1 }] });
    const { client } = transport(sim);
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(), 50);
    const pending = client.send({ ...floats, signal: controller.signal });
    const thrown = await pending.catch((error: unknown) => error);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(thrown).toBe(controller.signal.reason);
    expect((thrown as Error).name).toBe('AbortError');
    expect(isCancellation(thrown, controller.signal)).toBe(true);
  });

  it('says a timestamp out of window is about the clock (clock_skew), not the credentials', async () => {
    // The platform refuses the Timestamp though both clocks agree: no offset to name.
    const sim = await start({ faults: [{ kind: 'timestamp-skew', count: 1 }] });
    const { client } = transport(sim);
    const error = await failure(client.send(floats));
    expect(error.code).toBe('clock_skew');
    expect(error.message).toBe(
      "The platform refused the request because this computer's clock does not match its own. Set the clock right (automatic time) and try again.",
    );
    expect(error.details).toMatchObject({ httpStatus: 401, platformCode: '434' });
  });

  it('adapts to the announced rate limit and waits instead of tripping it', async () => {
    // One fake clock for everything: the platform's runs with it (timeScale 1 from the world's now).
    const begin = FIXTURE_NOW;
    let now = begin;
    const sim = await start({ rateLimit: 2, wallClock: () => now, timeScale: 1 });
    const sleep = async (ms: number) => {
      now += ms;
    };
    const limiter = new RateLimiter({ requestsPerMinute: 100, now: () => now, sleep });
    const { client } = transport(sim, { now: () => now, sleep, limiter } as Partial<TransportOptions>);
    for (let i = 0; i < 3; i++) expect((await client.send(floats)).status).toBe(200);
    expect(limiter.limit).toBe(2);
    expect(now).toBe(begin + 60_000);
  });

  it('streams a ZIP to its file via .part, and leaves nothing behind on failure', async () => {
    const sim = await start();
    const { dir, cleanup } = makeTempDir();
    cleanups.push(cleanup);
    const file = join(dir, 'open-gbp-standard.zip');
    const zip = {
      ...floats,
      path: 'template',
      query: { brand: 'open-gbp' },
      signedParams: ['open-gbp'],
      expect: 'zip',
      saveTo: file,
    } as const;
    const answer = await transport(sim).client.send(zip);
    expect(answer.file).toEqual({ path: file, bytes: readFileSync(file).length });
    expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');
    expect(readdirSync(dir)).toEqual(['open-gbp-standard.zip']);
    const other = join(dir, 'again.zip');
    sim.faults.add({ kind: 'truncate', path: '/template', count: 1 });
    const error = await failure(transport(sim, { maxRetries: 0 }).client.send({ ...zip, saveTo: other }));
    expect(error.code).toBe('offline');
    expect(existsSync(other) || existsSync(`${other}.part`)).toBe(false);
  });
});
