/**
 * Drift on a settled, weeks-old request. Against the real simulator over HTTP: a request approved,
 * reconciled by a bank line and signed off, then 20 days pass (the simulator's clock and
 * FloatDesk's): the recent days and the open requests no longer cover it, so only the re-read of
 * signed-off requests brings the platform's later change into the ledger. A sync a person starts
 * always re-reads them; an automatic one only once the last pass is 24 h old.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppNotification } from '../../src/shared/ipc/contract-notifications';
import type { ChannelOutput } from '../../src/shared/ipc/contract';
import type { Channel } from '../../src/shared/ipc/channels';
import { createPlatformClient, type PlatformClient } from '../../src/main/core/platform/client';
import { createCore, type Core } from '../../src/main/core/services';
import { ledgerPathOf } from '../../src/main/core/paths';
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { WorkspacesRepository } from '../../src/main/core/ledger/repositories/workspaces';
import { createSyncService } from '../../src/main/core/sync/compose';
import type { SyncSummary } from '../../src/main/core/sync/run';
import type { SyncProgress } from '../../src/main/core/sync/types';
import type { RunningSimulator } from '../../src/simulator/server';
import type { SimFloat } from '../../src/simulator/model';
import { startExactSimulator } from '../helpers/platform-fixture';
import { admin } from '../helpers/sim-http';
import { makeTempDir } from '../helpers/temp-dir';

const DAY = 86_400_000;
const HOUR = 3_600_000;
let simulator: RunningSimulator;
let client: PlatformClient;
let temp: ReturnType<typeof makeTempDir>;
let core: Core;
let db: Ledger;
let now: number;
let notified: AppNotification[];
let phases: string[];

beforeAll(async () => {
  // The platform's clock is moved weeks ahead (later()) while FloatDesk's core still signs with this
  // computer's clock: one clock means such a platform refuses those Timestamps, so widen its window.
  simulator = await startExactSimulator({ timestampSkewMs: 365 * DAY });
  client = createPlatformClient(simulator, { baseBackoffMs: 5, maxBackoffMs: 20 });
});
afterAll(async () => {
  await client?.close();
  await simulator?.close();
});
beforeEach(() => {
  temp = makeTempDir();
  now = simulator.world.now;
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
  phases = [];
  core.onEvent((name, payload) => {
    if (name === 'notifications:new') notified.push(payload as AppNotification);
    if (name === 'sync:progress') phases.push((payload as SyncProgress).phase);
  });
  db = openLedger(ledgerPathOf(temp.dir));
});
afterEach(async () => {
  db?.close();
  await core?.close();
  temp.cleanup();
});

async function call<C extends Channel>(channel: C, input: unknown = {}): Promise<ChannelOutput<C>> {
  const envelope = await core.dispatch(channel, input);
  if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.code} ${envelope.error.message}`);
  return envelope.value as ChannelOutput<C>;
}

type Run = { requests: number; reread: boolean };
const transfersOf = (summary: SyncSummary): number =>
  summary.datasets.find((d) => d.dataset === 'transfers')!.requestsMade;

/** A sync a person starts: `floatdesk sync` (trigger 'cli'), through the core. */
async function userSync(): Promise<Run> {
  phases = [];
  const summary = await call('sync:run', { datasets: ['transfers'] });
  expect(summary.outcome).toBe('succeeded');
  return { requests: transfersOf(summary as SyncSummary), reread: phases.includes('signed-off') };
}

/** An automatic sync of the same workspace, as the auto-sync timer starts it (its own connection). */
async function autoSync(): Promise<Run> {
  const seen: string[] = [];
  const service = createSyncService({
    db,
    workspace: new WorkspacesRepository(db).first()!,
    workspaceDir: temp.dir,
    clock: () => new Date(now),
    owner: 'test',
    credentials: { apiKey: simulator.apiKey, apiSecret: simulator.apiSecret },
    emit: (name, payload) => {
      if (name === 'notifications:new') notified.push(payload as AppNotification);
      if (name === 'sync:progress') seen.push((payload as SyncProgress).phase);
    },
  });
  try {
    const summary = await service.sync({ trigger: 'auto', datasets: ['transfers'] });
    expect(summary.outcome).toBe('succeeded');
    return { requests: transfersOf(summary), reread: seen.includes('signed-off') };
  } finally {
    await service.close();
  }
}

