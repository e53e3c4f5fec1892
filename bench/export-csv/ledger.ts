/**
 * A ledger file with `count` transfer requests for the export benchmark, written straight with SQL
 * (the sync is not what is measured): five currencies (0, 2 and 3 decimals), quotes, separators and
 * formula-like references, a few over-precise amounts kept as text, approved, edited and pending rows.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createCore } from '../../src/main/core/services';

export async function buildLedger(dir: string, count: number): Promise<string> {
  const core = createCore({
    workspaceDir: dir,
    workspaceName: 'bench',
    workspaceKind: 'demo',
    shell: 'cli',
    appVersion: 'bench',
    changePollMs: 0,
  });
  await core.close();
  const path = join(dir, 'ledger.sqlite');
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.exec(`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
    INSERT INTO transfer_requests (workspace_id, payment_reference, created_at, created_utc, float_name, currency,
      requested_minor, requested_exact, approved_minor, approved_exact, status, first_seen_at, last_seen_at,
      list_stale, last_changed_at)
    SELECT 1,
      CASE i % 50 WHEN 7 THEN '=HYPERLINK("x",' || i || ')' WHEN 8 THEN 'ref, "q" ' || i WHEN 9 THEN '-' || i
        ELSE 'FD' || printf('%010d', i) END,
      strftime('%Y-%m-%dT%H:%M:%S+01:00', 1700000000 + i * 60, 'unixepoch'),
      strftime('%Y-%m-%dT%H:%M:%SZ', 1700000000 + i * 60 - 3600, 'unixepoch'),
      CASE i % 5 WHEN 0 THEN 'Main' WHEN 1 THEN 'Rewards "EU"' WHEN 2 THEN 'Ops; £' ELSE 'Events' END,
      CASE i % 5 WHEN 0 THEN 'GBP' WHEN 1 THEN 'EUR' WHEN 2 THEN 'USD' WHEN 3 THEN 'JPY' ELSE 'KWD' END,
      CASE WHEN i % 10000 = 1 THEN NULL ELSE 100 + (i * 7919) % 10000000 END,
      CASE WHEN i % 10000 = 1 THEN '12.3456' ELSE NULL END,
      CASE WHEN i % 3 = 0 THEN NULL WHEN i % 10000 = 1 THEN NULL ELSE 100 + (i * 7919) % 10000000 - (i % 7) END,
      NULL,
      CASE i % 3 WHEN 0 THEN 'pending' WHEN 1 THEN 'approved' ELSE 'approved_edited' END,
      '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 0, '2026-01-01T00:00:00.000Z'
    FROM n;`);
  db.close();
  return path;
}
