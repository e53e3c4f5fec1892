/**
 * The two measured processes of the benchmark. `project`: a core on a fresh workspace with the CSV
 * profile saved, recon:import of the file by path (read by the built statement worker, stored in the
 * ledger); its peak RSS covers the worker thread too. `anchor`: csv-parse reading the same file as a
 * stream, every record parsed, nothing stored.
 */
import { createReadStream, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse';
import { createCore } from '../../src/main/core/services';
import { PROFILE } from './statement';

export interface Measured {
  ms: number;
  peakMb: number;
  lines: number;
}

export async function importInThisProcess(dir: string, file: string): Promise<Measured> {
  // The app's own statement worker, as `npm run build` emits it (this file runs from out/bench/import-csv).
  const statementWorkerPath = fileURLToPath(new URL('../../main/statement-worker.js', import.meta.url));
  if (!existsSync(statementWorkerPath))
    throw new Error(`${statementWorkerPath} is missing: run "npm run build" before this benchmark.`);
  const core = createCore({
    workspaceDir: dir,
    workspaceName: 'bench',
    workspaceKind: 'demo',
    shell: 'cli',
    appVersion: 'bench',
    changePollMs: 0,
    statementWorkerPath,
  });
  try {
    const saved = await core.dispatch('recon:profiles.save', { name: 'Bank', profile: PROFILE });
    if (!saved.ok) throw new Error(saved.error.message);
    const started = process.hrtime.bigint();
    const envelope = await core.dispatch('recon:import', {
      fileName: 'statement.csv',
      path: file,
      profile: 'Bank',
    });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (!envelope.ok) throw new Error(envelope.error.message);
    const result = envelope.value as { stored: boolean; linesAdded: number; refusal: string | null };
    if (!result.stored) throw new Error(`the statement was refused: ${result.refusal}`);
    return { ms, peakMb: process.resourceUsage().maxRSS / 1024, lines: result.linesAdded };
  } finally {
    await core.close();
  }
}

export async function parseInThisProcess(file: string): Promise<Measured> {
  const started = process.hrtime.bigint();
  let records = 0;
  for await (const record of createReadStream(file).pipe(parse({ bom: true }))) {
    if ((record as string[]).length > 0) records += 1;
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return { ms, peakMb: process.resourceUsage().maxRSS / 1024, lines: records - 1 };
}
