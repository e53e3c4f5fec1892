import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelOutput } from '../../src/shared/ipc/contract';
import type { Channel } from '../../src/shared/ipc/channels';
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { FloatsRepository } from '../../src/main/core/ledger/repositories/floats';
import { SyncRunsRepository } from '../../src/main/core/ledger/repositories/sync-runs';
import {
  TransfersRepository,
  type TransferObservation,
} from '../../src/main/core/ledger/repositories/transfers';
import { WorkspacesRepository } from '../../src/main/core/ledger/repositories/workspaces';
import { createPlatformClient, type PlatformClient } from '../../src/main/core/platform/client';
import { rollForward } from '../../src/main/core/recon/rollforward/rollforward';
import { RollForwardRepository } from '../../src/main/core/ledger/repositories/rollforward';
import type { RollForwardPeriod, RollForwardReport } from '../../src/main/core/recon/rollforward/types';
import { createCore, type Core } from '../../src/main/core/services';
import type { RunningSimulator } from '../../src/simulator/server';
import type { SimFloat } from '../../src/simulator/model';
import { startExactSimulator } from '../helpers/platform-fixture';
import { admin } from '../helpers/sim-http';
import { openSyncLedger } from '../helpers/sync-fixture';
import { makeTempDir } from '../helpers/temp-dir';

const DAY = 86_400_000;
const dateOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The roll-forward of the ledger file, read through a second, read-only connection. */
function rollForwardOf(
  path: string,
  period: RollForwardPeriod,
  matched?: ReadonlySet<string>,
): RollForwardReport {
  const db = openLedger(path, { readonly: true });
  try {
    const workspace = new WorkspacesRepository(db).first()!;
    const data = new RollForwardRepository(db).load(workspace.id, period);
    return rollForward({ period, ...data, matchedRequestReferences: matched });
  } finally {
    db.close();
  }
}