async function later(ms: number): Promise<void> {
  now += ms;
  const advanced = await admin(simulator, 'POST', '/clock/advance', { ms });
  expect(advanced.status, advanced.text).toBe(200);
}

async function amend(reference: string, body: { status: string; approved_amount?: string }) {
  const amended = await admin(simulator, 'POST', `/transfers/${reference}/amend`, body);
  expect(amended.status, amended.text).toBe(200);
}

const ledgerRow = (reference: string) =>
  db
    .prepare('SELECT status, approved_minor AS approved FROM transfer_requests WHERE payment_reference = ?')
    .get(reference);
const historyRows = (reference: string) =>
  db
    .prepare(
      `SELECT count(*) FROM transfer_request_history h
         JOIN transfer_requests r ON r.id = h.transfer_request_id WHERE r.payment_reference = ?`,
    )
    .pluck()
    .get(reference) as number;
const driftRows = () =>
  db.prepare('SELECT field, signed_off, now_text FROM recon_signoff_drift ORDER BY id').raw().all();

describe('a signed-off request changed weeks later', () => {
  it('reaches the ledger and raises drift on a user sync; on automatic syncs once a day', async () => {
    const gbp = simulator.world.floats.find((float) => float.currency === 'GBP') as SimFloat;
    const outcome = await client.submitTransfer({ float: gbp.name, currency: 'GBP', amount: '2500.00' });
    const reference = outcome.transfer.paymentReference;
    await admin(simulator, 'POST', `/transfers/${reference}/decide`, { status: 'approved' });
    await later(HOUR);
    await userSync();
    const request = (await call('recon:items', { limit: 500 })).items.find((item) => item.id === reference)!;
    await call('recon:profiles.save', {
      name: 'Simple',
      profile: { columns: { date: 'Date', amount: 'Amount', currency: 'Currency', reference: 'Reference' } },
    });
    const csv = `Date,Amount,Currency,Reference\r\n${request.date},-2500.00,GBP,${reference}\r\n`;
    await call('recon:import', {
      fileName: 'bank.csv',
      contentBase64: Buffer.from(csv).toString('base64'),
      profile: 'Simple',
    });
    expect(await call('recon:run', {})).toMatchObject({ matchesAdded: 1 });
    expect((await call('recon:signoff', { acknowledgeOpenItems: true })).signOff).toMatchObject({
      lockedRequests: 1,
    });

    // 20 days on, the platform corrects the approval.
    await later(20 * DAY);
    await amend(reference, { status: 'approved_edited', approved_amount: '2400.00' });
    const user = await userSync();
    expect(user.reread).toBe(true);
    expect(ledgerRow(reference)).toEqual({ status: 'approved_edited', approved: 240000 });
    expect(driftRows()).toEqual([
      ['status', 'approved', 'approved_edited'],
      ['approved_amount', '2500.00 GBP', '2400.00 GBP'],
    ]);
    expect(notified.map((n) => [n.kind, n.title])).toEqual([
      ['signoff_drift', `Signed-off request changed: ${reference}`],
      ['signoff_drift', `Signed-off request changed: ${reference}`],
    ]);
    const history = historyRows(reference);
    // The same again (the days since the last sync read now): nothing new, nothing announced twice.
    notified = [];
    const steady = await userSync();
    expect(steady.reread).toBe(true);
    expect(notified).toEqual([]);

    // Within 24 h of that pass an automatic sync does not re-read it: one request fewer, unseen.
    await amend(reference, { status: 'removed' });
    await later(HOUR);
    expect(await autoSync()).toEqual({ requests: steady.requests - 1, reread: false });
    expect(ledgerRow(reference)).toMatchObject({ status: 'approved_edited' });
    expect(notified).toEqual([]);
    await later(22 * HOUR);
    expect(await autoSync()).toMatchObject({ reread: false });

    // 24 h after the pass (begun at the user sync before): the next automatic sync re-reads it.
    await later(HOUR);
    expect(await autoSync()).toEqual({ requests: steady.requests, reread: true });
    expect(ledgerRow(reference)).toMatchObject({ status: 'removed' });
    expect(driftRows()).toHaveLength(4);
    expect(notified.map((n) => n.title)).toEqual([
      `Signed-off request changed: ${reference}`,
      `Signed-off request changed back: ${reference}`,
    ]);
    const after = historyRows(reference);
    expect(after).toBe(history + 1);
    expect(await autoSync()).toMatchObject({ reread: false });
  });
});
