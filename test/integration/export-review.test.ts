/**
 * Review fixes of the export runner: a sync committing between the list-value refresh and the
 * reader's snapshot is caught (retry, bounded), the reconciliation steps see a cancel, and the
 * report's Audit part writes the stored audit entries exactly as the audit log export does.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExportFinished } from '../../src/shared/ipc/contract-export';
import { ExportCancelled } from '../../src/main/core/export/csv';
import { ExportRunner } from '../../src/main/core/export/run';
import { reconciliationTablesStepwise } from '../../src/main/core/export/tables/reconciliation';
import { refreshTransferListValues } from '../../src/main/core/export/tables/transfers';
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { createCore } from '../../src/main/core/services';
import { runExport } from '../helpers/export-fixture';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let dir: string;
const clock = (): Date => new Date('2026-03-10T12:00:00Z');
const config = () => ({
  workspaceDir: dir,
  workspaceName: 'x',
  workspaceKind: 'demo' as const,
  shell: 'cli' as const,
  appVersion: 't',
  changePollMs: 0,
});

beforeEach(() => {
  temp = makeTempDir();
  dir = join(temp.dir, 'ws');
  createCore(config(), clock).close();
  const db = openLedger(join(dir, 'ledger.sqlite'));
  db.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30)
    INSERT INTO transfer_requests (workspace_id, payment_reference, created_at, created_utc, float_name, currency,
      requested_minor, status, first_seen_at, last_seen_at, list_stale)
    SELECT 1, 'R' || i, '2026-03-01T00:00:00Z', printf('2026-03-01T%08d', i), 'Main', 'EUR', i * 100, 'pending',
      '2026-03-01T00:00:00Z', '2026-03-01T00:00:00Z', 1 FROM n`);
  db.close();
});
afterEach(() => temp.cleanup());

/** A sync that renames a request (its list values now stale), from a connection of its own. */
function syncRenames(from: string, to: string): void {
  const db = openLedger(join(dir, 'ledger.sqlite'));
  db.prepare(
    'UPDATE transfer_requests SET payment_reference = ?, list_stale = 1 WHERE payment_reference = ?',
  ).run(to, from);
  db.close();
}

async function runWith(
  refresh: (writer: Ledger, signal: AbortSignal) => Promise<number>,
): Promise<{ finished: ExportFinished; out: string }> {
  const writer = openLedger(join(dir, 'ledger.sqlite'));
  const out = join(temp.dir, 'out');
  mkdirSync(out, { recursive: true });
  let settle: (value: ExportFinished) => void = () => {};
  const finished = new Promise<ExportFinished>((resolve) => (settle = resolve));
  const runner = new ExportRunner({
    writer,
    ledgerPath: join(dir, 'ledger.sqlite'),
    workspaceId: 1,
    workspaceDir: dir,
    clock,
    emit: (name, payload) => name === 'export:finished' && settle(payload as ExportFinished),
    refreshListValues: refresh,
  });
  try {
    runner.start({
      request: { table: 'transfers', filters: { text: 'race7' } },
      format: 'csv',
      destination: join(out, 'race.csv'),
    });
    return { finished: await finished, out };
  } finally {
    await runner.close();
    writer.close();
  }
}

describe('the transfer export snapshot', () => {
  it('retries when a sync commits between the refresh and the snapshot: the filter sees fresh values', async () => {
    let calls = 0;
    const { finished, out } = await runWith(async (writer, signal) => {
      const done = await refreshTransferListValues(writer, signal, 7);
      if (++calls === 1) syncRenames('R7', 'RACE7');
      return done;
    });
    expect(finished).toMatchObject({ outcome: 'done', rows: 1 });
    expect(calls).toBe(2);
    expect(readFileSync(join(out, 'race.csv'), 'utf8')).toMatch(/\r\nRACE7,/);
  });

  it('gives up after a bounded number of attempts while a sync keeps writing, leaving no file', async () => {
    let calls = 0;
    const { finished, out } = await runWith(async (writer, signal) => {
      const done = await refreshTransferListValues(writer, signal);
      calls++;
      syncRenames(calls === 1 ? 'R7' : `RACE${calls - 1}`, `RACE${calls}`);
      return done;
    });
    expect(finished).toMatchObject({ outcome: 'failed', error: { code: 'ledger_busy' } });
    expect(calls).toBe(5);
    expect(readdirSync(out)).toEqual([]);
  });
});

describe('the reconciliation export', () => {
  it('checks the cancel signal between its steps', async () => {
    const db = openLedger(join(dir, 'ledger.sqlite'), { readonly: true });
    try {
      const controller = new AbortController();
      const pending = reconciliationTablesStepwise({ db, workspaceId: 1, clock }, {}, controller.signal);
      controller.abort();
      await expect(pending).rejects.toBeInstanceOf(ExportCancelled);
    } finally {
      db.close();
    }
  });

  it('writes the Audit part as the audit log export writes it: stored details, byte for byte', async () => {
    const db = openLedger(join(dir, 'ledger.sqlite'));
    const insert = db.prepare(
      `INSERT INTO audit_log (workspace_id, seq, at, actor, action, subject, details, prev_hash, hash)
       VALUES (1, ?, ?, 'user', 'match.confirm', ?, ?, ?, ?)`,
    );
    const details = ['{"b":1,"a":2.50}', '{ "note": "=cmd", "amount": 1e2 }', '{"x":"caf\\u00e9"}'];
    ['2026-03-01T10:00:00Z', '2026-03-05T10:00:00Z', '2026-03-09T23:59:59Z', '2026-03-20T10:00:00Z'].forEach(
      (at, i) =>
        insert.run(
          i + 1,
          at,
          `S${i}`,
          details[i % details.length],
          (i === 0 ? '0' : 'a').repeat(64),
          'b'.repeat(64),
        ),
    );
    db.close();
    const core = createCore(config(), clock);
    try {
      const out = join(temp.dir, 'audit');
      mkdirSync(out);
      const csv = async (request: unknown, name: string): Promise<string[]> => {
        const { finished } = await runExport(core, { request, format: 'csv', destination: join(out, name) });
        expect(finished.outcome).toBe('done');
        return readFileSync(join(out, name), 'utf8').split('\r\n');
      };
      const log = await csv({ table: 'audit', filters: { to: '2026-03-09' } }, 'log.csv');
      const part = await csv(
        { table: 'reconciliation', filters: { part: 'audit', asOf: '2026-03-09' } },
        'part.csv',
      );
      expect(part).toEqual(log);
      expect(log).toHaveLength(1 + 3 + 1);
      expect(log[1]).toContain('"{""b"":1,""a"":2.50}"');
      expect(log[2]).toContain('"{ ""note"": ""=cmd"", ""amount"": 1e2 }"');
    } finally {
      await core.close();
    }
  });
});
