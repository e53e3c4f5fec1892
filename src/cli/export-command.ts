/** `floatdesk export <table> --format ... --out <file> [filters]`: the same export path as the UI. */
import { resolve } from 'node:path';
import type { ExportFinished } from '../shared/ipc/contract-export';
import { chooseWorkspace } from '../main/core/paths';
import { createCore } from '../main/core/services';
import { stringOption, UsageError, type CommandValues } from './arguments';
import { exportRequestOf, parseExportFormat, parseExportTable } from './export-flags';
import { coreClient } from './in-process-core';
import { progressLine, terminalProgress } from './progress-bar';
import { APP_VERSION } from './version';

export async function exportCommand(
  positionals: readonly string[],
  values: CommandValues,
  print: (text: string) => void,
  exportWorkerPath?: string,
): Promise<number> {
  const table = parseExportTable(positionals[0]);
  const format = parseExportFormat(values);
  const out = stringOption(values, 'out');
  if (out === undefined) throw new UsageError('--out is required: the file to write.');
  const request = exportRequestOf(table, values);
  const core = createCore({
    ...chooseWorkspace(stringOption(values, 'workspace')),
    shell: 'cli',
    appVersion: APP_VERSION,
    changePollMs: 0,
    ...(exportWorkerPath === undefined ? {} : { exportWorkerPath }),
  });
  const client = coreClient(core);
  const progress = terminalProgress(process.stderr);
  let exportId: string | null = null;
  let interrupted = false;
  // Ctrl-C at any time, even before export:start has answered, cancels (the partial file is removed).
  const interrupt = (): void => {
    interrupted = true;
    if (exportId !== null) void client.invoke('export:cancel', { exportId }).catch(() => undefined);
  };
  process.once('SIGINT', interrupt);
  try {
    const finished = new Promise<ExportFinished>((settle) => {
      client.onEvent('export:progress', ({ rows, totalRows }) =>
        progress.update(progressLine('export', `${rows} rows`, rows, totalRows)),
      );
      client.onEvent('export:finished', (finished) => {
        if (finished.exportId === exportId) settle(finished);
      });
    });
    const started = await client.invoke('export:start', { request, format, destination: resolve(out) });
    exportId = started.exportId;
    if (interrupted && exportId !== null)
      void client.invoke('export:cancel', { exportId }).catch(() => undefined);
    const result = await finished;
    progress.done();
    if (result.outcome === 'done') {
      print(`Exported ${result.rows} rows (${result.bytes} bytes) to ${result.path ?? out}`);
      return 0;
    }
    const why = result.error === null ? 'it was cancelled' : `${result.error.message} [${result.error.code}]`;
    console.error(`floatdesk: the export of ${table} was not written: ${why}`);
    return 1;
  } finally {
    process.off('SIGINT', interrupt);
    progress.done();
    await core.close();
  }
}
