/**
 * The exactly-once top-up against the real `floatdesk simulator --admin` process, FloatDesk on this
 * computer's own clock (nothing injected, as a person runs it). When the POST's answer is cut short
 * (truncate) or never finishes (stall), the client looks the reference up and must find the request
 * it just registered, dated by the simulator's one clock: registered once, never "choose another
 * reference" (which a simulator dating requests by a clock weeks behind the one it checks signatures
 * against used to cause).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPlatformClient, type PlatformClient } from '../../src/main/core/platform/client';
import { assertBuilt, CLI_PATH, startServing, type RunningShell } from '../helpers/cli';

let simulator: RunningShell;
let client: PlatformClient;
let origin: string;

async function adminCall(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${origin}/__admin${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return (JSON.parse(text) as { data: unknown }).data;
}

beforeAll(async () => {
  assertBuilt();
  simulator = await startServing(['--port', '0', '--admin', '--seed', '11', '--transfers', '300'], {
    command: [CLI_PATH, 'simulator'],
    urlPattern: /Base URL:\s+(http:\/\/127\.0\.0\.1:\d+\/api\/v2)\n[\s\S]*API secret:\s+\S+\n/,
  });
  origin = new URL(simulator.url).origin;
  client = createPlatformClient(
    { baseUrl: simulator.url, apiKey: 'demo-key', apiSecret: 'demo-secret' },
    {
      headersTimeoutMs: 2_000,
      bodyTimeoutMs: 1_000,
      baseBackoffMs: 20,
      submission: { lookupWindowMs: 2_000 },
    },
  );
});
beforeEach(async () => {
  await adminCall('DELETE', '/faults');
});
afterAll(async () => {
  await client?.close();
  await simulator?.stop();
});

describe('a top-up whose answer is lost, against the CLI simulator', () => {
  it.each([
    ['truncate', 'generated'],
    ['truncate', 'typed'],
    ['stall', 'generated'],
    ['stall', 'typed'],
  ] as const)('%s, %s reference: registered once, pending', async (kind, style) => {
    const { floats } = await client.checkFloats();
    const float = floats[0];
    if (float === undefined) throw new Error('the simulator has no floats');
    await adminCall('POST', '/faults', { kind, path: '/float/request-payment-transfer', count: 1 });
    const amount = kind === 'truncate' ? '1234.56' : '2345.67';
    const typed =
      style === 'typed' ? { paymentReference: `INV-${kind.slice(0, 2)}-${Date.now() % 1e6}` } : {};
    const started = Date.now();

    const outcome = await client.submitTransfer({
      float: float.name,
      currency: float.currency,
      amount,
      ...typed,
    });

    // The fault hit the POST (its answer was lost) and the lookup found this very request.
    expect(await adminCall('GET', '/faults')).toMatchObject({ faults: [] });
    expect(outcome).toMatchObject({ sends: 1, confirmedByLookup: true });
    const reference = outcome.transfer.paymentReference;
    if (style === 'typed') expect(reference).toBe(typed.paymentReference);
    const listed = await client.listTransferRequests({ paymentReference: reference });
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      float: float.name,
      status: 'pending',
      requested: { currency: float.currency, amount },
    });
    // Dated by the platform's clock, which is this computer's: within the submission.
    const created = Date.parse(listed[0]?.created_at ?? '');
    expect(created).toBeGreaterThanOrEqual(Math.floor(started / 1000) * 1000 - 1_000);
    expect(created).toBeLessThanOrEqual(Date.now() + 1_000);
  });
});
