// 1,000,000 transfer requests to CSV through the project's export path (export:start on a core in a
// child process, whose peak RSS is read) against the anchor: Debian's sqlite3 shell writing the same
// rows, in the same order, with `-csv` to a file. Target: ratio <= 1.5 and peak memory < 200 MB.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { report } from '../harness';
import { exportInThisProcess } from './child';
import { buildLedger } from './ledger';

const ROWS = Number(process.env.EXPORT_BENCH_ROWS ?? 1_000_000);
const TARGET_RATIO = 1.5;
const PEAK_MB = 200;
const RUNS = 3;
const SQLITE3 = '/usr/bin/sqlite3';

/** The anchor's query: the same columns from the same rows in the export's default order. */
const ANCHOR_SQL = `SELECT r.payment_reference, r.created_at, r.float_name, r.currency, r.requested_minor,
  r.requested_exact, r.approved_minor, r.approved_exact, r.status,
  EXISTS (SELECT 1 FROM transfer_submissions s WHERE s.workspace_id = r.workspace_id
    AND s.payment_reference = r.payment_reference AND s.outcome <> 'refused') AS submitted, r.last_changed_at
  FROM transfer_requests r WHERE r.workspace_id = 1 ORDER BY r.created_utc DESC, r.id DESC`;

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

function runAnchor(ledger: string, out: string): number {
  const started = process.hrtime.bigint();
  const result = spawnSync('sh', ['-c', `${SQLITE3} -csv "$1" "$2" > "$3"`, 'sh', ledger, ANCHOR_SQL, out]);
  if (result.status !== 0) throw new Error(`sqlite3 failed: ${result.stderr.toString()}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

function runProject(dir: string, out: string): { ms: number; peakMb: number; rows: number; bytes: number } {
  const self = fileURLToPath(import.meta.url);
  const result = spawnSync(process.execPath, [self, 'child', dir, out], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`export child failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}');
}

async function main(): Promise<void> {
  // EXPORT_BENCH_DIR keeps the ledger between runs (building it takes a while).
  const kept = process.env.EXPORT_BENCH_DIR;
  const dir = kept ?? mkdtempSync(join(tmpdir(), 'floatdesk-bench-export-'));
  try {
    const started = Date.now();
    const ledgerFile = join(dir, 'ledger.sqlite');
    const ledger = kept !== undefined && existsSync(ledgerFile) ? ledgerFile : await buildLedger(dir, ROWS);
    console.log(
      `ledger: ${ROWS.toLocaleString('en')} transfer requests (${Date.now() - started} ms to build)`,
    );
    const anchors: number[] = [];
    const projects: Array<ReturnType<typeof runProject>> = [];
    for (let run = 0; run < RUNS; run++) {
      anchors.push(runAnchor(ledger, join(dir, 'anchor.csv')));
      projects.push(runProject(dir, join(dir, `export-${run}.csv`)));
      rmSync(join(dir, `export-${run}.csv`), { force: true });
    }
    const anchorBytes = statSync(join(dir, 'anchor.csv')).size;
    const value = median(projects.map((p) => p.ms));
    const anchor = median(anchors);
    const peakMb = Math.max(...projects.map((p) => p.peakMb));
    const last = projects.at(-1);
    console.log(
      `FloatDesk export (CSV, ${last?.rows} rows, ${((last?.bytes ?? 0) / 1e6).toFixed(1)} MB): ${value.toFixed(0)} ms (median of ${RUNS}; runs ${projects.map((p) => p.ms.toFixed(0)).join(', ')})`,
    );
    console.log(
      `anchor sqlite3 -csv (${(anchorBytes / 1e6).toFixed(1)} MB):           ${anchor.toFixed(0)} ms (median of ${RUNS}; runs ${anchors.map((a) => a.toFixed(0)).join(', ')})`,
    );
    console.log(
      `ratio ${(value / anchor).toFixed(2)} (target <= ${TARGET_RATIO}); peak RSS of the exporting process ${peakMb.toFixed(0)} MB (target < ${PEAK_MB})`,
    );
    report(
      { bench: 'export-csv', value, anchor, target: TARGET_RATIO, peakMb: Math.round(peakMb) },
      peakMb < PEAK_MB,
    );
  } finally {
    if (kept === undefined) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'child') {
  const [, , , dir = '', out = ''] = process.argv;
  exportInThisProcess(dir, out).then(
    (result) => console.log(JSON.stringify(result)),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
} else {
  await main();
}
