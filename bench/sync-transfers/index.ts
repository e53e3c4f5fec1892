// Backfill of 100,000 transfer requests spread over ten years: the
// simulator over HTTP (list cap 50, no paging), the real platform client, a fresh ledger file. The
// value is the number of list requests the sync makes; the anchor is the lower bound ⌈N/49⌉ (every
// answer below the cap holds at most 49). The world follows the simulator's own generator (busier
// working days, quieter weekends, month ends, growth over the years), stretched to ten years.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLedger } from '../../src/main/core/ledger/db';
import { migrate } from '../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import { TransfersRepository } from '../../src/main/core/ledger/repositories/transfers';
import { WorkspacesRepository } from '../../src/main/core/ledger/repositories/workspaces';
import { createPlatformClient } from '../../src/main/core/platform/client';
import { transferSync } from '../../src/main/core/sync/transfers';
import { generateWorld, generatedReference } from '../../src/simulator/data';
import { transferBounds } from '../../src/simulator/data/common';
import {
  approvedFor,
  editedAmount,
  finalStatus,
  requestedAmount,
} from '../../src/simulator/data/transfer-rules';
import type { SimTransfer, World } from '../../src/simulator/model';
import { DEFAULT_START_TIME } from '../../src/simulator/options';
import { Random } from '../../src/simulator/random';
import { startSimulator } from '../../src/simulator/server';
import { report } from '../harness';

const COUNT = 100_000;
const DAYS = 3650;
const CAP = 50;
const TARGET_RATIO = 2;
const DAY = 86_400_000;
const ZONE = 'Europe/London';

/** Weights of the days, as the simulator's generator weighs its history (data/transfers.ts). */
function dayWeights(firstDay: number): Float64Array {
  const cumulative = new Float64Array(DAYS);
  let total = 0;
  for (let d = 0; d < DAYS; d++) {
    const date = new Date(firstDay + d * DAY);
    const weekday = date.getUTCDay();
    let weight = weekday === 0 ? 0.04 : weekday === 6 ? 0.08 : 1;
    if (new Date(firstDay + (d + 3) * DAY).getUTCMonth() !== date.getUTCMonth()) weight *= 2.5;
    weight *= 0.6 + (0.8 * d) / DAYS;
    total += weight;
    cumulative[d] = total;
  }
  return cumulative;
}

function tenYears(): World {
  const world = generateWorld({
    seed: 27,
    floats: 6,
    transfers: 0,
    brands: 0,
    startTime: DEFAULT_START_TIME,
    adversarial: false,
    timeZone: ZONE,
  });
  const random = new Random(2026);
  const firstDay = Math.floor(DEFAULT_START_TIME / DAY) * DAY - (DAYS - 1) * DAY;
  const cumulative = dayWeights(firstDay);
  const total = cumulative[DAYS - 1] ?? 1;
  const weights = world.floats.map((float) => (float.name === 'Main' ? 1.5 : 1));
  const weightTotal = weights.reduce((a, b) => a + b, 0);
  const drafts: Array<{ createdAt: number; float: number }> = [];
  for (let i = 0; i < COUNT; i++) {
    const target = random.next() * total;
    let [low, high] = [0, DAYS - 1];
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((cumulative[mid] ?? 0) < target) low = mid + 1;
      else high = mid;
    }
    const hours = 7 + (random.next() + random.next() + random.next()) * (11 / 3);
    const createdAt = Math.min(
      firstDay + low * DAY + Math.floor(hours * 3600) * 1000,
      DEFAULT_START_TIME - 60_000,
    );
    let pick = random.next() * weightTotal;
    const float = weights.findIndex((weight) => (pick -= weight) < 0);
    drafts.push({ createdAt, float: float < 0 ? weights.length - 1 : float });
  }
  drafts.sort((a, b) => a.createdAt - b.createdAt);
  world.transfers = drafts.map((draft, index): SimTransfer => {
    const float = world.floats[draft.float] as World['floats'][number];
    const age = DEFAULT_START_TIME - draft.createdAt;
    const pending = random.chance(age < 3 * DAY ? 0.85 : age < 14 * DAY ? 0.2 : 0.003);
    const status = pending ? 'pending' : finalStatus(random);
    const { min } = transferBounds(float.exponent);
    const requestedMinor = requestedAmount(random, float.currency, float.exponent);
    const edited =
      status === 'approved_edited' ? editedAmount(random, requestedMinor, float.exponent) : undefined;
    return {
      seq: index + 1,
      float: float.name,
      currency: float.currency,
      exponent: float.exponent,
      requestedMinor: requestedMinor < min ? min : requestedMinor,
      approvedMinor: status === 'pending' ? null : approvedFor(status, requestedMinor, edited),
      paymentReference: generatedReference(index + 1),
      status,
      createdAt: draft.createdAt,
      plan: null,
    };
  });
  world.counters.transfer = COUNT;
  world.counters.reference = COUNT;
  return world;
}

