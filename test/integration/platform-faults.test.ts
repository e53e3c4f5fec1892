/**
 * Every fault the simulator offers, over real HTTP, on GET endpoints (retried → success, or a clean
 * typed error) and on the top-up POST (registered exactly once, confirmed by lookup when the
 * platform acted, resent only after the lookups showed it did not). Plus cancellation of a top-up.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { abortableSleep, RateLimiter } from '../../src/main/core/platform/rate-limiter';
import { createPlatformClient, type PlatformClient } from '../../src/main/core/platform/client';
import type { SubmissionOutcome } from '../../src/main/core/platform/submit-transfer';
import { compactReference } from '../../src/shared/domain/creditor-reference';
import { AppError } from '../../src/shared/ipc/errors';
import type { FaultSpec } from '../../src/simulator/faults';
import type { RunningSimulator } from '../../src/simulator/server';
import { startExactSimulator } from '../helpers/platform-fixture';

const HEADERS_TIMEOUT_MS = 100;
const WINDOW_MS = 2 * HEADERS_TIMEOUT_MS;
const POST_PATH = '/float/request-payment-transfer';

let simulator: RunningSimulator;
let client: PlatformClient;

beforeAll(async () => {
  simulator = await startExactSimulator();
  client = createPlatformClient(simulator, {
    baseBackoffMs: 5,
    maxBackoffMs: 20,
    headersTimeoutMs: HEADERS_TIMEOUT_MS,
    requestsPerMinute: 10_000,
  });
});
afterEach(() => simulator.faults.clear());
afterAll(async () => {
  await client?.close();
  await simulator?.close();
});

const registered = (reference: string) =>
  simulator.world.transfers.filter(
    (transfer) => compactReference(transfer.paymentReference) === compactReference(reference),
  );

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

let topUps = 0;
/** A top-up under `fault` (on the POST only); it must be registered exactly once. */
async function topUpUnder(fault: FaultSpec | undefined): Promise<SubmissionOutcome & { elapsedMs: number }> {
  if (fault) simulator.faults.add({ ...fault, path: POST_PATH, count: 1 });
  const before = simulator.world.transfers.length;
  const amount = `${++topUps}.07`;
  const started = performance.now();
  const outcome = await client.submitTransfer({ float: 'Main', currency: 'GBP', amount });
  const elapsedMs = performance.now() - started;
  expect(registered(outcome.transfer.paymentReference)).toHaveLength(1);
  expect(simulator.world.transfers.length).toBe(before + 1);
  expect(simulator.world.transfers.at(-1)!.requestedMinor).toBe(BigInt(Math.round(Number(amount) * 100)));
  return { ...outcome, elapsedMs };
}

