import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLedger, type Ledger } from '../../../src/main/core/ledger/db';
import { migrate } from '../../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../../src/main/core/ledger/migrations';
import { bringCatalogueUpToDate } from '../../../src/main/core/ledger/repositories/catalogue-index';
import { createPlatformClient } from '../../../src/main/core/platform/client';
import { brandSync } from '../../../src/main/core/sync/brands';
import { WorkspacesRepository } from '../../../src/main/core/ledger/repositories/workspaces';
import { SyncRunsRepository } from '../../../src/main/core/ledger/repositories/sync-runs';
import { DEFAULT_START_TIME } from '../../../src/simulator/options';
import { startSimulator } from '../../../src/simulator/server';
import { makeTempDir } from '../../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let ledgers: Ledger[] = [];
beforeEach(() => {
  temp = makeTempDir();
});
afterEach(() => {
  for (const db of ledgers) if (db.open) db.close();
  ledgers = [];
  temp.cleanup();
});

const STEP = MIGRATIONS.findIndex((step) => step.name === 'catalogue-search') + 1;

/** A ledger at `steps` holding the simulator's catalogue, synced the way the app syncs (needs step 12). */
async function syncedLedger(name: string, steps: number): Promise<Ledger> {
  const db = openLedger(join(temp.dir, name));
  ledgers.push(db);
  migrate(db, MIGRATIONS.slice(0, steps));
  // Both ledgers must get the very same catalogue: a fixed start, and a client on the platform's clock.
  const simulator = await startSimulator({
    port: 0,
    seed: 3,
    brands: 150,
    transfers: 0,
    adversarial: true,
    startTime: DEFAULT_START_TIME,
  });
  const client = createPlatformClient(simulator, { requestsPerMinute: 100_000, now: simulator.now });
  const at = new Date('2026-11-02T09:00:00.000Z');
  const workspace = new WorkspacesRepository(db).ensure({
    name: 'T',
    kind: 'demo',
    baseUrl: null,
    now: at.toISOString(),
  });
  await brandSync({ assets: false })({
    db,
    client,
    workspaceId: workspace.id,
    workspaceDir: temp.dir,
    syncRunId: new SyncRunsRepository(db).startRun(workspace.id, 'cli', at.toISOString()),
    clock: () => at,
    signal: new AbortController().signal,
    progress: () => undefined,
  });
  await client.close();
  await simulator.close();
  return db;
}

const catalogue = (db: Ledger) => db.prepare('SELECT * FROM brand_catalogue ORDER BY brand_id').all();
const fullText = (db: Ledger, query: string) =>
  db.prepare('SELECT rowid FROM brand_fts WHERE brand_fts MATCH ? ORDER BY rank, rowid').pluck().all(query);

describe('migration 0012-catalogue-search', () => {
  it('is step 12 and indexes the brands of a version 11 ledger exactly as a sync indexes them', async () => {
    expect(STEP).toBe(12);
    // A version 11 ledger with a catalogue: today's sync marks the brands, so take that away again.
    const upgraded = await syncedLedger('old.sqlite', STEP);
    upgraded.exec('DROP TABLE brand_fts; DROP TABLE brand_catalogue; DROP TABLE catalogue_pending;');
    upgraded.pragma(`user_version = ${STEP - 1}`);
    expect(migrate(upgraded, MIGRATIONS.slice(0, STEP)).applied).toEqual(['0012-catalogue-search']);
    // The step marks every stored brand for indexing; the first search indexes them.
    expect(upgraded.prepare('SELECT count(*) FROM catalogue_pending').pluck().get()).toBe(150);
    expect(catalogue(upgraded)).toEqual([]);
    expect(bringCatalogueUpToDate(upgraded)).toBe(150);
    const fresh = await syncedLedger('new.sqlite', STEP);
    expect(bringCatalogueUpToDate(fresh)).toBe(150);
    expect(catalogue(upgraded)).toEqual(catalogue(fresh));
    expect(catalogue(upgraded)).toHaveLength(150);
    for (const query of ['"gift"*', '"a"*', '{name} : "s"*', '"food"* AND "drink"*', '"toys"*'])
      expect(fullText(upgraded, query)).toEqual(fullText(fresh, query));
    expect(
      upgraded.prepare('SELECT strict FROM pragma_table_list WHERE name = ?').pluck().get('brand_catalogue'),
    ).toBe(1);
    expect(upgraded.pragma('foreign_key_check')).toEqual([]);
  });

  it('keeps one attribute row per brand, with flags as 0/1 and the brand required', async () => {
    const db = await syncedLedger('x.sqlite', STEP);
    bringCatalogueUpToDate(db);
    const insert = db.prepare(
      `INSERT INTO brand_catalogue (brand_id, type, status, currency, gc_pool, categories, countries, delivery_methods,
         transaction_types, redemption_methods) VALUES (?, 'gift-card', 'ENABLED', 'GBP', ?, '[]', '[]', '[]', '[]', '[]')`,
    );
    expect(() => insert.run(1, 1)).toThrow(/UNIQUE|PRIMARY/);
    expect(() => insert.run(999_999, 1)).toThrow(/FOREIGN KEY/);
    db.prepare('DELETE FROM brand_catalogue WHERE brand_id = 1').run();
    expect(() => insert.run(1, 2)).toThrow(/CHECK/);
  });
});
