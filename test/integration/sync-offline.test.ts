import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { migrate } from '../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import { WorkspacesRepository } from '../../src/main/core/ledger/repositories/workspaces';
import { createSyncService } from '../../src/main/core/sync/compose';
import type { SyncService } from '../../src/main/core/sync/service';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { makeTempDir } from '../helpers/temp-dir';

// A platform workspace whose platform goes away and comes back on the same address: the sync
// status says offline (with when it retries), auto-sync retries sooner than its interval, and the
// first answer after that makes it online again — all against the real simulator over HTTP.
let temp: ReturnType<typeof makeTempDir>;
let db: Ledger;
let sync: SyncService;
let simulator: RunningSimulator | undefined;
let port: number;

const simulatorOptions = { seed: 3, brands: 5, transfers: 5 } as const;

beforeEach(async () => {
  temp = makeTempDir();
  simulator = await startSimulator({ ...simulatorOptions, port: 0 });
  port = Number(new URL(simulator.baseUrl).port);
  db = openLedger(join(temp.dir, 'ledger.sqlite'));
  migrate(db, MIGRATIONS);
  const workspace = new WorkspacesRepository(db).ensure({
    name: 'Books',
    kind: 'platform',
    baseUrl: simulator.baseUrl,
    now: new Date().toISOString(),
  });
  sync = createSyncService({
    db,
    workspace,
    workspaceDir: temp.dir,
    clock: () => new Date(),
    owner: 'test',
    credentials: { apiKey: simulator.apiKey, apiSecret: simulator.apiSecret },
    emit: () => {},
  });
});

afterEach(async () => {
  await sync.close();
  await simulator?.close();
  db.close();
  temp.cleanup();
});

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('offline detection', () => {
  it('is online after a sync the platform answered, offline when it cannot be reached', async () => {
    expect(sync.status().network).toEqual({
      state: 'unknown',
      since: null,
      problem: null,
      nextAttemptAt: null,
    });
    await sync.sync({ trigger: 'manual', datasets: ['floats'] });
    expect(sync.status().network).toMatchObject({ state: 'online', problem: null });

    await simulator?.close();
    simulator = undefined;
    const summary = await sync.sync({ trigger: 'manual', datasets: ['floats', 'transfers'] });
    expect(summary.datasets.map((dataset) => dataset.errorCode)).toEqual(['offline', 'offline']);
    const network = sync.status().network;
    expect(network.state).toBe('offline');
    expect(network.problem).toMatch(/refused the connection/);
    expect(network.since).not.toBeNull();
  });

  it('retries sooner than the interval while offline and comes back online by itself', async () => {
    const hour = 3_600_000;
    sync.startAutoSync(hour, () => {});
    const planned = Date.parse(sync.status().network.nextAttemptAt ?? '');
    expect(planned - Date.now()).toBeGreaterThan(hour - 1_000);

    await simulator?.close();
    simulator = undefined;
    const before = Date.now();
    await sync.sync({ trigger: 'manual', datasets: ['floats'] });
    expect(sync.status().network.state).toBe('offline');
    // The hour's wait is cut short: the first offline retry comes in 15 seconds.
    const next = Date.parse(sync.status().network.nextAttemptAt ?? '');
    expect(next - before).toBeGreaterThanOrEqual(15_000 - 50);
    expect(next - Date.now()).toBeLessThan(15_050);

    // With a short interval the retries follow each other; the platform returns on its address.
    sync.startAutoSync(200, () => {});
    simulator = await startSimulator({ ...simulatorOptions, port });
    await until(() => sync.status().network.state === 'online');
    expect(sync.status().network.problem).toBeNull();
    sync.stopAutoSync();
    expect(sync.status().network.nextAttemptAt).toBeNull();
  });
});
