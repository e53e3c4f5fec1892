// Journals for a signed-off period of bench/reconcile's data (100,000 bank lines and 100,000 requests,
// about 69,000 matches after a run, signed off; ~115,000 journal lines), written as the generic journal CSV through the core (journals:export: the
// sign-off's frozen report read back, the roll-forward, the journal rules, the file written whole
// with its SHA-256 in the audit log), against the anchor: the reconciliation report CSV export of
// the same as-of date (export:start, the complete report). Target: ratio <= 1.5.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '../../src/main/core/services';
import type { ExportFinished } from '../../src/shared/ipc/contract-export';
import type { JournalExport } from '../../src/shared/ipc/contract-journals';
import { report } from '../harness';
import { seedReconcileLedger } from '../reconcile/seed-ledger';

const COUNT = Number(process.env.BENCH_COUNT ?? 100_000);
const TARGET_RATIO = 1.5;
const AS_OF = '2026-11-22';
const RUNS = 3;
const clock = (): Date => new Date('2026-11-22T12:00:00Z');

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function seed(path: string): { floats: Set<string> } {
  const { data } = seedReconcileLedger(path, COUNT);
  return { floats: new Set(data.requests.map((request) => `${request.float},${request.currency}`)) };
}

async function call<T>(core: Core, channel: string, input: unknown): Promise<T> {
  const answer = await core.dispatch(channel, input);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
  return answer.value as T;
}

async function reportExportMs(core: Core, destination: string): Promise<number> {
  const started = performance.now();
  const finished = new Promise<ExportFinished>((settle) =>
    core.onEvent((name, payload) => {
      if (name === 'export:finished') settle(payload as ExportFinished);
    }),
  );
  await call(core, 'export:start', {
    request: { table: 'reconciliation', filters: { asOf: AS_OF } },
    format: 'csv',
    destination,
  });
  const result = await finished;
  if (result.outcome !== 'done') throw new Error(`the report export ended ${result.outcome}`);
  return performance.now() - started;
}

const dir = mkdtempSync(join(tmpdir(), 'floatdesk-bench-journals-'));
try {
  const { floats } = seed(join(dir, 'ledger.sqlite'));
  const open = (): Core =>
    createCore(
      {
        workspaceDir: dir,
        workspaceName: 'bench',
        workspaceKind: 'platform',
        workspaceBaseUrl: 'https://platform.invalid/api/v2',
        shell: 'cli',
        appVersion: 'bench',
        changePollMs: 0,
      },
      clock,
    );
  let core = open();
  const run = await call<{ matchesAdded: number }>(core, 'recon:run', { asOf: AS_OF });
  // The period is (almost) everything: a first sign-off on the data's first day, then the month-end.
  await call(core, 'recon:signoff', { asOf: '2020-01-01', acknowledgeOpenItems: true });
  await call(core, 'recon:signoff', { asOf: AS_OF, acknowledgeOpenItems: true });
  const mapping = [
    'float,currency,float_account,bank_account,cost_account,variance_account,refunds_account',
    ...[...floats].map((float, n) => `${float},${1400 + n},1200,${5000 + n},8100,1300`),
  ].join('\n');
  await call(core, 'journals:mapping.import', { text: mapping });
  console.log(
    `ledger: ${COUNT.toLocaleString('en')} bank lines and requests, ${run.matchesAdded} matches, signed off`,
  );

  const journals: number[] = [];
  const anchors: number[] = [];
  let lines = 0;
  for (let attempt = 0; attempt < RUNS; attempt++) {
    // A fresh core each time: nothing read by the one before is kept.
    await core.close();
    core = open();
    anchors.push(await reportExportMs(core, join(dir, `report-${attempt}.csv`)));
    await core.close();
    core = open();
    const started = performance.now();
    const result = await call<JournalExport>(core, 'journals:export', {
      asOf: AS_OF,
      format: 'csv',
      destination: join(dir, `journals-${attempt}.csv`),
    });
    journals.push(performance.now() - started);
    lines = result.files[0]!.lines;
  }
  await core.close();
  const value = median(journals);
  const anchor = median(anchors);
  console.log(
    `journals (generic CSV, ${lines.toLocaleString('en')} lines): ${value.toFixed(0)} ms (runs ${journals.map((ms) => ms.toFixed(0)).join(', ')})`,
  );
  console.log(
    `anchor, the reconciliation report CSV of the same date: ${anchor.toFixed(0)} ms (runs ${anchors.map((ms) => ms.toFixed(0)).join(', ')})`,
  );
  report({ bench: 'journals', value, anchor, target: TARGET_RATIO, lines, count: COUNT });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
