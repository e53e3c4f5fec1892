/**
 * Drift after a sign-off. Against the real simulator over HTTP: an approved request reconciled by
 * a bank line and signed off, which the platform then edits, removes, approves again, removes
 * again and cancels (through the admin API's amend, as the platform would correct a settled
 * request): every change is one drift row and one 'signoff_drift' notification, a change back to
 * the signed-off value too, and nothing is announced twice. On a ledger written as a sync writes
 * it (also with no sync run): an approved amount in another currency, compared exactly.
 */
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppNotification } from '../../src/shared/ipc/contract-notifications';
import type { ChannelOutput } from '../../src/shared/ipc/contract';
import type { Channel } from '../../src/shared/ipc/channels';
import { createPlatformClient, type PlatformClient } from '../../src/main/core/platform/client';
import { createCore, type Core } from '../../src/main/core/services';
import type { RunningSimulator } from '../../src/simulator/server';
import type { SimFloat } from '../../src/simulator/model';
import { startExactSimulator } from '../helpers/platform-fixture';
import { admin } from '../helpers/sim-http';
import { openLedger } from '../../src/main/core/ledger/db';
import { SyncRunsRepository } from '../../src/main/core/ledger/repositories/sync-runs';
import {
  TransfersRepository,
  type TransferObservation,
} from '../../src/main/core/ledger/repositories/transfers';
import { raiseNotifications } from '../../src/main/core/notifications/after-sync';
import {
  RECON_NOW,
  RECON_REQUESTS,
  RECON_STATEMENT,
  reconCore,
  seedReconWorkspace,
  statementBase64,
} from '../helpers/recon-fixture';
import { makeTempDir } from '../helpers/temp-dir';

const DAY = 86_400_000;
const HOUR = 3_600_000;
let simulator: RunningSimulator;
let client: PlatformClient;
let temp: ReturnType<typeof makeTempDir>;
let core: Core;
let now: number;
let notified: AppNotification[];

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

