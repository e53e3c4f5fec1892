// A 1,000,000-line CSV bank statement imported through the core (recon:import of the file by path,
// the built statement worker reading it, the ledger storing every line) against the anchor: the same
// file parsed by csv-parse as a stream, with no storage. Each side runs in a process of its own, so
// the project's peak RSS (worker thread included) is its own. Target: ratio <= 3, peak <= 400 MB.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { report } from '../harness';
import { importInThisProcess, parseInThisProcess, type Measured } from './child';
import { writeStatement } from './statement';

const LINES = Number(process.env.IMPORT_BENCH_LINES ?? 1_000_000);
const TARGET_RATIO = 3;
const PEAK_MB = 400;
const RUNS = 3;

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

function runChild(...args: string[]): Measured {
  const self = fileURLToPath(import.meta.url);
  const result = spawnSync(process.execPath, [self, 'child', ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${args[0]} child failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as Measured;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'floatdesk-bench-import-'));
  try {
    const file = join(dir, 'statement.csv');
    const bytes = await writeStatement(file, LINES);
    console.log(`statement: ${LINES.toLocaleString('en')} lines, ${(bytes / 1e6).toFixed(1)} MB`);
    const projects: Measured[] = [];
    const anchors: Measured[] = [];
    for (let run = 0; run < RUNS; run++) {
      anchors.push(runChild('anchor', file));
      const workspace = join(dir, `workspace-${run}`);
      projects.push(runChild('project', workspace, file));
      rmSync(workspace, { recursive: true, force: true });
    }
    for (const project of projects)
      if (project.lines !== LINES) throw new Error(`the import stored ${project.lines} lines, not ${LINES}`);
    const value = median(projects.map((p) => p.ms));
    const anchor = median(anchors.map((a) => a.ms));
    const peakMb = Math.max(...projects.map((p) => p.peakMb));
    console.log(
      `FloatDesk import (parse, check, store): ${value.toFixed(0)} ms (median of ${RUNS}; runs ${projects.map((p) => p.ms.toFixed(0)).join(', ')})`,
    );
    console.log(
      `anchor csv-parse (parse only):          ${anchor.toFixed(0)} ms (median of ${RUNS}; runs ${anchors.map((a) => a.ms.toFixed(0)).join(', ')})`,
    );
    console.log(
      `ratio ${(value / anchor).toFixed(2)} (target <= ${TARGET_RATIO}); peak RSS of the importing process ${peakMb.toFixed(0)} MB (target <= ${PEAK_MB})`,
    );
    report(
      { bench: 'import-csv', value, anchor, target: TARGET_RATIO, peakMb: Math.round(peakMb), lines: LINES },
      peakMb <= PEAK_MB,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'child') {
  const [, , , kind = '', ...rest] = process.argv;
  const measured =
    kind === 'project'
      ? importInThisProcess(rest[0] ?? '', rest[1] ?? '')
      : parseInThisProcess(rest[0] ?? '');
  measured.then(
    (result) => console.log(JSON.stringify(result)),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
} else {
  await main();
}
