/**
 * The transfer CSV rendered by a worker thread next to the core (parallel/body.ts) against the
 * one-thread rendering, byte for byte, on hostile data; the snapshot the threads share; the ways it
 * falls back to one thread. Uses the built worker (out/main/export-worker.js): `npm run build` first.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExportCancelled, writeCsv, type CsvFastTable } from '../../src/main/core/export/csv';
import { CSV_REGIONAL, CSV_STANDARD, type CsvDialect } from '../../src/main/core/export/csv-dialect';
import type { ExportSource } from '../../src/main/core/export/tables/source';
import { transfersTable } from '../../src/main/core/export/tables/transfers';
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { migrate } from '../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import { seedHostileTransfers } from '../helpers/hostile-transfers';
import { makeTempDir } from '../helpers/temp-dir';

const WORKER = resolve('out/main/export-worker.js');
const ROWS = 24_000;

let temp: ReturnType<typeof makeTempDir>;
let path: string;
let writer: Ledger;
let reader: Ledger;

beforeEach(() => {
  temp = makeTempDir();
  path = join(temp.dir, 'ledger.sqlite');
  writer = openLedger(path);
  migrate(writer, MIGRATIONS);
  seedHostileTransfers(writer, ROWS);
  reader = openLedger(path, { readonly: true });
});
afterEach(() => {
  reader.close();
  writer.close();
  temp.cleanup();
});

const clock = (): Date => new Date('2026-03-02T00:00:00Z');

function source(workerPath = WORKER): ExportSource {
  return {
    db: reader,
    workspaceId: 1,
    clock,
    parallel: { workerPath, ledgerPath: path, writer, workers: 1, fromRows: 0 },
  };
}

/** Like the export runner: inside the reader's read transaction. */
async function render(
  table: CsvFastTable<unknown>,
  dialect: CsvDialect,
  signal?: AbortSignal,
): Promise<Buffer> {
  const parts: Buffer[] = [];
  await writeCsv(
    [table],
    {
      write: async (data) =>
        void parts.push(Buffer.from(typeof data === 'string' ? Buffer.from(data) : data)),
    },
    dialect,
    signal ? { signal } : {},
  );
  return Buffer.concat(parts);
}

function inSnapshot<T>(run: () => Promise<T>): Promise<T> {
  reader.exec('BEGIN');
  reader.prepare('SELECT 1 FROM transfer_requests LIMIT 1').get();
  return run().finally(() => {
    if (reader.inTransaction) reader.exec('COMMIT');
  });
}

describe('the transfer CSV rendered on two threads', () => {
  it('is byte for byte the one-thread CSV, in both dialects, sorts and with a filter', async () => {
    expect(existsSync(WORKER), 'run npm run build first').toBe(true);
    const requests: Parameters<typeof transfersTable>[1][] = [
      {},
      { sort: { column: 'float', direction: 'asc' } },
      { filters: { currency: 'EUR', statuses: ['approved', '=cmd|x'] } },
    ];
    for (const dialect of [CSV_STANDARD, CSV_REGIONAL])
      for (const request of requests) {
        const parallel = await inSnapshot(() => render(transfersTable(source(), request), dialect));
        const serial = await inSnapshot(() =>
          render(transfersTable({ db: reader, workspaceId: 1, clock }, request), dialect),
        );
        expect(parallel.length).toBeGreaterThan(request.filters ? 20_000 : 500_000);
        expect(parallel.equals(serial)).toBe(true);
      }
  }, 120_000);

  it('renders one consistent snapshot when a sync commits between the export snapshot and the worker start', async () => {
    const before = await inSnapshot(async () => {
      reader.exec('COMMIT');
      reader.exec('BEGIN');
      reader.prepare('SELECT 1 FROM transfer_requests LIMIT 1').get();
      const table = transfersTable(source(), {});
      // A commit after the export's snapshot: the worker must not see it, or the rows would mix.
      writer
        .prepare(
          "UPDATE transfer_requests SET last_changed_at = '2030-01-01T00:00:00.000Z' WHERE id <= 20000",
        )
        .run();
      return render(table, CSV_STANDARD);
    });
    expect(before.toString('utf8')).toContain('2030-01-01T00:00:00.000Z');
    // The export notices the commit, takes a fresh snapshot, and renders it consistently.
    const after = await inSnapshot(() =>
      render(transfersTable({ db: reader, workspaceId: 1, clock }, {}), CSV_STANDARD),
    );
    expect(before.equals(after)).toBe(true);
  });

  it('refuses to mix snapshots when list values went stale meanwhile (a sync is writing)', async () => {
    await expect(
      inSnapshot(async () => {
        const table = transfersTable(source(), {});
        writer.prepare('UPDATE transfer_requests SET list_stale = 1 WHERE id = 5').run();
        return render(table, CSV_STANDARD);
      }),
    ).rejects.toMatchObject({ code: 'ledger_busy' });
  });

  it('renders on one thread when the worker is missing or cannot start', async () => {
    const serial = await inSnapshot(() =>
      render(transfersTable({ db: reader, workspaceId: 1, clock }, {}), CSV_REGIONAL),
    );
    const missing = await inSnapshot(() =>
      render(transfersTable(source(join(temp.dir, 'nowhere.js')), {}), CSV_REGIONAL),
    );
    expect(missing.equals(serial)).toBe(true);
    // A worker that reports it could not take its snapshot.
    const failing = join(temp.dir, 'failing-worker.mjs');
    writeFileSync(
      failing,
      `import { workerData } from 'node:worker_threads';
       const signals = new Int32Array(workerData.signals);
       Atomics.add(signals, 1, 1); Atomics.notify(signals, 1);`,
    );
    const fallback = await inSnapshot(() => render(transfersTable(source(failing), {}), CSV_REGIONAL));
    expect(fallback.equals(serial)).toBe(true);
    // The write lock taken while the worker started is released.
    expect(writer.inTransaction).toBe(false);
    writer.prepare('UPDATE transfer_requests SET last_changed_at = NULL WHERE id = 1').run();
  });

  it('stops the worker when the export is cancelled, and the next export runs', async () => {
    const controller = new AbortController();
    let chunks = 0;
    const table = transfersTable(source(), {});
    const cancelled = inSnapshot(() =>
      writeCsv(
        [table],
        {
          write: async () => {
            if (++chunks === 2) controller.abort();
          },
        },
        CSV_STANDARD,
        { signal: controller.signal },
      ),
    );
    await expect(cancelled).rejects.toBeInstanceOf(ExportCancelled);
    const again = await inSnapshot(() => render(transfersTable(source(), {}), CSV_STANDARD));
    expect(again.length).toBeGreaterThan(500_000);
  });
});
