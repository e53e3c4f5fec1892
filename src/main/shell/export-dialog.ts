/**
 * export:start in the Electron shell: the window never names a path. Main asks with the native save
 * dialog (default name and extension filter from the core's own rules) and forwards the request
 * with the chosen path; a closed dialog answers `{exportId: null, fileName}` without calling the core.
 * Pure (the dialog is passed in) so it is tested without Electron.
 */
import type { ExportFormat, ExportRequest } from '../../shared/ipc/contract-export';
import type { Envelope } from '../../shared/ipc/errors';
import { exportFileFilter, exportFileName } from '../core/export/file-name';
import { journalFileName } from '../core/journals/journal-file-name';
import type { CoreGateway } from './invoke';

export interface SavePathQuestion {
  defaultName: string;
  filters: Array<{ name: string; extensions: string[] }>;
}

/** Shows the save dialog; undefined when the person closed it. */
export type AskSavePath = (question: SavePathQuestion) => Promise<string | undefined>;

interface StartInput {
  request: ExportRequest;
  format: ExportFormat;
  destination?: string;
}

/**
 * The chosen path with the format's extension: a save dialog (Linux's especially) returns the name
 * as typed, and "march" should still become "march.csv" / "march.xlsx". Case-insensitive.
 */
export function withExtension(path: string, format: ExportFormat): string {
  const extension = `.${exportFileFilter(format).extensions[0] ?? ''}`;
  return path.toLowerCase().endsWith(extension) ? path : `${path}${extension}`;
}

export async function startExportWithDialog(
  core: CoreGateway,
  input: StartInput,
  ask: AskSavePath,
  today: string,
): Promise<Envelope<unknown>> {
  if (input.destination !== undefined) {
    return {
      ok: false,
      error: {
        code: 'forbidden',
        message: 'The window cannot choose where files are written; FloatDesk asks.',
      },
    };
  }
  const fileName = exportFileName(input.request, input.format, today);
  const path = await ask({ defaultName: fileName, filters: [exportFileFilter(input.format)] });
  if (path === undefined || path === '') return { ok: true, value: { exportId: null, fileName } };
  return core.invoke('export:start', { ...input, destination: withExtension(path, input.format) });
}

interface JournalInput {
  asOf: string;
  format: string;
  destination?: string;
  accounts?: string;
}

/** journals:export the same way: main asks where; a closed dialog answers `{cancelled: true}`. */
export async function exportJournalsWithDialog(
  core: CoreGateway,
  input: JournalInput,
  ask: AskSavePath,
): Promise<Envelope<unknown>> {
  if (input.destination !== undefined)
    return {
      ok: false,
      error: {
        code: 'forbidden',
        message: 'The window cannot choose where files are written; FloatDesk asks.',
      },
    };
  const fileName = journalFileName(input.asOf, input.format);
  const spreadsheet = input.format === 'xlsx' ? 'xlsx' : 'csv';
  const path = await ask({ defaultName: fileName, filters: [exportFileFilter(spreadsheet)] });
  if (path === undefined || path === '') return { ok: true, value: { cancelled: true, fileName } };
  return core.invoke('journals:export', { ...input, destination: withExtension(path, spreadsheet) });
}

/** The core as the bridge sees it, with export:start and journals:export going through the save dialog first. */
export function withExportDialog(
  core: CoreGateway,
  ask: AskSavePath,
  clock = (): Date => new Date(),
): CoreGateway {
  return {
    invoke: (channel, input) => {
      if (channel === 'export:start')
        return startExportWithDialog(core, input as StartInput, ask, clock().toISOString().slice(0, 10));
      if (channel === 'journals:export') return exportJournalsWithDialog(core, input as JournalInput, ask);
      return core.invoke(channel, input);
    },
  };
}