describe('faults on GET endpoints', () => {
  const gets = {
    'check-floats': () => client.checkFloats(),
    brands: () => client.listBrands({ country: 'GB' }),
    'float/transfer-requests': () => client.listTransferRequests({ currency: 'KWD' }),
  };

  for (const [path, call] of Object.entries(gets)) {
    const on = (fault: FaultSpec): void => simulator.faults.add({ ...fault, path: `/${path}` });

    it(`${path}: exception, 503 HTML page, codes 603 and 604, latency past the headers timeout → retried to success`, async () => {
      const clean = await call();
      for (const fault of [
        { kind: 'exception', count: 2 },
        { kind: 'wrong-content-type', status: 503, count: 2 },
        { kind: 'error', status: 500, code: '603', count: 1 },
        { kind: 'error', status: 503, code: '604', count: 2 },
        { kind: 'latency', ms: HEADERS_TIMEOUT_MS + 100, count: 1 },
      ] satisfies FaultSpec[]) {
        on(fault);
        expect(await call(), JSON.stringify(fault)).toEqual(clean);
        expect(simulator.faults.list(), JSON.stringify(fault)).toEqual([]);
      }
    });

    it(`${path}: malformed JSON is a clean malformed_response naming the endpoint, and the next call works`, async () => {
      on({ kind: 'malformed-json', count: 1 });
      const error = await failure(call());
      expect(error.code).toBe('malformed_response');
      expect(error.details).toMatchObject({ endpoint: path });
      expect(error.message).toContain(`The platform's answer to ${path}`);
      await expect(call()).resolves.toBeDefined();
    });
  }

  it('when the faults outlast the retries, each is a clean error saying what happened', async () => {
    const once = createPlatformClient(simulator, {
      maxRetries: 1,
      baseBackoffMs: 1,
      headersTimeoutMs: HEADERS_TIMEOUT_MS,
    });
    try {
      const cases: Array<[FaultSpec, Partial<AppError>, RegExp]> = [
        [{ kind: 'exception' }, { code: 'platform_rejected' }, /internal error/],
        [
          { kind: 'wrong-content-type', status: 503 },
          { code: 'platform_rejected' },
          /temporarily unavailable/,
        ],
        [{ kind: 'error', status: 500, code: '603' }, { code: 'platform_rejected' }, /payment processor/],
        [{ kind: 'error', status: 503, code: '604' }, { code: 'platform_rejected' }, /health check/],
        [{ kind: 'latency', ms: HEADERS_TIMEOUT_MS + 100 }, { code: 'timeout' }, /stopped responding/],
      ];
      for (const [fault, shape, wording] of cases) {
        simulator.faults.add({ ...fault, path: '/check-floats', count: 2 });
        const error = await failure(once.checkFloats());
        expect(error, JSON.stringify(fault)).toMatchObject(shape);
        expect(error.message).toMatch(wording);
        expect(error.details).toMatchObject({ attempts: 2 });
        simulator.faults.clear();
      }
    } finally {
      await once.close();
    }
  });
});

describe('faults on the top-up POST: registered exactly once', () => {
  it('latency past the headers timeout: the platform commits after the client gave up; found by lookup, never resent', async () => {
    const outcome = await topUpUnder({ kind: 'latency', ms: HEADERS_TIMEOUT_MS + 120 });
    expect(outcome).toMatchObject({ sends: 1, confirmedByLookup: true });
  });

  it('an answer the endpoint gave but that cannot be read (malformed JSON, an HTML 200): found by lookup', async () => {
    expect(await topUpUnder({ kind: 'malformed-json' })).toMatchObject({ sends: 1, confirmedByLookup: true });
    expect(await topUpUnder({ kind: 'wrong-content-type', status: 200 })).toMatchObject({
      sends: 1,
      confirmedByLookup: true,
    });
  });

  it('an answer instead of the endpoint (exception, 503 HTML page, 603, 604): resent only after the lookups over the window', async () => {
    for (const fault of [
      { kind: 'exception' },
      { kind: 'wrong-content-type', status: 503 },
      { kind: 'error', status: 500, code: '603' },
      { kind: 'error', status: 503, code: '604' },
    ] satisfies FaultSpec[]) {
      const outcome = await topUpUnder(fault);
      expect(outcome, JSON.stringify(fault)).toMatchObject({ sends: 2, confirmedByLookup: false });
      // Never resent at once: the lookups first watched the platform for the whole window.
      expect(outcome.elapsedMs, JSON.stringify(fault)).toBeGreaterThanOrEqual(WINDOW_MS);
    }
  });

  it('a body cut short or stalled after the platform acted: found by lookup', async () => {
    expect(await topUpUnder({ kind: 'truncate' })).toMatchObject({ sends: 1, confirmedByLookup: true });
    const stalled = createPlatformClient(simulator, {
      baseBackoffMs: 5,
      maxBackoffMs: 20,
      headersTimeoutMs: HEADERS_TIMEOUT_MS,
      bodyTimeoutMs: 5_000,
      requestTimeoutMs: 300,
    });
    try {
      simulator.faults.add({ kind: 'stall', path: POST_PATH, count: 1 });
      const outcome = await stalled.submitTransfer({ float: 'Main', currency: 'GBP', amount: '4.04' });
      expect(outcome).toMatchObject({ sends: 1, confirmedByLookup: true });
      expect(registered(outcome.transfer.paymentReference)).toHaveLength(1);
    } finally {
      await stalled.close();
    }
  });
});

