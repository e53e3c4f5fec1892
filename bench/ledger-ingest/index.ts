// Upsert 100,000 transfer requests into a ledger file: TransfersRepository
// — exact UTC instants, exact minor units, a look-up of each identity and a first history row per
// request, in one transaction — against its anchor: a plain prepared-statement INSERT of the same
// rows (values computed beforehand) into the same table of the same schema, in one transaction.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { migrate } from '../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import {
  TransfersRepository,
  utcInstant,
  type TransferObservation,
} from '../../src/main/core/ledger/repositories/transfers';
import { toStoredAmount } from '../../src/main/core/ledger/repositories/stored-amounts';
import { report } from '../harness';
import { generator, transferRow } from '../transfer-rows';

const COUNT = 100_000;
const REPETITIONS = 7;
const TARGET_RATIO = 2;
const OBSERVED_AT = '2026-11-02T09:00:00.000Z';

/** Requests as the client decodes them: amounts as text, times in London with their offset. */
function requests(count: number): TransferObservation[] {
  const random = generator(20261102);
  const start = Date.UTC(2016, 10, 2);
  const items: TransferObservation[] = [];
  for (let i = 0; i < count; i++) {
    const row = transferRow(random, i);
    const ms = start + Math.floor(random() * 10 * 365) * 86_400_000 + Math.floor(random() * 86_400) * 1000;
    const summer = new Date(ms).getUTCMonth() >= 3 && new Date(ms).getUTCMonth() <= 8;
    const local = new Date(ms + (summer ? 3_600_000 : 0)).toISOString().slice(0, 19);
    items.push({ ...row, created_at: `${local}${summer ? '+01:00' : '+00:00'}` });
  }
  return items;
}

function freshLedger(dir: string, name: string): { db: Ledger; ws: number; run: number } {
  const db = openLedger(join(dir, name));
  migrate(db, MIGRATIONS);
  db.prepare(
    "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'bench', 'demo', '2026-11-02T09:00:00Z')",
  ).run();
  db.prepare(
    "INSERT INTO sync_runs (id, workspace_id, trigger, started_at, outcome) VALUES (1, 1, 'cli', ?, 'running')",
  ).run(OBSERVED_AT);
  return { db, ws: 1, run: 1 };
}

function time(run: () => void): number {
  (globalThis as { gc?: () => void }).gc?.();
  const started = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const median = (samples: number[]): number =>
  samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? NaN;

const items = requests(COUNT);
// The anchor's rows: the very values the repository stores, computed before the clock starts.
const rows = items.map((item) => {
  const requested = toStoredAmount(item.requested.amount, item.requested.currency);
  const approved =
    item.approved === null
      ? { minor: null, exact: null }
      : toStoredAmount(item.approved.amount, item.approved.currency);
  return [
    1,
    item.payment_reference,
    item.created_at,
    utcInstant(item.created_at),
    item.float,
    item.requested.currency,
    requested.minor,
    requested.exact,
    approved.minor,
    approved.exact,
    item.status,
    OBSERVED_AT,
    OBSERVED_AT,
  ] as const;
});

const dir = mkdtempSync(join(tmpdir(), 'floatdesk-bench-'));
try {
  const values: number[] = [];
  const anchors: number[] = [];
  let second = 0;
  let batched = 0;
  for (let round = 0; round < REPETITIONS; round++) {
    const anchorLedger = freshLedger(dir, `anchor-${round}.sqlite`);
    const insert = anchorLedger.db.prepare(
      `INSERT INTO transfer_requests (workspace_id, payment_reference, created_at, created_utc, float_name, currency,
         requested_minor, requested_exact, approved_minor, approved_exact, status, first_seen_at, last_seen_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertAll = anchorLedger.db.transaction(() => {
      for (const row of rows) insert.run(...row);
    });
    anchors.push(time(() => insertAll.immediate()));
    anchorLedger.db.close();

    const ledger = freshLedger(dir, `value-${round}.sqlite`);
    const repo = new TransfersRepository(ledger.db);
    const options = { syncRunId: ledger.run, observedAt: OBSERVED_AT };
    let counts = { inserted: 0, changed: 0, unchanged: 0 };
    values.push(time(() => (counts = repo.upsertTransferRequests(ledger.ws, items, options))));
    if (counts.inserted !== COUNT) throw new Error(`inserted ${counts.inserted} of ${COUNT}`);
    if (round === 0) {
      second = time(() => (counts = repo.upsertTransferRequests(ledger.ws, items, options)));
      if (counts.unchanged !== COUNT)
        throw new Error(`a second pass changed ${COUNT - counts.unchanged} rows`);
      const history = ledger.db.prepare('SELECT count(*) AS n FROM transfer_request_history').get() as {
        n: number;
      };
      if (history.n !== COUNT) throw new Error(`history holds ${history.n} rows, expected ${COUNT}`);
    }
    ledger.db.close();
    if (round === 0) {
      const perWindow = freshLedger(dir, 'batched.sqlite');
      const windowRepo = new TransfersRepository(perWindow.db);
      batched = time(() => {
        for (let i = 0; i < COUNT; i += 49)
          windowRepo.upsertTransferRequests(perWindow.ws, items.slice(i, i + 49), options);
      });
      perWindow.db.close();
    }
  }
  const value = median(values);
  const anchor = median(anchors);
  console.log(`ledger: ${COUNT} transfer requests, WAL, synchronous=FULL, one transaction per call`);
  console.log(`upsert with history detection: ${value.toFixed(1)} ms (median of ${REPETITIONS})`);
  console.log(`anchor, plain INSERT:          ${anchor.toFixed(1)} ms (median of ${REPETITIONS})`);
  console.log(`second pass, all unchanged:    ${second.toFixed(1)} ms`);
  console.log(`as a sync commits (49 a transaction): ${batched.toFixed(1)} ms`);
  console.log(`ratio: ${(value / anchor).toFixed(2)} (target <= ${TARGET_RATIO})`);
  report({
    bench: 'ledger-ingest',
    value,
    anchor,
    target: TARGET_RATIO,
    requests: COUNT,
    secondPassMs: Math.round(second),
    batched49Ms: Math.round(batched),
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
