import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { migrate } from '../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import { TransfersRepository } from '../../src/main/core/ledger/repositories/transfers';
import { WorkspacesRepository } from '../../src/main/core/ledger/repositories/workspaces';
import { createPlatformClient, type PlatformClient } from '../../src/main/core/platform/client';
import { transferSync, type TransferSyncOptions } from '../../src/main/core/sync/transfers';
import type { DatasetOutcome, SyncProgress } from '../../src/main/core/sync/types';
import { canonicalDecimal } from '../../src/shared/domain/money';
import { generateWorld } from '../../src/simulator/data';
import { minorToDecimal } from '../../src/simulator/json';
import type { SimTransfer, World } from '../../src/simulator/model';
import { DEFAULT_START_TIME } from '../../src/simulator/options';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { localDayKey } from '../../src/simulator/time';
import { admin } from '../helpers/sim-http';
import { makeTempDir } from '../helpers/temp-dir';

const ZONE = 'Europe/London';
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Harness {
  sim: RunningSimulator;
  db: Ledger;
  ws: number;
  client: PlatformClient;
  sync: (options?: TransferSyncOptions, signal?: AbortSignal) => Promise<DatasetOutcome>;
  progress: Array<Omit<SyncProgress, 'dataset'>>;
  /** Called with each progress event (e.g. to cancel at a given point). */
  onProgress?: (update: Omit<SyncProgress, 'dataset'>) => void;
}

/** A world dense enough to need every kind of split: a burst of 200 requests on one day. */
function denseWorld(transfers = 20_000, overfullGroupSize = 0, timeZone = ZONE): World {
  return generateWorld({
    seed: 11,
    floats: 6,
    transfers,
    brands: 0,
    startTime: DEFAULT_START_TIME,
    adversarial: false,
    timeZone,
    overfullGroupSize,
  });
}

async function harness(
  world: World,
  options: { listCap?: number; inclusive?: boolean; zone?: string } = {},
): Promise<Harness> {
  const sim = await startSimulator({
    world,
    admin: true,
    listCap: options.listCap ?? 50,
    endDateInclusive: options.inclusive ?? true,
    platformTimeZone: options.zone ?? ZONE,
    rateLimit: 1_000_000,
  });
  const temp = makeTempDir();
  const db = openLedger(join(temp.dir, 'ledger.sqlite'));
  migrate(db, MIGRATIONS);
  const ws = new WorkspacesRepository(db).ensure({ name: 't', kind: 'demo', baseUrl: null, now: 'x' }).id;
  // FloatDesk's clock agrees with the platform's (which starts at a fixed date here).
  const client = createPlatformClient(sim, {
    now: sim.now,
    requestsPerMinute: 1_000_000,
    baseBackoffMs: 5,
    maxBackoffMs: 20,
  });
  cleanups.push(
    () => sim.close(),
    () => client.close(),
    () => void db.close(),
    () => temp.cleanup(),
  );
  const progress: Harness['progress'] = [];
  const clock = (): Date => new Date(sim.world.now);
  const sync: Harness['sync'] = (syncOptions = {}, signal = new AbortController().signal) => {
    const runId = db
      .prepare(
        "INSERT INTO sync_runs (workspace_id, trigger, started_at, outcome) VALUES (?, 'manual', ?, 'running')",
      )
      .run(ws, clock().toISOString()).lastInsertRowid;
    return transferSync({ cap: options.listCap ?? 50, ...syncOptions })({
      db,
      client,
      workspaceId: ws,
      workspaceDir: temp.dir,
      syncRunId: Number(runId),
      clock,
      signal,
      progress: (update) => {
        progress.push(update);
        h.onProgress?.(update);
      },
    });
  };
  const h: Harness = { sim, db, ws, client, sync, progress };
  return h;
}

const utc = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');
const keyOf = (reference: string, createdUtc: string): string => `${reference}@${createdUtc}`;

function expected(transfers: readonly SimTransfer[]): Map<string, string> {
  return new Map(
    transfers.map((t) => [
      keyOf(t.paymentReference, utc(t.createdAt)),
      [
        t.float,
        t.currency,
        t.status,
        canonicalDecimal(minorToDecimal(t.requestedMinor, t.exponent)),
        t.approvedMinor === null ? '-' : canonicalDecimal(minorToDecimal(t.approvedMinor, t.exponent)),
      ].join('|'),
    ]),
  );
}

