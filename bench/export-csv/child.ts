/** The exporting process of the benchmark: a core on the ledger, export:start, wait for export:finished. */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createCore } from '../../src/main/core/services';
import type { ExportFinished } from '../../src/shared/ipc/contract-export';

export async function exportInThisProcess(
  dir: string,
  out: string,
): Promise<{ ms: number; peakMb: number; rows: number; bytes: number }> {
  // The app's own render worker, as `npm run build` emits it (this file runs from out/bench/export-csv).
  const exportWorkerPath = fileURLToPath(new URL('../../main/export-worker.js', import.meta.url));
  if (!existsSync(exportWorkerPath))
    throw new Error(`${exportWorkerPath} is missing: run "npm run build" before this benchmark.`);
  const core = createCore({
    workspaceDir: dir,
    workspaceName: 'bench',
    workspaceKind: 'demo',
    shell: 'cli',
    appVersion: 'bench',
    changePollMs: 0,
    exportWorkerPath,
  });
  try {
    const finished = new Promise<ExportFinished>((resolve) =>
      core.onEvent((name, payload) => {
        if (name === 'export:finished') resolve(payload as ExportFinished);
      }),
    );
    const started = process.hrtime.bigint();
    const envelope = await core.dispatch('export:start', {
      request: { table: 'transfers' },
      format: 'csv',
      destination: out,
    });
    if (!envelope.ok) throw new Error(envelope.error.message);
    const result = await finished;
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (result.outcome !== 'done') throw new Error(`export ${result.outcome}: ${result.error?.message}`);
    return { ms, peakMb: process.resourceUsage().maxRSS / 1024, rows: result.rows, bytes: result.bytes };
  } finally {
    await core.close();
  }
}
