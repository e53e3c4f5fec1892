/**
 * A computer clock outside the platform's Timestamp window is said as such, with how far off it is:
 * the real CLI simulator with a one-second window, FloatDesk's clock set off by a known amount. The
 * platform answers 434 "Timestamp is outside the allowed window"; the offset comes from its Date
 * header. A wrong secret on a right clock stays a credentials error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformClient } from '../../src/main/core/platform/client';
import { AppError } from '../../src/shared/ipc/errors';
import { assertBuilt, CLI_PATH, startServing, type RunningShell } from '../helpers/cli';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
let simulator: RunningShell;
const closing: Array<() => Promise<void>> = [];

beforeAll(async () => {
  assertBuilt();
  simulator = await startServing(['--port', '0', '--timestamp-skew-ms', '1000', '--transfers', '20'], {
    command: [CLI_PATH, 'simulator'],
    urlPattern: /Base URL:\s+(http:\/\/127\.0\.0\.1:\d+\/api\/v2)\n[\s\S]*API secret:\s+\S+\n/,
  });
});
afterAll(async () => {
  await Promise.all(closing.map((close) => close()));
  await simulator?.stop();
});

/** A client whose clock is `offsetMs` off this computer's (negative: behind). */
function clientOff(offsetMs: number, apiSecret = 'demo-secret') {
  const client = createPlatformClient(
    { baseUrl: simulator.url, apiKey: 'demo-key', apiSecret },
    { now: () => Date.now() + offsetMs, maxRetries: 0, baseBackoffMs: 5 },
  );
  closing.push(() => client.close());
  return client;
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('a clock outside the platform window', () => {
  it('behind: clock_skew, saying by how much, from the platform Date header', async () => {
    const error = await refusal(clientOff(-(7 * MINUTE + 12 * SECOND)).checkFloats());
    expect(error.code).toBe('clock_skew');
    // The Date header has whole seconds: the measurement is good to about one.
    expect(error.message).toMatch(
      /^This computer's clock is 7 minutes 1[123] seconds behind the platform's\. Set the clock right \(automatic time\) and try again\.$/,
    );
    expect(Math.abs(Number(error.details?.clockOffsetMs) - (7 * MINUTE + 12 * SECOND))).toBeLessThan(1_500);
    expect(error.details).toMatchObject({
      httpStatus: 401,
      platformCode: '434',
      platformMessage: 'Authentication failed: Timestamp is outside the allowed window',
    });
  });

  it('ahead: says ahead of', async () => {
    const error = await refusal(clientOff(2 * HOUR + 30 * SECOND).checkFloats());
    expect(error.code).toBe('clock_skew');
    expect(error.message).toBe(
      "This computer's clock is 2 hours ahead of the platform's. Set the clock right (automatic time) and try again.",
    );
  });

  it('a top-up on a wrong clock is refused as such, and not registered', async () => {
    const client = clientOff(-10 * MINUTE);
    const error = await refusal(client.submitTransfer({ float: 'Main', currency: 'GBP', amount: '10.00' }));
    expect(error.code).toBe('clock_skew');
    expect(error.message).toMatch(/^This computer's clock is (9|10) minutes/);
    expect(error.details).toMatchObject({ outcome: 'not_registered' });
  });

  it('a right clock is accepted; a wrong secret on it stays a credentials error', async () => {
    expect((await clientOff(0).checkFloats()).floats.length).toBeGreaterThan(0);
    const error = await refusal(clientOff(0, 'not-the-secret').checkFloats());
    expect(error.code).toBe('auth_failed');
    expect(error.message).toMatch(/check the API key and secret/);
  });
});
