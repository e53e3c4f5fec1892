/**
 * The transfer table's SQL-rendered CSV (the fast path) against the column definitions' writer, byte
 * for byte, on hostile data; cancelling mid-export leaves no file; progress events arrive.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLedger } from '../../src/main/core/ledger/db';
import { migrate } from '../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import { writeCsv } from '../../src/main/core/export/csv';
import { CSV_REGIONAL, CSV_STANDARD } from '../../src/main/core/export/csv-dialect';
import { transfersTable } from '../../src/main/core/export/tables/transfers';
import { createCore } from '../../src/main/core/services';
import { seedHostileTransfers } from '../helpers/hostile-transfers';
import { runExport } from '../helpers/export-fixture';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
beforeEach(() => (temp = makeTempDir()));
afterEach(() => temp.cleanup());

describe('the SQL-rendered transfer CSV', () => {
  it('equals the column definitions writer byte for byte, in both dialects and several sorts', async () => {
    const path = join(temp.dir, 'ledger.sqlite');
    const writer = openLedger(path);
    migrate(writer, MIGRATIONS);
    seedHostileTransfers(writer, 2_000);
    writer.close();
    const db = openLedger(path, { readonly: true });
    try {
      const source = { db, workspaceId: 1, clock: () => new Date('2026-03-02T00:00:00Z') };
      for (const dialect of [CSV_STANDARD, CSV_REGIONAL])
        for (const sort of [undefined, { column: 'float' as const, direction: 'asc' as const }]) {
          const table = transfersTable(source, { sort });
          expect(table.csvBody).toBeDefined();
          let fast = '';
          let generic = '';
          await writeCsv([table], { write: async (t) => void (fast += t) }, dialect);
          await writeCsv(
            [{ ...table, csvBody: undefined }],
            { write: async (t) => void (generic += t) },
            dialect,
          );
          expect(fast.length).toBeGreaterThan(100_000);
          // The NUL-led float and the status are neutralised; ZZZ minor units are text, never an amount.
          expect(fast).toContain(`"'\0NUL float"`);
          expect(fast).toContain(`"'@\0nul-status"`);
          expect(fast).toMatch(/12345 minor units \(ZZZ decimal places unknown\)/);
          expect(fast === generic).toBe(true);
        }
    } finally {
      db.close();
    }
  });
});

describe('a long export', () => {
  function bigWorkspace(): string {
    const dir = join(temp.dir, 'ws');
    createCore({
      workspaceDir: dir,
      workspaceName: 'x',
      workspaceKind: 'demo',
      shell: 'cli',
      appVersion: 't',
      changePollMs: 0,
    }).close();
    const db = openLedger(join(dir, 'ledger.sqlite'));
    db.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 150000)
      INSERT INTO transfer_requests (workspace_id, payment_reference, created_at, created_utc, float_name, currency,
        requested_minor, status, first_seen_at, last_seen_at, list_stale, last_changed_at)
      SELECT 1, 'R' || i, '2026-01-01T00:00:00Z', printf('2026-01-01T%08d', i), 'Main', 'EUR', i, 'pending',
        '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', 0, '2026-01-01T00:00:00Z' FROM n`);
    db.close();
    return dir;
  }

  it('reports progress, and when cancelled ends once as cancelled and leaves no file', async () => {
    const dir = bigWorkspace();
    const core = createCore({
      workspaceDir: dir,
      workspaceName: 'x',
      workspaceKind: 'demo',
      shell: 'cli',
      appVersion: 't',
      changePollMs: 0,
    });
    try {
      const out = join(temp.dir, 'out');
      const { mkdirSync } = await import('node:fs');
      mkdirSync(out);
      const done = await runExport(core, {
        request: { table: 'transfers' },
        format: 'csv-regional',
        destination: join(out, 'all.csv'),
      });
      expect(done.finished).toMatchObject({ outcome: 'done', rows: 150_000 });
      expect(done.progress.length).toBeGreaterThan(0);
      expect(done.progress[0]).toMatchObject({ totalRows: 150_000 });
      expect(readdirSync(out)).toEqual(['all.csv']);
      const finishedEvents: unknown[] = [];
      core.onEvent((name, payload) => name === 'export:finished' && finishedEvents.push(payload));
      const cancelled = await runExport(
        core,
        {
          request: { table: 'transfers', withHistory: true },
          format: 'csv',
          destination: join(out, 'cancelled.csv'),
        },
        (exportId) => setTimeout(() => void core.dispatch('export:cancel', { exportId }), 5),
      );
      expect(cancelled.finished.outcome).toBe('cancelled');
      expect(cancelled.finished.path).toBeNull();
      expect(readdirSync(out)).toEqual(['all.csv']);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(finishedEvents).toHaveLength(1);
      expect(await core.dispatch('export:cancel', { exportId: cancelled.finished.exportId })).toEqual({
        ok: true,
        value: { cancelled: false },
      });
    } finally {
      await core.close();
    }
  });
});
