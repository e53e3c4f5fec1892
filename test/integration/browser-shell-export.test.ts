import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCsv } from '../../src/main/core/export/csv';
import { CSV_REGIONAL } from '../../src/main/core/export/csv-dialect';
import { transfersTable } from '../../src/main/core/export/tables/transfers';
import { openLedger } from '../../src/main/core/ledger/db';
import { recordBalances } from '../helpers/ledger-fixture';
import { assertBuilt, runCliAsync, startServing, type RunningShell } from '../helpers/cli';
import { readCsv } from '../helpers/csv-read';
import { finishedExports } from '../helpers/shell-events';
import { makeTempDir } from '../helpers/temp-dir';

// The browser shell's export download: export:start over /rpc, the outcome over /events,
// then GET /export/<id> with the token hands the file out once and removes it.
let temp: ReturnType<typeof makeTempDir>;
let shell: RunningShell;

beforeAll(async () => {
  assertBuilt();
  temp = makeTempDir();
  shell = await startServing(['--workspace', temp.dir, '--port', '0']);
  recordBalances(
    join(temp.dir, 'ledger.sqlite'),
    [
      { currency: 'GBP', name: 'Main', available: '1250.5', pending: '0', platformRefreshedAt: null },
      { currency: 'EUR', name: '=cmd|x', available: '-0.01', pending: '3', platformRefreshedAt: null },
    ],
    '2026-11-22T09:00:00.000Z',
  );
});
afterAll(async () => {
  await shell?.stop();
  temp?.cleanup();
});

const auth = (): Record<string, string> => ({ Authorization: `Bearer ${shell.token}` });

