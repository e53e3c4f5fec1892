// A platform workspace whose ledger holds the simulator's catalogue of `count` brands, stored by a
// real brand sync (as `floatdesk sync --only brands` stores it) and then indexed for search, as the
// app does right after a sync — so the browser shell opens it like any synced workspace and the
// Brands screen measures the screen, not the indexing.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { openLedger } from '../../src/main/core/ledger/db';
import { migrate } from '../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import { bringCatalogueUpToDate } from '../../src/main/core/ledger/repositories/catalogue-index';
import { SyncRunsRepository } from '../../src/main/core/ledger/repositories/sync-runs';
import { createPlatformClient } from '../../src/main/core/platform/client';
import { brandSync } from '../../src/main/core/sync/brands';
import { startSimulator } from '../../src/simulator/server';

export interface BuiltWorkspace {
  /** The brand sync from the simulator into the ledger. */
  syncMs: number;
  /** bringCatalogueUpToDate after it (FTS5 text and facet attributes). */
  indexMs: number;
  brands: number;
  /** `terms` search texts: prefixes (2–4 letters) of words from the stored brand names, deterministic. */
  terms: string[];
}

/**
 * `floatdesk workspace init`, then a brand sync (detail, no images) from a simulator serving `count`
 * brands into its ledger and the catalogue index brought up to date. The simulator is closed after:
 * the workspace's own base URL (`baseUrl`) is meant to be unreachable, so nothing syncs while measured.
 */
export async function buildWorkspace(
  cli: string,
  workspaceDir: string,
  baseUrl: string,
  count: number,
  terms: number,
): Promise<BuiltWorkspace> {
  const init = spawnSync(process.execPath, [cli, 'workspace', 'init', workspaceDir, '--base-url', baseUrl], {
    encoding: 'utf8',
  });
  if (init.status !== 0) throw new Error(`workspace init failed:\n${init.stderr}`);
  const simulator = await startSimulator({ port: 0, seed: 31, brands: count, transfers: 0 });
  const client = createPlatformClient(simulator, { requestsPerMinute: 100_000 });
  const db = openLedger(join(workspaceDir, 'ledger.sqlite'));
  try {
    migrate(db, MIGRATIONS);
    const workspace = db.prepare('SELECT id FROM workspaces ORDER BY id LIMIT 1').get() as { id: number };
    const runs = new SyncRunsRepository(db);
    const now = (): string => new Date().toISOString();
    const runId = runs.startRun(workspace.id, 'cli', now());
    runs.startDataset(runId, 'brands', now());
    const started = performance.now();
    const outcome = await brandSync({ assets: false })({
      db,
      client,
      workspaceId: workspace.id,
      workspaceDir,
      syncRunId: runId,
      trigger: 'cli',
      clock: () => new Date(),
      signal: new AbortController().signal,
      progress: () => undefined,
    });
    const syncMs = performance.now() - started;
    runs.finishDataset(runId, 'brands', { outcome: 'succeeded', ...outcome }, now());
    runs.finishRun(runId, 'succeeded', now());
    const indexStarted = performance.now();
    const indexed = bringCatalogueUpToDate(db);
    const indexMs = performance.now() - indexStarted;
    const stored = db.prepare('SELECT count(*) FROM brands').pluck().get() as number;
    if (outcome.itemsRead !== count || stored !== count || indexed !== count)
      throw new Error(`read ${outcome.itemsRead}, stored ${stored}, indexed ${indexed} brands of ${count}`);
    const names = db.prepare('SELECT name FROM brands ORDER BY id').pluck().all() as string[];
    const words = [...new Set(names.flatMap((name) => name.toLowerCase().match(/\p{L}{4,}/gu) ?? []))].sort();
    const picked = new Set<string>();
    for (let i = 0; picked.size < terms && i < 100 * terms; i++)
      picked.add((words[(i * 7_919) % words.length] as string).slice(0, 2 + (i % 3)));
    return { syncMs, indexMs, brands: stored, terms: [...picked] };
  } finally {
    db.close();
    await client.close();
    await simulator.close();
  }
}