function ledgerRows(h: Harness): Map<string, string> {
  const rows = new TransfersRepository(h.db).list(h.ws);
  const map = new Map<string, string>();
  for (const r of rows) {
    const key = keyOf(r.paymentReference, r.createdUtc);
    expect(map.has(key), `duplicate ${key}`).toBe(false);
    const approved = r.approved === null ? '-' : canonicalDecimal(r.approved.amount);
    map.set(key, [r.float, r.currency, r.status, canonicalDecimal(r.requested.amount), approved].join('|'));
  }
  return map;
}

/** (local day, status, float, currency) groups of the world holding `cap` or more requests. */
function overfullGroups(transfers: readonly SimTransfer[], cap: number): Set<string> {
  const counts = new Map<string, number>();
  for (const t of transfers) {
    const day = new Date(localDayKey(t.createdAt, ZONE)).toISOString().slice(0, 10);
    const key = `${day} status=${t.status} float=${t.float} currency=${t.currency}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, n]) => n >= cap).map(([key]) => key));
}

describe('transfer sync: full backfill against the simulator over HTTP', () => {
  for (const inclusive of [true, false]) {
    it(`reads a dense world exactly, near the request bound (end_date ${inclusive ? 'inclusive' : 'exclusive'})`, async () => {
      const h = await harness(denseWorld(), { inclusive });
      const outcome = await h.sync();
      expect(outcome.incomplete).toBeUndefined();
      expect(ledgerRows(h)).toEqual(expected(h.sim.world.transfers));
      const bound = Math.ceil(h.sim.world.transfers.length / 49);
      expect(outcome.requestsMade).toBeLessThanOrEqual(2 * bound);
      expect(outcome.itemsChanged).toBe(h.sim.world.transfers.length);
      const state = new TransfersRepository(h.db).readState(h.ws);
      expect(state.end_date_mode).toBe(inclusive ? 'inclusive' : 'exclusive');
      expect(state.backfill_completed_at).toBeDefined();
      const done = h.progress.filter((p) => p.phase === 'windows').map((p) => p.done);
      expect(done).toEqual([...done].sort((a, b) => a - b));
      const last = h.progress.at(-1);
      expect(last).toMatchObject({ phase: 'windows' });
      expect(last?.done).toBe(last?.total);
    }, 120_000);
  }

  for (const inclusive of [true, false]) {
    it(`with a cap of 10 reads everything the filters can reach and reports the rest (end_date ${inclusive ? 'inclusive' : 'exclusive'})`, async () => {
      const world = denseWorld(3000);
      const h = await harness(world, { listCap: 10, inclusive });
      const outcome = await h.sync();
      const over = overfullGroups(world.transfers, 10);
      const state = JSON.parse(new TransfersRepository(h.db).readState(h.ws).incomplete ?? '[]') as Array<
        Record<string, string>
      >;
      const reported = new Set(
        state.map((g) => `${g.day} status=${g.status} float=${g.float} currency=${g.currency}`),
      );
      expect(reported).toEqual(over);
      expect(over.size > 0).toBe(outcome.incomplete !== undefined);
      const rows = ledgerRows(h);
      const want = expected(world.transfers);
      for (const t of world.transfers) {
        const day = new Date(localDayKey(t.createdAt, ZONE)).toISOString().slice(0, 10);
        if (over.has(`${day} status=${t.status} float=${t.float} currency=${t.currency}`)) continue;
        const key = keyOf(t.paymentReference, utc(t.createdAt));
        expect(rows.get(key), key).toBe(want.get(key));
      }
      for (const key of rows.keys()) expect(want.has(key)).toBe(true);
    }, 120_000);
  }

  it('reports a day group over the cap as incomplete, naming the day and filters, and keeps what it read', async () => {
    const h = await harness(denseWorld(3000, 60));
    const outcome = await h.sync();
    const group = [...overfullGroups(h.sim.world.transfers, 50)];
    expect(group).toHaveLength(1);
    expect(outcome.incomplete).toContain(group[0]);
    const rows = ledgerRows(h);
    expect(rows.size).toBeGreaterThanOrEqual(h.sim.world.transfers.length - 10);
    // Known from then on: an incremental run (which does not read that day again) still says so,
    // and so does a full run that finds it again.
    expect((await h.sync()).incomplete).toContain(group[0]);
    expect((await h.sync({ full: true })).incomplete).toContain(group[0]);
  }, 60_000);
});

describe('transfer sync: platforms in other time zones', () => {
  for (const zone of ['Pacific/Auckland', 'America/Los_Angeles']) {
    it(`reads every request by the platform's local days (${zone}, end_date exclusive)`, async () => {
      const h = await harness(denseWorld(3000, 0, zone), { inclusive: false, zone });
      const outcome = await h.sync();
      expect(outcome.incomplete).toBeUndefined();
      expect(ledgerRows(h)).toEqual(expected(h.sim.world.transfers));
      const newest = new TransfersRepository(h.db).newestCreatedUtc(h.ws);
      expect(newest).toBe(utc(Math.max(...h.sim.world.transfers.map((t) => t.createdAt))));
    }, 60_000);
  }
});