describe('roll-forward of a ledger synced from the simulator', () => {
  // The core syncs floats and requests once a day at 09:00 UTC (its clock); the simulator's clock
  // stands still, and the test plays the platform: it sets balances and decides requests between syncs.
  let simulator: RunningSimulator;
  let client: PlatformClient;
  let temp: ReturnType<typeof makeTempDir>;
  let core: Core;
  let now: number;

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
    now = Math.floor(simulator.world.now / DAY) * DAY + 9 * 3_600_000;
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

  async function syncNextDay(): Promise<number> {
    now += DAY;
    const summary = await call('sync:run', { datasets: ['floats', 'transfers'] });
    expect(summary.outcome).toBe('succeeded');
    return now;
  }

  it('opening + approved top-ups − derived spend = closing, per float and currency, to the last digit', async () => {
    const floatOf = (currency: string) =>
      simulator.world.floats.find((f) => f.currency === currency) as SimFloat;
    const [gbp, kwd] = [floatOf('GBP'), floatOf('KWD')];
    gbp.availableMinor = 1_234_567_891n; // 12,345,678.91 GBP
    kwd.availableMinor = 1_234_567n; // 1,234.567 KWD

    const day1 = await syncNextDay(); // the opening balances
    const gbpRequest = await client.submitTransfer({ float: gbp.name, currency: 'GBP', amount: '2500.00' });
    const kwdRequest = await client.submitTransfer({ float: kwd.name, currency: 'KWD', amount: '10.00' });
    const [gbpRef, kwdRef] = [gbpRequest.transfer.paymentReference, kwdRequest.transfer.paymentReference];
    gbp.availableMinor -= 1000_00n; // 1,000.00 spent
    kwd.availableMinor -= 500n; // 0.500 spent
    const day2 = await syncNextDay(); // both requests seen pending

    expect(
      (await admin(simulator, 'POST', `/transfers/${gbpRef}/decide`, { status: 'approved' })).status,
    ).toBe(200);
    const edited = { status: 'approved_edited', approved_amount: '10.001' };
    expect((await admin(simulator, 'POST', `/transfers/${kwdRef}/decide`, edited)).status).toBe(200);
    gbp.availableMinor -= 100_00n; // the platform credited 2,500.00; 100.00 spent
    kwd.availableMinor -= 2n; // the platform credited 10.001; 0.002 spent
    const day3 = await syncNextDay();
    gbp.availableMinor += 50_00n; // money nobody approved
    const day4 = await syncNextDay();
    gbp.availableMinor -= 7_00n;
    await syncNextDay(); // after the period

    const period = { from: dateOf(day2), to: dateOf(day4) };
    const report = rollForwardOf(join(temp.dir, 'ledger.sqlite'), period, new Set([kwdRef]));
    const iso = (ms: number) => new Date(ms).toISOString();
    const floatRow = (currency: string, name: string) =>
      report.floats.find((f) => f.currency === currency && f.float === name)!;

    expect(floatRow('GBP', gbp.name)).toMatchObject({
      opening: { snapshot: { recordedAt: iso(day1) }, available: { amount: '12345678.91', currency: 'GBP' } },
      closing: { snapshot: { recordedAt: iso(day4) }, available: { amount: '12347128.91', currency: 'GBP' } },
      snapshotsInPeriod: 3,
      topUpTotal: { amount: '2500.00', currency: 'GBP' },
      spend: { amount: { amount: '1050.00', currency: 'GBP' }, derived: true },
      difference: { amount: '0.00', currency: 'GBP' },
      unexplainedCredit: { amount: '50.00', currency: 'GBP' },
      complete: true,
    });
    expect(floatRow('GBP', gbp.name).topUps).toEqual([
      expect.objectContaining({
        paymentReference: gbpRef,
        status: 'approved',
        amount: { amount: '2500.00', currency: 'GBP' },
        approvedSeenAt: iso(day3),
        creditedBy: expect.objectContaining({ recordedAt: iso(day3) }),
        bankPayment: 'not_found',
      }),
    ]);
    expect(floatRow('KWD', kwd.name)).toMatchObject({
      opening: { available: { amount: '1234.567', currency: 'KWD' } },
      closing: { available: { amount: '1244.066', currency: 'KWD' } },
      topUps: [
        expect.objectContaining({
          paymentReference: kwdRef,
          status: 'approved_edited',
          amount: { amount: '10.001', currency: 'KWD' },
          bankPayment: 'matched',
        }),
      ],
      spend: { amount: { amount: '0.502', currency: 'KWD' } },
      difference: { amount: '0.000', currency: 'KWD' },
    });

    // Every other float stood still; the old approvals the first sync read are in the opening balance.
    for (const row of report.floats)
      if (row.float !== gbp.name && row.float !== kwd.name)
        expect([row.complete, row.topUps, row.spend?.amount.amount]).toEqual([
          true,
          [],
          row.difference?.amount,
        ]);
    for (const currency of report.currencies) {
      expect(currency.excluded).toEqual([]);
      expect(currency.totals!.difference.amount).toMatch(/^0(\.0+)?$/);
    }
    const total = (code: string) => report.currencies.find((c) => c.currency === code)!.totals!;
    expect(total('GBP').spend.amount.amount).toBe('1050.00');
    expect(total('KWD').spend.amount.amount).toBe('0.502');

    expect(report.flags.map((flag) => [flag.kind, flag.float])).toEqual([
      ['unexplained_credit', gbp.name],
      ['approval_without_bank_payment', gbp.name],
    ]);
    expect(report.flags[0]).toMatchObject({
      from: { recordedAt: iso(day3) },
      to: { recordedAt: iso(day4) },
      amount: { amount: '50.00', currency: 'GBP' },
    });

    // The next period opens on this one's closing snapshot.
    const next = rollForwardOf(join(temp.dir, 'ledger.sqlite'), {
      from: dateOf(day4 + DAY),
      to: dateOf(day4 + DAY),
    });
    expect(next.floats.find((f) => f.float === gbp.name)).toMatchObject({
      opening: { snapshot: { recordedAt: iso(day4) } },
      spend: { amount: { amount: '7.00' } },
    });
  });
});

