import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FloatInsight } from '../../src/shared/ipc/contract-floats';
import type { AppNotification } from '../../src/shared/ipc/contract-notifications';
import type { ChannelOutput } from '../../src/shared/ipc/contract';
import type { Channel } from '../../src/shared/ipc/channels';
import { openLedger } from '../../src/main/core/ledger/db';
import { TransfersRepository } from '../../src/main/core/ledger/repositories/transfers';
import { createPlatformClient, type PlatformClient } from '../../src/main/core/platform/client';
import { createCore, type Core } from '../../src/main/core/services';
import type { RunningSimulator } from '../../src/simulator/server';
import type { SimFloat } from '../../src/simulator/model';
import { startExactSimulator } from '../helpers/platform-fixture';
import { admin } from '../helpers/sim-http';
import { makeTempDir } from '../helpers/temp-dir';

// The core with a real ledger file, syncing floats and transfer requests from the simulator over
// HTTP. The simulator's clock stands still; the core's clock moves a day per sync, so snapshots are
// a day apart. Balances are set on the simulator's world between syncs (the platform's spending).

const DAY = 86_400_000;
let simulator: RunningSimulator;
let client: PlatformClient;
let temp: ReturnType<typeof makeTempDir>;
let core: Core;
let now: number;
let notified: AppNotification[];
let gbp: SimFloat;

beforeAll(async () => {
  simulator = await startExactSimulator();
  client = createPlatformClient(simulator, { baseBackoffMs: 5, maxBackoffMs: 20 });
});
afterAll(async () => {
  await client?.close();
  await simulator?.close();
});
beforeEach(() => {
  temp = makeTempDir();
  now = simulator.world.now;
  gbp = simulator.world.floats.find((float) => float.currency === 'GBP') as SimFloat;
  gbp.availableMinor = 1_234_567_891n;
  core = createCore(
    {
      workspaceDir: temp.dir,
      workspaceName: 'Acme',
      workspaceKind: 'platform',
      workspaceBaseUrl: simulator.baseUrl,
      shell: 'cli',
      appVersion: 'test',
      changePollMs: 0,
      credentials: { apiKey: simulator.apiKey, apiSecret: simulator.apiSecret },
    },
    () => new Date(now),
  );
  notified = [];
  core.onEvent((name, payload) => {
    if (name === 'notifications:new') notified.push(payload as AppNotification);
  });
});
afterEach(async () => {
  await core?.close();
  temp.cleanup();
});

