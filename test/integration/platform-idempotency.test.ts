import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformClient, type PlatformClient } from '../../src/main/core/platform/client';
import type { RunningSimulator } from '../../src/simulator/server';
import { startCuttingProxy, type CutPoint, type CuttingProxy } from '../helpers/cutting-proxy';
import { startExactSimulator } from '../helpers/platform-fixture';

// A top-up is never sent twice: the connection of the POST is cut before it is sent, after the
// platform registered it, or part-way through the answer, and each submission must exist exactly
// once at the platform.
let simulator: RunningSimulator;
let proxy: CuttingProxy;
let client: PlatformClient;

beforeAll(async () => {
  simulator = await startExactSimulator();
  proxy = await startCuttingProxy(simulator.port);
  client = createPlatformClient(
    { ...simulator, baseUrl: `http://127.0.0.1:${proxy.port}/api/v2` },
    {
      baseBackoffMs: 5,
      maxBackoffMs: 20,
      headersTimeoutMs: 5_000,
      bodyTimeoutMs: 5_000,
      requestsPerMinute: 10_000,
    },
  );
});
afterAll(async () => {
  await client?.close();
  await proxy?.close();
  await simulator?.close();
});

const cutPoint: fc.Arbitrary<CutPoint | null> = fc.oneof(
  fc.constant(null),
  fc.constant<CutPoint>({ at: 'before-send' }),
  fc.constant<CutPoint>({ at: 'after-registered' }),
  fc.integer({ min: 1, max: 600 }).map<CutPoint>((bytes) => ({ at: 'mid-answer', bytes })),
);

describe('submitting top-ups through a connection cut at every point', () => {
  it('registers each submission exactly once', { timeout: 60_000 }, async () => {
    const submitted: string[] = [];
    let index = 0;
    await fc.assert(
      fc.asyncProperty(cutPoint, fc.integer({ min: 1, max: 9_999_999 }), async (cut, cents) => {
        index++;
        const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        if (cut) proxy.cutNext('POST', cut);
        const outcome = await client.submitTransfer({ float: 'Main', currency: 'GBP', amount });
        submitted.push(outcome.transfer.paymentReference);
        const atPlatform = simulator.world.transfers.filter(
          (transfer) => transfer.paymentReference === outcome.transfer.paymentReference,
        );
        expect(atPlatform, `submission ${index} cut ${JSON.stringify(cut)}`).toHaveLength(1);
        expect(atPlatform[0]!.requestedMinor).toBe(BigInt(cents));
        if (cut?.at === 'after-registered')
          expect(outcome).toMatchObject({ sends: 1, confirmedByLookup: true });
        if (cut?.at === 'before-send') expect(outcome).toMatchObject({ sends: 2, confirmedByLookup: false });
      }),
      { seed: 20261122, numRuns: 300 },
    );
    expect(new Set(submitted).size).toBe(submitted.length);
    expect(proxy.cuts()).toBeGreaterThan(150);
  });
});