describe('roll-forward data read through the ledger repositories', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let db: Ledger;
  let workspaceId: number;
  beforeEach(() => {
    temp = makeTempDir();
    const ledger = openSyncLedger(temp.dir);
    db = ledger.db;
    workspaceId = ledger.workspaceId;
  });
  afterEach(() => {
    db.close();
    temp.cleanup();
  });

  const request = (
    reference: string,
    status: string,
    approved: string | null,
    float = 'Main',
  ): TransferObservation => ({
    float,
    requested: { amount: '20.00', currency: 'GBP' },
    approved: approved === null ? null : { amount: approved, currency: 'GBP' },
    payment_reference: reference,
    status,
    created_at: '2026-11-01T10:00:00+00:00',
  });

  /** One sync run: balances first, then requests, as the real sync does. */
  function sync(at: string, available: string, requests: TransferObservation[]): void {
    const runId = new SyncRunsRepository(db).startRun(workspaceId, 'manual', at);
    new FloatsRepository(db).recordSnapshots(
      workspaceId,
      [{ currency: 'GBP', name: 'Main', available, pending: '0', platformRefreshedAt: at }],
      at,
      runId,
    );
    new TransfersRepository(db).upsertTransferRequests(workspaceId, requests, {
      syncRunId: runId,
      observedAt: at,
    });
  }

  it('reads exact and over-precise amounts, first approvals only, and leaves the ledger unchanged', () => {
    sync('2026-10-31T09:00:00.000Z', '100.00', [
      request('A', 'pending', null),
      request('B', 'pending', null),
    ]);
    sync('2026-11-02T09:00:00.000Z', '119.005', [
      request('A', 'approved_edited', '20.001'),
      request('B', 'pending', null),
    ]);
    // A's approved amount is edited again: still one top-up, as first seen. B approved in another currency.
    sync('2026-11-03T09:00:00.000Z', '119.005', [
      request('A', 'approved_edited', '20.002'),
      { ...request('B', 'approved', null), approved: { amount: '17.00', currency: 'EUR' } },
    ]);
    const before = db.prepare('SELECT count(*) AS n FROM transfer_request_history').get();
    const data = new RollForwardRepository(db).load(workspaceId, { from: '2026-11-01', to: '2026-11-03' });
    expect(db.prepare('SELECT count(*) AS n FROM transfer_request_history').get()).toEqual(before);

    expect(data.floats).toEqual([
      {
        currency: 'GBP',
        name: 'Main',
        snapshots: [
          expect.objectContaining({
            recordedAt: '2026-10-31T09:00:00.000Z',
            available: '100.00',
            syncRunId: 1,
          }),
          expect.objectContaining({ available: '119.005', syncRunId: 2 }),
          expect.objectContaining({ available: '119.005', syncRunId: 3 }),
        ],
      },
    ]);
    expect(
      data.approvals.map((a) => [a.paymentReference, a.status, a.amount, a.seenBefore, a.syncRunId]),
    ).toEqual([
      ['A', 'approved_edited', { amount: '20.001', currency: 'GBP' }, true, 2],
      ['B', 'approved', { amount: '17', currency: 'EUR' }, true, 3],
    ]);

    const report = rollForward({ period: { from: '2026-11-01', to: '2026-11-03' }, ...data });
    expect(report.floats[0]).toMatchObject({
      opening: { available: { amount: '100.00' } },
      closing: { available: { amount: '119.005' } },
      topUpTotal: { amount: '20.001' },
      spend: { amount: { amount: '0.996' } },
      difference: { amount: '0.00' },
    });
    expect(report.flags.map((flag) => flag.kind)).toEqual([
      'over_precise_amount',
      'over_precise_amount',
      'over_precise_amount',
      'approval_in_other_currency',
    ]);
  });
});
