// floats:list through the whole core (input validation, latest-snapshot query, exact money
// conversion, output validation) against its anchor: the same SQL read raw with better-sqlite3.
// The ratio is FloatDesk's overhead on top of SQLite for the page people open every morning.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { FloatsRepository, type BalanceObservation } from '../../src/main/core/ledger/repositories/floats';
import { createCore } from '../../src/main/core/services';
import { medianMs, medianMsAsync, report } from '../harness';

const FLOATS = 200;
const SNAPSHOTS_PER_FLOAT = 365; // a year of daily syncs
const CURRENCIES = ['GBP', 'EUR', 'USD', 'JPY', 'KWD'];
const TARGET_RATIO = 4;

const dir = mkdtempSync(join(tmpdir(), 'floatdesk-bench-'));
try {
  const core = createCore({
    workspaceDir: dir,
    workspaceName: 'bench',
    workspaceKind: 'demo',
    shell: 'cli',
    appVersion: 'bench',
    changePollMs: 0,
  });
  const ledgerPath = join(dir, 'ledger.sqlite');
  const writer = new Database(ledgerPath);
  const floats = new FloatsRepository(writer);
  const day = 86_400_000;
  for (let snapshot = 0; snapshot < SNAPSHOTS_PER_FLOAT; snapshot++) {
    const observations: BalanceObservation[] = [];
    for (let f = 0; f < FLOATS; f++) {
      observations.push({
        currency: CURRENCIES[f % CURRENCIES.length] ?? 'GBP',
        name: `Float ${f}`,
        available: `${(f + 1) * 1000 + snapshot}.${f % 10}`,
        pending: `${snapshot}`,
        platformRefreshedAt: new Date(Date.UTC(2025, 10, 22) + snapshot * day).toISOString(),
      });
    }
    floats.recordSnapshots(
      1,
      observations,
      new Date(Date.UTC(2025, 10, 22) + snapshot * day + 60_000).toISOString(),
    );
  }
  writer.close();
  console.log(
    `ledger: ${FLOATS} floats x ${SNAPSHOTS_PER_FLOAT} snapshots = ${FLOATS * SNAPSHOTS_PER_FLOAT} rows`,
  );

  const raw = new Database(ledgerPath, { readonly: true });
  const rawQuery = raw.prepare(
    `SELECT f.currency, f.name, s.recorded_at, s.platform_refreshed_at,
            s.available_minor, s.available_exact, s.pending_minor, s.pending_exact
       FROM floats f
       LEFT JOIN balance_snapshots s ON s.id = (
         SELECT id FROM balance_snapshots WHERE float_id = f.id ORDER BY recorded_at DESC, id DESC LIMIT 1)
      WHERE f.workspace_id = 1
      ORDER BY f.currency, f.name COLLATE NOCASE`,
  );
  if (rawQuery.all().length !== FLOATS) throw new Error('anchor query returned the wrong row count');

  let listed = 0;
  const value = await medianMsAsync(async () => {
    const envelope = await core.dispatch('floats:list', {});
    if (!envelope.ok) throw new Error(envelope.error.message);
    listed = (envelope.value as { floats: unknown[] }).floats.length;
  }, 60);
  if (listed !== FLOATS) throw new Error(`floats:list returned ${listed} floats, expected ${FLOATS}`);
  const anchor = medianMs(() => rawQuery.all(), 60);
  raw.close();
  await core.close();

  console.log(`floats:list through the core: ${value.toFixed(2)} ms (median of 60)`);
  console.log(`anchor, raw SQL only:         ${anchor.toFixed(2)} ms (median of 60)`);
  console.log(`overhead ratio: ${(value / anchor).toFixed(2)} (target <= ${TARGET_RATIO})`);
  report({
    bench: 'floats-list',
    value,
    anchor,
    target: TARGET_RATIO,
    floats: FLOATS,
    snapshots: FLOATS * SNAPSHOTS_PER_FLOAT,
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