const world = tenYears();
const sim = await startSimulator({ world, listCap: CAP, platformTimeZone: ZONE, rateLimit: 10_000_000 });
// The world starts at a fixed date: FloatDesk's clock is the platform's (one clock, README).
const client = createPlatformClient(sim, { requestsPerMinute: 10_000_000, now: sim.now });
const dir = mkdtempSync(join(tmpdir(), 'floatdesk-bench-'));
try {
  const db = openLedger(join(dir, 'ledger.sqlite'));
  migrate(db, MIGRATIONS);
  const clock = (): Date => new Date(sim.world.now);
  const ws = new WorkspacesRepository(db).ensure({
    name: 'bench',
    kind: 'platform',
    baseUrl: null,
    now: clock().toISOString(),
  }).id;
  const runId = db
    .prepare(
      "INSERT INTO sync_runs (workspace_id, trigger, started_at, outcome) VALUES (?, 'cli', ?, 'running')",
    )
    .run(ws, clock().toISOString()).lastInsertRowid;
  const since = new Date((world.transfers[0] as SimTransfer).createdAt - DAY).toISOString().slice(0, 10);
  const started = process.hrtime.bigint();
  const outcome = await transferSync({ since, cap: CAP })({
    db,
    client,
    workspaceId: ws,
    workspaceDir: dir,
    syncRunId: Number(runId),
    clock,
    signal: new AbortController().signal,
    progress: () => {},
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;

  // The ledger must hold the world exactly before the count means anything.
  const repo = new TransfersRepository(db);
  const stored = new Set(repo.list(ws).map((row) => `${row.paymentReference}@${row.createdUtc}`));
  const missing = world.transfers.filter(
    (t) => !stored.has(`${t.paymentReference}@${new Date(t.createdAt).toISOString().replace('.000Z', 'Z')}`),
  );
  if (missing.length > 0 || stored.size !== COUNT || outcome.incomplete !== undefined)
    throw new Error(
      `backfill incomplete: ${missing.length} missing, ${stored.size} stored, ${outcome.incomplete}`,
    );
  db.close();

  const bound = Math.ceil(COUNT / (CAP - 1));
  console.log(
    `world: ${COUNT} requests over ${DAYS} days (${(COUNT / DAYS).toFixed(1)} a day), list cap ${CAP}`,
  );
  console.log(
    `backfill: ${outcome.requestsMade} requests in ${seconds.toFixed(1)} s, ${outcome.itemsRead} items read`,
  );
  console.log(`lower bound ⌈N/${CAP - 1}⌉: ${bound}`);
  console.log(`ratio: ${(outcome.requestsMade / bound).toFixed(2)} (target <= ${TARGET_RATIO})`);
  report({
    bench: 'sync-transfers',
    value: outcome.requestsMade,
    anchor: bound,
    target: TARGET_RATIO,
    unit: 'requests',
    seconds: Math.round(seconds * 10) / 10,
    itemsRead: outcome.itemsRead,
  });
} finally {
  await client.close();
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
}
