// A platform workspace whose ledger holds `count` transfer requests, written through the ledger's own
// repository (as a sync writes them), so the browser shell opens it like any synced workspace.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { openLedger } from '../../src/main/core/ledger/db';
import { migrate } from '../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import {
  TransfersRepository,
  type TransferObservation,
} from '../../src/main/core/ledger/repositories/transfers';
import { generator, transferRow } from '../transfer-rows';

const DAY_MS = 86_400_000;

/** Requests created over the ten years before `now`, London time with its offset, as the platform writes. */
function requests(count: number, now: number): TransferObservation[] {
  const random = generator(20261122);
  const items: TransferObservation[] = [];
  for (let i = 0; i < count; i++) {
    const row = transferRow(random, i);
    const ms = now - Math.floor(random() * 3650) * DAY_MS - Math.floor(random() * 86_400) * 1000;
    const month = new Date(ms).getUTCMonth();
    const summer = month >= 3 && month <= 8;
    const local = new Date(ms + (summer ? 3_600_000 : 0)).toISOString().slice(0, 19);
    items.push({ ...row, created_at: `${local}${summer ? '+01:00' : '+00:00'}` });
  }
  return items;
}

/** `floatdesk workspace init`, then the requests written into its ledger. Returns the insert time. */
export function buildWorkspace(cli: string, workspaceDir: string, baseUrl: string, count: number): number {
  const init = spawnSync(process.execPath, [cli, 'workspace', 'init', workspaceDir, '--base-url', baseUrl], {
    encoding: 'utf8',
  });
  if (init.status !== 0) throw new Error(`workspace init failed:\n${init.stderr}`);
  const db = openLedger(join(workspaceDir, 'ledger.sqlite'));
  try {
    migrate(db, MIGRATIONS);
    const workspace = db.prepare('SELECT id FROM workspaces ORDER BY id LIMIT 1').get() as { id: number };
    const now = Date.now();
    const items = requests(count, now);
    const started = performance.now();
    const counts = new TransfersRepository(db).upsertTransferRequests(workspace.id, items, {
      syncRunId: null,
      observedAt: new Date(now).toISOString(),
    });
    if (counts.inserted !== count) throw new Error(`inserted ${counts.inserted} of ${count} requests`);
    return performance.now() - started;
  } finally {
    db.close();
  }
}
