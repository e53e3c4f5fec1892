/**
 * What the crash test reads from a workspace's ledger while and after a sync child is killed: the
 * committed facts (counts that may only grow), the integrity checks, the phase a kill landed in, and
 * a canonical dump of the final state to compare with an uninterrupted sync's.
 *
 * Every read opens its own read-only connection: it sees exactly what was committed, never the
 * killed process's open transaction, and (being read-only) never checkpoints or deletes the WAL, so
 * the next sync finds the files just as the crash left them.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LEDGER_STATE_FOLDER } from '../../src/main/core/ledger/workspace-state';

export const LEDGER_FILE = 'ledger.sqlite';

export function withReadOnlyLedger<T>(workspaceDir: string, read: (db: Database.Database) => T): T {
  const db = new Database(join(workspaceDir, LEDGER_FILE), { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return read(db);
  } finally {
    db.close();
  }
}

/** Facts that, once committed, no later crash or sync may take away (nothing is ever deleted). */
export const COMMITTED_FACTS = {
  syncRuns: 'SELECT count(*) FROM sync_runs',
  maxSyncRunId: 'SELECT coalesce(max(id), 0) FROM sync_runs',
  closedRuns: "SELECT count(*) FROM sync_runs WHERE outcome <> 'running'",
  datasetRuns: 'SELECT count(*) FROM sync_run_datasets',
  closedDatasetRuns: "SELECT count(*) FROM sync_run_datasets WHERE outcome <> 'running'",
  succeededDatasetRuns: "SELECT count(*) FROM sync_run_datasets WHERE outcome = 'succeeded'",
  floats: 'SELECT count(*) FROM floats',
  balanceSnapshots: 'SELECT count(*) FROM balance_snapshots',
  maxBalanceSnapshotId: 'SELECT coalesce(max(id), 0) FROM balance_snapshots',
  transferRequests: 'SELECT count(*) FROM transfer_requests',
  transferHistory: 'SELECT count(*) FROM transfer_request_history',
  brands: 'SELECT count(*) FROM brands',
  brandChanges: 'SELECT count(*) FROM brand_changes',
  brandAssets: 'SELECT count(*) FROM brand_assets',
  templates: 'SELECT count(*) FROM templates',
  verifiedTemplates: 'SELECT count(*) FROM templates WHERE local_version IS NOT NULL',
  syncState: 'SELECT count(*) FROM sync_state',
} as const;

export type CommittedFacts = Record<keyof typeof COMMITTED_FACTS, number>;

export function readCommittedFacts(db: Database.Database): CommittedFacts {
  // One read transaction, so every count comes from the same committed snapshot.
  return db.transaction(() => {
    const facts = {} as CommittedFacts;
    for (const [name, sql] of Object.entries(COMMITTED_FACTS))
      facts[name as keyof CommittedFacts] = db.prepare(sql).pluck().get() as number;
    return facts;
  })();
}

/** The facts of `before` that `after` no longer shows, as readable lines (empty: nothing lost). */
export function lostFacts(before: CommittedFacts, after: CommittedFacts): string[] {
  return (Object.keys(before) as Array<keyof CommittedFacts>)
    .filter((name) => after[name] < before[name])
    .map((name) => `${name}: ${before[name]} committed before, ${after[name]} after`);
}

export interface IntegrityReport {
  integrity: string[];
  foreignKeyViolations: unknown[];
}

export function checkIntegrity(db: Database.Database): IntegrityReport {
  return {
    integrity: (db.pragma('integrity_check') as Array<{ integrity_check: string }>).map(
      (row) => row.integrity_check,
    ),
    foreignKeyViolations: db.pragma('foreign_key_check') as unknown[],
  };
}

export interface LockRow {
  name: string;
  owner: string;
  pid: number;
  hostname: string;
  acquired_at: string;
  heartbeat_at: string;
}

export function syncLock(db: Database.Database): LockRow | undefined {
  return db.prepare<[], LockRow>("SELECT * FROM locks WHERE name = 'sync'").get();
}

export function hasCompletedRun(db: Database.Database): boolean {
  return (
    (db
      .prepare("SELECT count(*) FROM sync_runs WHERE outcome IN ('succeeded', 'partial')")
      .pluck()
      .get() as number) > 0
  );
}