describe('transfer sync: incremental runs', () => {
  it('appends history for an approved edit and changes nothing else; a second full run changes nothing', async () => {
    const h = await harness(denseWorld(3000));
    await h.sync();
    const repo = new TransfersRepository(h.db);
    const historyRows = (): number =>
      (h.db.prepare('SELECT count(*) AS n FROM transfer_request_history').get() as { n: number }).n;
    const before = historyRows();
    const open = repo.listOpen(h.ws);
    const old = open[0];
    expect(old).toBeDefined();
    const reference = old?.paymentReference as string;
    const transfer = h.sim.world.transfers.find((t) => t.paymentReference === reference) as SimTransfer;
    const approvedAmount = minorToDecimal(transfer.requestedMinor - 100n, transfer.exponent);
    const decided = await admin(h.sim, 'POST', `/transfers/${reference}/decide`, {
      status: 'approved_edited',
      approved_amount: approvedAmount,
    });
    expect(decided.status).toBe(200);

    const incremental = await h.sync();
    expect(incremental.itemsChanged).toBe(1);
    // Open requests are listed by status (a few windows), the changed one read again, then the recent days.
    expect(incremental.requestsMade).toBeLessThanOrEqual(12);
    const history = repo.history(h.ws, reference);
    expect(history.map((e) => [e.status, e.approved?.amount ?? null])).toEqual([
      ['pending', null],
      ['approved_edited', approvedAmount],
    ]);
    expect(historyRows()).toBe(before + 1);
    expect(ledgerRows(h)).toEqual(expected(h.sim.world.transfers));

    const again = await h.sync({ full: true });
    expect(again.itemsChanged).toBe(0);
    expect(historyRows()).toBe(before + 1);
    expect(ledgerRows(h)).toEqual(expected(h.sim.world.transfers));
  }, 60_000);

  it('picks up requests made since, and resumes a cancelled backfill where it stopped', async () => {
    const h = await harness(denseWorld(3000), { inclusive: false });
    const controller = new AbortController();
    let windows = 0;
    h.onProgress = (update) => {
      if (update.phase === 'windows' && ++windows > 20) controller.abort(new Error('stop'));
    };
    await expect(h.sync({}, controller.signal)).rejects.toThrow('stop');
    h.onProgress = undefined;
    const state = new TransfersRepository(h.db).readState(h.ws);
    expect(state.covered_through).toBeDefined();
    expect(state.backfill_completed_at).toBeUndefined();
    const partial = new TransfersRepository(h.db).count(h.ws);
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(h.sim.world.transfers.length);

    // The days read completely before the stop are not read again (only their open requests are).
    const through = state.covered_through as string;
    const readBefore = h.sim.world.transfers.filter(
      (t) => new Date(localDayKey(t.createdAt, ZONE)).toISOString().slice(0, 10) <= through,
    );
    const before = readBefore.filter((t) => t.status !== 'pending').length;
    const resumed = await h.sync();
    expect(resumed.itemsChanged).toBe(h.sim.world.transfers.length - partial);
    expect(resumed.itemsRead).toBeLessThanOrEqual(h.sim.world.transfers.length - before);

    await admin(h.sim, 'POST', '/clock/advance', { days: 2 });
    const float = h.sim.world.floats[0] as World['floats'][number];
    const created = await h.client.submitTransfer({
      float: float.name,
      currency: float.currency,
      amount: '250.00',
    });
    expect(created.transfer.paymentReference).toBeDefined();
    await h.sync();
    expect(ledgerRows(h)).toEqual(expected(h.sim.world.transfers));
  }, 60_000);
});
