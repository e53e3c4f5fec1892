// The brand sync (catalogue of 5,000 brands with detail, images off) from the simulator into a fresh
// ledger file: fetch, lossless parse, validation, canonical JSON, diff and upsert in 1,000-brand
// transactions with synchronous=FULL. Anchor: undici.request + JSON.parse of the same answer.
// Also shown, not judged: a second sync of the unchanged catalogue into the filled ledger.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { migrate } from '../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import { SyncRunsRepository } from '../../src/main/core/ledger/repositories/sync-runs';
import { WorkspacesRepository } from '../../src/main/core/ledger/repositories/workspaces';
import { createPlatformClient } from '../../src/main/core/platform/client';
import { brandSync } from '../../src/main/core/sync/brands';
import type { SyncContext } from '../../src/main/core/sync/types';
import { startSimulator } from '../../src/simulator/server';
import { medianMsAsync, report } from '../harness';
import { signedGetHeaders } from '../signed-headers';

const BRANDS = 5_000;
const TARGET_RATIO = 4;
const RUNS = 11;
const WARMUP = 3;

const simulator = await startSimulator({ port: 0, seed: 11, brands: BRANDS, transfers: 0 });
const client = createPlatformClient(simulator, { requestsPerMinute: 100_000 });
const url = `${simulator.baseUrl}/brands?detail=true`;
const dir = mkdtempSync(join(tmpdir(), 'floatdesk-bench-sync-brands-'));
const sync = brandSync({ assets: false });
let ledgers = 0;

function freshLedger(): { db: Ledger; context: SyncContext } {
  const db = openLedger(join(dir, `ledger-${ledgers++}.sqlite`));
  migrate(db, MIGRATIONS);
  const at = new Date('2026-11-02T09:00:00.000Z');
  const workspace = new WorkspacesRepository(db).ensure({
    name: 'Bench',
    kind: 'demo',
    baseUrl: null,
    now: at.toISOString(),
  });
  const runId = new SyncRunsRepository(db).startRun(workspace.id, 'cli', at.toISOString());
  const context: SyncContext = {
    db,
    client,
    workspaceId: workspace.id,
    workspaceDir: dir,
    syncRunId: runId,
    clock: () => at,
    signal: new AbortController().signal,
    progress: () => undefined,
  };
  return { db, context };
}

/** Median of `runs` timed syncs, each into a ledger prepared (and afterwards dropped) untimed. */
async function timeSyncs(runs: number, warmup: number, twice: boolean): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < warmup + runs; i++) {
    const { db, context } = freshLedger();
    if (twice) await sync(context);
    (globalThis as { gc?: () => void }).gc?.();
    const started = process.hrtime.bigint();
    const outcome = await sync(context);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const stored = db.prepare('SELECT count(*) AS n FROM brands').get() as { n: number };
    if (outcome.itemsRead !== BRANDS || stored.n !== BRANDS)
      throw new Error(`the sync read ${outcome.itemsRead} and stored ${stored.n} brands, expected ${BRANDS}`);
    db.close();
    rmSync(join(dir, `ledger-${ledgers - 1}.sqlite`), { force: true });
    if (i >= warmup) samples.push(ms);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? Number.NaN;
}

async function anchorFetch(): Promise<unknown> {
  const response = await request(url, {
    headers: signedGetHeaders(simulator.apiKey, simulator.apiSecret, 'brands'),
  });
  return JSON.parse(await response.body.text());
}

const anchorCheck = (await anchorFetch()) as { data: { brands: Record<string, unknown> } };
if (Object.keys(anchorCheck.data.brands).length !== BRANDS)
  throw new Error('the anchor read a different catalogue');

const value = await timeSyncs(RUNS, WARMUP, false);
const anchor = await medianMsAsync(anchorFetch, RUNS, WARMUP);
const unchanged = await timeSyncs(5, 1, true);
await client.close();
await simulator.close();
rmSync(dir, { recursive: true, force: true });

console.log(
  `sync:   brandSync of ${BRANDS} brands with detail into a fresh ledger:  ${value.toFixed(1)} ms (median of ${RUNS})`,
);
console.log(
  `anchor: undici.request + JSON.parse of the same answer:            ${anchor.toFixed(1)} ms (median of ${RUNS})`,
);
console.log(`(info)  second sync, unchanged catalogue, filled ledger:         ${unchanged.toFixed(1)} ms`);
console.log(`ratio: ${(value / anchor).toFixed(2)} (target <= ${TARGET_RATIO})`);
report({ bench: 'sync-brands', value, anchor, target: TARGET_RATIO, brands: BRANDS, unchangedMs: unchanged });