async function rpc(
  channel: string,
  body: unknown,
): Promise<{ ok: boolean; value?: unknown; error?: unknown }> {
  const response = await fetch(`${shell.origin}/rpc/${channel}`, {
    method: 'POST',
    headers: { ...auth(), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { ok: boolean };
}

describe('GET /export/<id> in the browser shell', () => {
  it('hands a finished CSV out once, with the token only, then removes it', async () => {
    const events = await finishedExports(shell.origin, shell.token);
    try {
      const started = await rpc('export:start', { request: { table: 'balances' }, format: 'csv' });
      expect(started.ok).toBe(true);
      const { exportId, fileName } = started.value as { exportId: string; fileName: string };
      expect(fileName).toMatch(/^floatdesk-balances-\d{4}-\d{2}-\d{2}\.csv$/);
      const finished = await events.next(exportId);
      expect(finished).toMatchObject({ outcome: 'done', rows: 2, fileName, error: null });
      expect(existsSync(finished.path ?? '')).toBe(true);

      const without = await fetch(`${shell.origin}/export/${exportId}`);
      expect(without.status).toBe(401);
      const wrong = await fetch(`${shell.origin}/export/${exportId}`, {
        headers: { Authorization: 'Bearer not-the-token' },
      });
      expect(wrong.status).toBe(401);
      const post = await fetch(`${shell.origin}/export/${exportId}`, { method: 'POST', headers: auth() });
      expect(post.status).toBe(405);

      const response = await fetch(`${shell.origin}/export/${exportId}`, { headers: auth() });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toContain(`filename="${fileName}"`);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.byteLength).toBe(finished.bytes);
      const text = bytes.toString('utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
      const [header, ...rows] = readCsv(text);
      expect(header?.[0]).toBe('Currency');
      const cells = rows.flat();
      expect(cells).toContain('1250.50');
      expect(cells).toContain('-0.01');
      // A text cell that looks like a formula is neutralised.
      expect(cells).not.toContain('=cmd|x');

      // Handed out once: the second GET finds nothing, and the file is gone from the workspace.
      const again = await fetch(`${shell.origin}/export/${exportId}`, { headers: auth() });
      expect(again.status).toBe(404);
      expect(await again.text()).toContain('already downloaded');
      await expect.poll(() => existsSync(finished.path ?? '')).toBe(false);
    } finally {
      events.stop();
    }
  });

  it('refuses a page-chosen destination, and an unknown id', async () => {
    const refused = await rpc('export:start', {
      request: { table: 'balances' },
      format: 'csv',
      destination: join(temp.dir, 'elsewhere.csv'),
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(existsSync(join(temp.dir, 'elsewhere.csv'))).toBe(false);
    const journals = await rpc('journals:export', {
      asOf: '2026-10-31',
      format: 'csv',
      destination: join(temp.dir, 'journals.csv'),
    });
    expect(journals).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(existsSync(join(temp.dir, 'journals.csv'))).toBe(false);
    const unknown = await fetch(`${shell.origin}/export/not-an-export`, { headers: auth() });
    expect(unknown.status).toBe(404);
  });
});

describe('a large transfer CSV, rendered by a worker thread inside the core worker', () => {
  it('downloads byte for byte what one thread renders, and the CLI writes the same file', async () => {
    const ledgerPath = join(temp.dir, 'ledger.sqlite');
    const db = openLedger(ledgerPath);
    const workspaceId = db.prepare('SELECT id FROM workspaces LIMIT 1').pluck().get() as number;
    // Enough rows for the two-thread path (from 100,000), hostile text included.
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 120000)
       INSERT INTO transfer_requests (workspace_id, payment_reference, created_at, created_utc, float_name,
         currency, requested_minor, approved_minor, status, first_seen_at, last_seen_at, list_stale, last_changed_at)
       SELECT ?, CASE i % 4 WHEN 0 THEN '=HYPERLINK(' || i || ')' WHEN 1 THEN 'a,"b"' || i ELSE 'R' || i END,
         '2026-01-01T00:00:00Z', printf('2026-01-01T%08d', i), CASE i % 3 WHEN 0 THEN '-Ops' ELSE 'Main' END,
         CASE i % 2 WHEN 0 THEN 'EUR' ELSE 'JPY' END, i - 60000, CASE i % 5 WHEN 0 THEN NULL ELSE i END,
         'pending', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', 0, NULL FROM n`,
    ).run(workspaceId);
    db.close();

    const events = await finishedExports(shell.origin, shell.token);
    let downloaded: Buffer;
    try {
      const started = await rpc('export:start', { request: { table: 'transfers' }, format: 'csv-regional' });
      expect(started.ok).toBe(true);
      const { exportId } = started.value as { exportId: string };
      expect(await events.next(exportId)).toMatchObject({ outcome: 'done', rows: 120_000 });
      const response = await fetch(`${shell.origin}/export/${exportId}`, { headers: auth() });
      downloaded = Buffer.from(await response.arrayBuffer());
    } finally {
      events.stop();
    }

    const reader = openLedger(ledgerPath, { readonly: true });
    const oneThread: Buffer[] = [];
    try {
      reader.exec('BEGIN');
      const table = transfersTable({ db: reader, workspaceId, clock: () => new Date() }, {});
      await writeCsv(
        [table],
        { write: async (data) => void oneThread.push(Buffer.from(data)) },
        CSV_REGIONAL,
      );
    } finally {
      reader.close();
    }
    expect(downloaded.length).toBeGreaterThan(3_000_000);
    expect(downloaded.equals(Buffer.concat(oneThread))).toBe(true);

    const out = join(temp.dir, 'cli-transfers.csv');
    const cli = await runCliAsync([
      'export',
      'transfers',
      '--workspace',
      temp.dir,
      '--format',
      'csv-regional',
      '--out',
      out,
    ]);
    expect(cli.status, cli.stderr).toBe(0);
    expect(readFileSync(out).equals(downloaded)).toBe(true);
    // Both really rendered on two threads (the one-thread fallback would give the same bytes).
    const renders = readFileSync(join(temp.dir, 'logs', 'floatdesk.log'), 'utf8')
      .split('\n')
      .filter((line) => line.includes('"export.render"'))
      .map((line) => JSON.parse(line) as { threads: number });
    expect(renders.map((entry) => entry.threads)).toEqual([2, 2]);
  }, 120_000);
});