async function call<C extends Channel>(channel: C, input: unknown): Promise<ChannelOutput<C>> {
  const envelope = await core.dispatch(channel, input);
  if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.code} ${envelope.error.message}`);
  return envelope.value as ChannelOutput<C>;
}

/** One day later, a sync of balances and requests. */
async function syncNextDay(availableMinor?: bigint): Promise<void> {
  now += DAY;
  if (availableMinor !== undefined) gbp.availableMinor = availableMinor;
  const summary = await call('sync:run', { datasets: ['floats', 'transfers'] });
  expect(summary.outcome).toBe('succeeded');
}

const insightOf = async (): Promise<FloatInsight> =>
  (await call('floats:insights', {})).floats.find((f) => f.currency === 'GBP' && f.name === gbp.name)!;

describe('balance history and runway', () => {
  it('keeps one exact point per sync, oldest first, and estimates the runway from the drops', async () => {
    await syncNextDay(); // 12,345,678.91
    await syncNextDay(1_234_467_891n); // 1,000.00 spent
    await syncNextDay(1_234_367_890n); // 1,000.01 spent
    const { points } = await call('floats:history', { currency: 'GBP', name: gbp.name });
    expect(points.map((point) => point.available?.amount)).toEqual([
      '12345678.91',
      '12344678.91',
      '12343678.90',
    ]);
    expect(points.map((point) => Date.parse(point.recordedAt))).toEqual(
      [1, 2, 3].map((day) => simulator.world.now + day * DAY),
    );
    const insight = await insightOf();
    expect(insight.runway.dailySpend).toEqual({ amount: '1000.01', currency: 'GBP' }); // 2000.01 / 2 rounded half up
    expect(insight.runway.days).toBe(12_343); // floor(12,343,678.90 / 1,000.005)
    expect(insight.runway.basis).toMatch(/30 days/);
    expect(insight.threshold).toBeNull();
    await expect(core.dispatch('floats:history', { currency: 'GBP', name: 'Nope' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });
});

describe('low-balance notifications', () => {
  it('notify once when a sync finds the balance under the threshold, again only after it was above', async () => {
    await syncNextDay();
    const set = await call('floats:threshold.set', {
      currency: 'GBP',
      name: gbp.name,
      threshold: '12345678.92',
    });
    expect(set).toMatchObject({
      threshold: { amount: '12345678.92', currency: 'GBP' },
      belowThreshold: true,
    });
    expect(notified).toEqual([]); // setting a threshold is not a sync

    await syncNextDay();
    expect(notified.map((n) => n.kind)).toEqual(['low_balance']);
    expect(notified[0]!.message).toContain('£12,345,678.91');
    const listed = await call('notifications:list', { unreadOnly: true });
    expect(listed.notifications).toEqual(notified);

    await syncNextDay();
    await syncNextDay(1_234_567_800n);
    expect(notified).toHaveLength(1); // still under: no second notice

    await syncNextDay(1_234_567_892n); // back above
    await syncNextDay(1_234_567_000n); // under again
    expect(notified.map((n) => n.kind)).toEqual(['low_balance', 'low_balance']);

    expect(await call('notifications:dismiss', { ids: [notified[0]!.id] })).toEqual({ dismissed: 1 });
    expect((await call('notifications:list', { unreadOnly: true })).notifications.map((n) => n.id)).toEqual([
      notified[1]!.id,
    ]);
    expect(await call('notifications:dismiss', { all: true })).toEqual({ dismissed: 1 });
    expect((await call('notifications:list', {})).notifications).toHaveLength(2);
  });

  it('validates the threshold exactly and clears it with null', async () => {
    await syncNextDay();
    const refused = await core.dispatch('floats:threshold.set', {
      currency: 'GBP',
      name: gbp.name,
      threshold: '10.005',
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: /2 decimal places/ },
    });
    await call('floats:threshold.set', { currency: 'GBP', name: gbp.name, threshold: '10' });
    expect((await insightOf()).threshold).toEqual({ amount: '10.00', currency: 'GBP' });
    expect(
      await call('floats:threshold.set', { currency: 'GBP', name: gbp.name, threshold: null }),
    ).toMatchObject({
      threshold: null,
      belowThreshold: false,
    });
  });
});

describe('notifications about requests submitted from this workspace', () => {
  it('a request approved through the admin API is announced once, after the next sync', async () => {
    await syncNextDay();
    const outcome = await client.submitTransfer({ float: gbp.name, currency: 'GBP', amount: '2500.00' });
    const reference = outcome.transfer.paymentReference;
    const ledger = openLedger(join(temp.dir, 'ledger.sqlite'));
    try {
      new TransfersRepository(ledger).recordSubmission(1, {
        paymentReference: reference,
        float: gbp.name,
        currency: 'GBP',
        amount: '2500.00',
        submittedAt: new Date(now).toISOString(),
        outcome: 'registered',
      });
    } finally {
      ledger.close();
    }
    await syncNextDay(); // seen pending: nothing to say
    expect(notified).toEqual([]);

    const decided = await admin(simulator, 'POST', `/transfers/${reference}/decide`, { status: 'approved' });
    expect(decided.status).toBe(200);
    const credited = gbp.availableMinor;
    await syncNextDay(credited - 100_00n); // the top-up arrived, and 100.00 was spent
    expect(notified.map((n) => [n.kind, n.title])).toEqual([['transfer_approved', 'Top-up approved']]);
    expect(notified[0]!.message).toContain(reference);
    expect(notified[0]!.message).toContain('£2,500.00');

    await syncNextDay(credited - 200_00n);
    expect(notified).toHaveLength(1);
    // The 2,500.00 top-up is not spend: 100.00 + 100.00 over the three days since the first balance.
    const insight = await insightOf();
    expect(insight.runway.dailySpend).toEqual({ amount: '66.67', currency: 'GBP' });
  });
});