async function call<C extends Channel>(channel: C, input: unknown = {}): Promise<ChannelOutput<C>> {
  const envelope = await core.dispatch(channel, input);
  if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.code} ${envelope.error.message}`);
  return envelope.value as ChannelOutput<C>;
}

async function syncAfter(ms: number): Promise<void> {
  now += ms;
  const summary = await call('sync:run', { datasets: ['transfers'] });
  expect(summary.outcome).toBe('succeeded');
}
const syncNextDay = () => syncAfter(DAY);
// Later syncs stay within the recent days the sync re-reads (a final request is not re-read after).
const syncSoon = () => syncAfter(HOUR);

describe('against the simulator', () => {
  it('every change to a signed-off approved request is announced once, a change back too', async () => {
    const gbp = simulator.world.floats.find((float) => float.currency === 'GBP') as SimFloat;
    const outcome = await client.submitTransfer({ float: gbp.name, currency: 'GBP', amount: '2500.00' });
    const reference = outcome.transfer.paymentReference;
    expect(
      (await admin(simulator, 'POST', `/transfers/${reference}/decide`, { status: 'approved' })).status,
    ).toBe(200);
    await syncNextDay();
    const request = (await call('recon:items', { limit: 500 })).items.find((item) => item.id === reference)!;
    expect(request).toMatchObject({ state: 'awaiting_payment' });

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
    const matched = (await call('recon:items', { limit: 500 })).items.find((item) => item.id === reference);
    expect(matched).toMatchObject({ state: 'matched' });
    const { signOff } = await call('recon:signoff', { acknowledgeOpenItems: true });
    expect(signOff).toMatchObject({ id: 1, lockedRequests: 1, lockedLines: 1, actor: 'cli' });
    await syncSoon();
    expect(notified).toEqual([]); // nothing changed: nothing to say

    // A settled request is amended, not decided: decide answers 422 for it.
    const again = await admin(simulator, 'POST', `/transfers/${reference}/decide`, { status: 'cancelled' });
    expect(again.status).toBe(422);
    const change = async (body: { status: string; approved_amount?: string }) => {
      const amended = await admin(simulator, 'POST', `/transfers/${reference}/amend`, body);
      expect(amended.status, amended.text).toBe(200);
      notified = [];
      await syncSoon();
      return notified.map((n) => [n.title.replace(`: ${reference}`, ''), n.message]);
    };
    const changed = 'Signed-off request changed';
    const back = 'Signed-off request changed back';
    const was = (field: string, before: string, after: string) =>
      `The platform changed the ${field} of ${reference} after it was signed off as of ${signOff.asOf} ` +
      `(sign-off 1): it was ${before}, it is now ${after}. Review it; to reconcile it again, unlock that sign-off with a reason.`;
    const backTo = (field: string, value: string) =>
      `The platform changed the ${field} of ${reference} back to what was signed off as of ${signOff.asOf} ` +
      `(sign-off 1): it is ${value} again. Review it; the earlier change is kept on the sign-off.`;

    // Approved for an edited amount.
    expect(await change({ status: 'approved_edited', approved_amount: '2400.00' })).toEqual([
      [changed, was('status', 'approved', 'approved with an edited amount')],
      [changed, was('approved amount', '£2,500.00', '£2,400.00')],
    ]);
    // Removed: the platform keeps the requested amount as approved, the amount as signed off again.
    expect(await change({ status: 'removed' })).toEqual([
      [changed, was('status', 'approved', 'removed')],
      [back, backTo('approved amount', '£2,500.00')],
    ]);
    expect(await change({ status: 'approved' })).toEqual([[back, backTo('status', 'approved')]]);
    // Removed a second time: seen again (not taken for the first removal).
    expect(await change({ status: 'removed' })).toEqual([[changed, was('status', 'approved', 'removed')]]);
    // Cancelled: no approved amount any more.
    expect(await change({ status: 'cancelled' })).toEqual([
      [changed, was('status', 'approved', 'cancelled')],
      [changed, was('approved amount', '£2,500.00', 'no approved amount')],
    ]);
    expect(await change({ status: 'cancelled' })).toEqual([]);

    const [listed] = (await call('recon:signoffs')).signOffs;
    expect(listed!.drift.map((d) => [d.field, d.signedOff, d.now])).toEqual([
      ['approved_amount', '2500.00 GBP', null],
      ['status', 'approved', 'cancelled'],
      ['status', 'approved', 'removed'],
      ['status', 'approved', 'approved'],
      ['approved_amount', '2500.00 GBP', '2500.00 GBP'],
      ['status', 'approved', 'removed'],
      ['approved_amount', '2500.00 GBP', '2400.00 GBP'],
      ['status', 'approved', 'approved_edited'],
    ]);
    expect(listed!.drift[0]).toMatchObject({
      paymentReference: reference,
      detectedAt: new Date(now - HOUR).toISOString(), // the sync before the last one,
    });
    const stored = (await call('notifications:list', {})).notifications;
    expect(stored.map((n) => n.kind)).toEqual(Array(8).fill('signoff_drift'));
    // Still locked: the item keeps its signed-off state until the sign-off is unlocked.
    expect((await call('recon:items', { limit: 500 })).items.find((i) => i.id === reference)).toMatchObject({
      state: 'signed_off',
      lockedBy: { signOffId: 1 },
    });
  });
});

describe('on a ledger written as a sync writes it', () => {
  it('an approved amount in another currency is drift, compared and stored canonically; found whichever run wrote it', async () => {
    await core.close();
    const dir = join(temp.dir, 'books');
    const path = seedReconWorkspace(dir);
    const books = reconCore(dir);
    const dispatch = async (channel: Channel, input: unknown = {}) => {
      const envelope = await books.dispatch(channel, input);
      if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.message}`);
      return envelope.value as never;
    };
    await dispatch('recon:import', { fileName: RECON_STATEMENT, contentBase64: statementBase64() });
    await dispatch('recon:run', {});
    const { signOff } = (await dispatch('recon:signoff', {
      acknowledgeOpenItems: true,
    })) as ChannelOutput<'recon:signoff'>;
    expect(signOff).toMatchObject({ lockedRequests: 1, lockedLines: 1 }); // FDK7Q2M9X1, approved 2500.00 GBP
    await books.close();

    const db = openLedger(path);
    try {
      const signedOff = RECON_REQUESTS.find((r) => r.payment_reference === 'FDK7Q2M9X1')!;
      const observe = (approved: TransferObservation['approved']) =>
        new TransfersRepository(db).upsertTransferRequests(1, [{ ...signedOff, approved }], {
          // Written with no sync run: drift does not depend on which run wrote the change.
          syncRunId: null,
          observedAt: '2026-11-01T12:00:00.000Z',
        });
      const notify = () => {
        const runId = new SyncRunsRepository(db).startRun(1, 'manual', RECON_NOW.toISOString());
        return raiseNotifications({ db, workspaceId: 1, clock: () => RECON_NOW, emit: () => {} }, runId).map(
          (n) => n.message.replace(/^The platform changed the approved amount of FDK7Q2M9X1 /, ''),
        );
      };
      const drift = () =>
        db.prepare('SELECT field, signed_off, now_text FROM recon_signoff_drift ORDER BY id').raw().all();

      observe({ amount: '2900', currency: 'EUR' });
      expect(notify()).toEqual([expect.stringContaining('it was £2,500.00, it is now €2,900.00.')]);
      // The same amount written differently is the same amount: nothing new.
      observe({ amount: '2900.00', currency: 'EUR' });
      expect(notify()).toEqual([]);
      // The same number in the signed-off currency is not the signed-off amount.
      observe({ amount: '2900.0', currency: 'GBP' });
      expect(notify()).toEqual([expect.stringContaining('it was £2,500.00, it is now £2,900.00.')]);
      observe({ amount: '2500', currency: 'GBP' });
      expect(notify()).toEqual([
        expect.stringContaining(
          'back to what was signed off as of 2026-10-31 (sign-off 1): it is £2,500.00 again.',
        ),
      ]);
      expect(notify()).toEqual([]);
      expect(drift()).toEqual([
        ['approved_amount', '2500.00 GBP', '2900.00 EUR'],
        ['approved_amount', '2500.00 GBP', '2900.00 GBP'],
        ['approved_amount', '2500.00 GBP', '2500.00 GBP'],
      ]);
      // Each drift row is announced once, keyed by its id.
      expect(
        db
          .prepare("SELECT dedupe_key FROM notifications WHERE kind = 'signoff_drift' ORDER BY id")
          .pluck()
          .all(),
      ).toEqual(['signoff_drift:1', 'signoff_drift:2', 'signoff_drift:3']);
    } finally {
      db.close();
    }
  });
});