/**
 * Where the killed sync was, from what it committed: no run row yet (process start, opening and
 * migrating the ledger, closing abandoned runs, taking the lock), the dataset whose row is still
 * 'running', between two datasets, or after the run was closed (releasing the lock, exiting).
 */
export function killPhase(db: Database.Database, runsBefore: number): string {
  const run = db
    .prepare<[number], { id: number; outcome: string }>(
      'SELECT id, outcome FROM sync_runs WHERE id > ? ORDER BY id DESC LIMIT 1',
    )
    .get(runsBefore);
  if (!run) return 'startup';
  if (run.outcome !== 'running') return 'closing';
  const open = db
    .prepare<[number], { dataset: string }>(
      "SELECT dataset FROM sync_run_datasets WHERE sync_run_id = ? AND outcome = 'running'",
    )
    .get(run.id);
  return open?.dataset ?? 'between datasets';
}

/** Files the ledger records as downloaded (templates and their previous copies, brand assets) that are not there. */
export function missingFiles(db: Database.Database, workspaceDir: string): string[] {
  const paths = db
    .prepare(
      `SELECT file_path FROM templates WHERE file_path IS NOT NULL
       UNION ALL SELECT previous_file_path FROM templates WHERE previous_file_path IS NOT NULL
       UNION ALL SELECT file_path FROM brand_assets WHERE file_path IS NOT NULL`,
    )
    .pluck()
    .all() as string[];
  return paths.filter((path) => !existsSync(join(workspaceDir, path)));
}

/** When the run after `runsBefore` started (the child's clock), if the child got that far. */
export function runStartedAt(db: Database.Database, runsBefore: number): number | undefined {
  const at = db
    .prepare<[number], string>('SELECT started_at FROM sync_runs WHERE id > ? ORDER BY id LIMIT 1')
    .pluck()
    .get(runsBefore);
  return at === undefined ? undefined : Date.parse(at);
}

/** How the run a kill interrupted was closed by the next sync (closeAbandonedRuns). */
export function runRecord(
  db: Database.Database,
  runId: number,
):
  | { outcome: string; datasets: Array<{ dataset: string; outcome: string; error_message: string | null }> }
  | undefined {
  const run = db
    .prepare<[number], { outcome: string }>('SELECT outcome FROM sync_runs WHERE id = ?')
    .get(runId);
  if (!run) return undefined;
  const datasets = db
    .prepare<[number], { dataset: string; outcome: string; error_message: string | null }>(
      'SELECT dataset, outcome, error_message FROM sync_run_datasets WHERE sync_run_id = ? ORDER BY id',
    )
    .all(runId);
  return { outcome: run.outcome, datasets };
}

// ---------------------------------------------------------------------------------------------
// The canonical final state: what the platform told us, without our own clock's timestamps, row
// ids or sync run ids, so an uninterrupted sync and a sync after 200 crashes can be compared.

export interface CanonicalDump {
  floats: unknown[];
  transferRequests: unknown[];
  transferHistory: unknown[];
  submissions: unknown[];
  brands: unknown[];
  brandChanges: unknown[];
  brandAssets: unknown[];
  templates: unknown[];
  syncState: unknown[];
  files: unknown[];
}

function rows(db: Database.Database, sql: string): unknown[] {
  return db.prepare(sql).all();
}