describe('cancelling a top-up', () => {
  it('cancelled while the POST is out: the lookups still run (on their own signal) and find it', async () => {
    simulator.faults.add({ kind: 'latency', path: POST_PATH, ms: 150, count: 1 });
    const before = simulator.world.transfers.length;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 40);
    const outcome = await client.submitTransfer(
      { float: 'Main', currency: 'GBP', amount: '77.70' },
      controller.signal,
    );
    expect(outcome).toMatchObject({ sends: 1, confirmedByLookup: true });
    expect(simulator.world.transfers.length).toBe(before + 1);
  });

  it('cancelled while the POST is out and the lookups fail: outcome unknown, with the reference to check; confirmSubmission finds it later', async () => {
    simulator.faults.add({ kind: 'latency', path: POST_PATH, ms: 100, count: 1 });
    simulator.faults.add({ kind: 'error', status: 500, path: '/float/transfer-requests' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const error = await failure(
      client.submitTransfer({ float: 'Main', currency: 'GBP', amount: '88.80' }, controller.signal),
    );
    const details = error.details!;
    expect(details).toMatchObject({ outcome: 'unknown', float: 'Main', currency: 'GBP', amount: '88.80' });
    const reference = String(details.paymentReference);
    expect(error.message).toContain(`check the platform's transfer requests for reference ${reference}`);
    expect(error.message).toMatch(/Do not send it again/);
    expect(registered(reference)).toHaveLength(1);

    simulator.faults.clear();
    const expected = {
      float: 'Main',
      currency: 'GBP',
      amount: '88.80',
      submittedAt: String(details.submittedAt),
    };
    expect(await client.confirmSubmission(reference, expected)).toMatchObject({
      status: 'registered',
      transfer: { paymentReference: reference, amount: '88.80' },
    });
    expect(await client.confirmSubmission(reference, { ...expected, amount: '88.81' })).toMatchObject({
      status: 'reference_taken',
    });
    expect(await client.confirmSubmission('RF97NOSUCHREF', expected)).toEqual({ status: 'not_found' });
  });

  it('cancelled while waiting for the rate limiter (nothing sent): the cancellation itself, nothing registered', async () => {
    // A limiter that keeps one request a minute whatever the platform announces.
    const limiter = new RateLimiter({
      requestsPerMinute: 1,
      now: () => performance.now(),
      sleep: abortableSleep,
    });
    limiter.observe = () => {};
    const slow = createPlatformClient(simulator, { limiter });
    try {
      await slow.checkFloats();
      const before = simulator.world.transfers.length;
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      const started = performance.now();
      const thrown = await slow
        .submitTransfer({ float: 'Main', currency: 'GBP', amount: '9.99' }, controller.signal)
        .catch((error: unknown) => error);
      expect(thrown).toBe(controller.signal.reason);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(simulator.world.transfers.length).toBe(before);
    } finally {
      await slow.close();
    }
  });

  it('a typed reference the platform already lists is refused before anything is sent', async () => {
    const first = await client.submitTransfer({
      float: 'Main',
      currency: 'GBP',
      amount: '12.00',
      paymentReference: 'PO 2026/77',
    });
    expect(first.sends).toBe(1);
    const count = simulator.world.transfers.length;
    const error = await failure(
      client.submitTransfer({
        float: 'Main',
        currency: 'GBP',
        amount: '13.00',
        paymentReference: 'PO 2026/77',
      }),
    );
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/PO 2026\/77 is already used by another transfer request/);
    expect(error.details).toMatchObject({ outcome: 'not_sent' });
    expect(simulator.world.transfers.length).toBe(count);
  });
});