/** Every file in the workspace but the ledger itself: relative path, size and digest. */
function workspaceFiles(workspaceDir: string): unknown[] {
  const found: Array<{ path: string; bytes: number; sha256: string }> = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      // The log records each run (its times differ by design); ledger-state/ notes when the ledger
      // was first used and which process has it open. Neither is state a sync keeps.
      if (entry.isDirectory()) {
        if (!(dir === workspaceDir && (entry.name === 'logs' || entry.name === LEDGER_STATE_FOLDER)))
          walk(path);
      } else if (!(dir === workspaceDir && entry.name.startsWith(LEDGER_FILE))) {
        found.push({
          path: relative(workspaceDir, path),
          bytes: statSync(path).size,
          sha256: createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 16),
        });
      }
    }
  };
  if (existsSync(workspaceDir)) walk(workspaceDir);
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export function canonicalDump(workspaceDir: string): CanonicalDump {
  const ledger = withReadOnlyLedger(workspaceDir, (db) =>
    db.transaction(() => ({
      floats: rows(
        db,
        `SELECT f.currency, f.name,
                (SELECT count(*) > 0 FROM balance_snapshots s WHERE s.float_id = f.id) AS has_snapshot,
                s.platform_refreshed_at, s.available_minor, s.available_exact, s.pending_minor, s.pending_exact
           FROM floats f
           LEFT JOIN balance_snapshots s ON s.id = (
             SELECT id FROM balance_snapshots WHERE float_id = f.id ORDER BY recorded_at DESC, id DESC LIMIT 1)
          ORDER BY f.currency, f.name`,
      ),
      transferRequests: rows(
        db,
        `SELECT payment_reference, created_at, created_utc, float_name, currency, requested_minor,
                requested_exact, approved_minor, approved_exact, status
           FROM transfer_requests ORDER BY created_utc, payment_reference`,
      ),
      // The history each request accumulated: with the platform frozen, exactly one row (the first
      // sight) per request, however many times a crash made a sync read it again.
      transferHistory: rows(
        db,
        `SELECT t.payment_reference, t.created_utc, h.status, h.requested_minor, h.requested_exact,
                h.approved_minor, h.approved_exact
           FROM transfer_request_history h JOIN transfer_requests t ON t.id = h.transfer_request_id
          ORDER BY t.created_utc, t.payment_reference, h.id`,
      ),
      submissions: rows(
        db,
        'SELECT payment_reference, float_name, currency, amount_minor, outcome FROM transfer_submissions ORDER BY payment_reference',
      ),
      brands: rows(
        db,
        `SELECT slug, name, currency, status_code, data, vanished_at IS NOT NULL AS vanished
           FROM brands ORDER BY slug`,
      ),
      brandChanges: rows(
        db,
        `SELECT b.slug, c.kind, c.attribute, c.old_value, c.new_value
           FROM brand_changes c JOIN brands b ON b.id = c.brand_id ORDER BY b.slug, c.id`,
      ),
      // The error text is left out (it names the resolver's answer, which may vary), not whether there was one.
      brandAssets: rows(
        db,
        `SELECT b.slug, a.kind, a.url, a.file_path, a.content_type, a.bytes, a.sha256, a.error IS NOT NULL AS failed
           FROM brand_assets a JOIN brands b ON b.id = a.brand_id ORDER BY b.slug, a.kind`,
      ),
      templates: rows(
        db,
        `SELECT brand_slug, name, platform_version, local_version, file_path, previous_version, previous_file_path,
                downloaded_at IS NOT NULL AS downloaded
           FROM templates ORDER BY brand_slug, name`,
      ),
      // Values that are our own clock's instants (keys ending in _at) are left out.
      syncState: rows(
        db,
        `SELECT dataset, key, CASE WHEN key LIKE '%\\_at' ESCAPE '\\' THEN NULL ELSE value END AS value
           FROM sync_state ORDER BY dataset, key`,
      ),
    }))(),
  );
  return { ...ledger, files: workspaceFiles(workspaceDir) };
}

/** Readable differences between two dumps, a few per section (empty: the same state). */
export function dumpDifferences(expected: CanonicalDump, actual: CanonicalDump, perSection = 5): string[] {
  const lines: string[] = [];
  for (const section of Object.keys(expected) as Array<keyof CanonicalDump>) {
    const want = expected[section].map((row) => JSON.stringify(row));
    const got = actual[section].map((row) => JSON.stringify(row));
    const wantSet = new Set(want);
    const gotSet = new Set(got);
    const missing = want.filter((row) => !gotSet.has(row));
    const extra = got.filter((row) => !wantSet.has(row));
    if (missing.length === 0 && extra.length === 0 && want.length === got.length) {
      if (want.some((row, i) => row !== got[i])) lines.push(`${section}: same rows in a different order`);
      continue;
    }
    lines.push(
      `${section}: ${want.length} rows expected, ${got.length} found; ${missing.length} missing, ${extra.length} unexpected`,
    );
    const shown = (row: string): string => (row.length > 400 ? `${row.slice(0, 400)}…` : row);
    for (const row of missing.slice(0, perSection)) lines.push(`  - ${shown(row)}`);
    for (const row of extra.slice(0, perSection)) lines.push(`  + ${shown(row)}`);
    if (missing.length === 0 && extra.length === 0) lines.push('  (duplicates)');
  }
  return lines;
}
