/**
 * Runs exports in the background: `start` checks the request and answers at once with an id, the
 * rows are read on a read-only connection of their own (the writer stays free for the UI), written
 * to a partial file that is renamed into place when complete, with throttled `export:progress`
 * events and exactly one `export:finished` per export. Several exports may run at once (each on its
 * own connection), at most MAX_RUNNING.
 */
import { randomUUID } from 'node:crypto';
import { dirname } from 'node:path';
import type { EventChannel } from '../../../shared/ipc/channels';
import type { ExportFinished, ExportFormat, ExportRequest } from '../../../shared/ipc/contract-export';
import { AppError, toErrorShape } from '../../../shared/ipc/errors';
import { isoNow, type Clock } from '../clock';
import { fileSystemError } from '../files/fs-errors';
import { openLedger, type Ledger } from '../ledger/db';
import { CatalogueSearchRepository } from '../ledger/repositories/catalogue-search';
import { translateStorageError } from '../ledger/storage-errors';
import type { Logger } from '../log/logger';
import { ExportCancelled, writeCsv } from './csv';
import { csvDialectOf } from './csv-dialect';
import { chooseDestination } from './destination';
import { exportFileName } from './file-name';
import { PartialFile, type PartialFileOptions } from './partial-file';
import { exportTables } from './tables';
import type { ExportSource } from './tables/source';
import { hasStaleListValues, refreshTransferListValues } from './tables/transfers';
import { writeXlsx } from './xlsx';

export interface ExportRunnerDeps {
  /** The core's writer connection: only used to bring the transfer list values up to date first. */
  writer: Ledger;
  ledgerPath: string;
  workspaceId: number;
  workspaceDir: string;
  clock: Clock;
  emit: (name: EventChannel, payload: unknown) => void;
  /** How often progress events go out at most. */
  progressEveryMs?: number;
  /** better-sqlite3 built for Electron's ABI, for the export's own connections. */
  nativeBinding?: string;
  /** The built CSV render worker (export-worker.js): large transfer CSVs are rendered on two threads. */
  renderWorkerPath?: string;
  log?: Pick<Logger, 'info' | 'warn'>;
  /** Brings the transfer list values up to date on the writer (a test wraps it to race a sync). */
  refreshListValues?: (writer: Ledger, signal: AbortSignal) => Promise<number>;
  /** Tests: how the partial file writes (a writer that runs out of space where no small disk can be mounted). */
  partialFile?: PartialFileOptions;
  /** Puts a failure in words (the core's write guard); default: storage failures of the ledger. */
  translateError?: (error: unknown) => unknown;
}

export interface ExportStart {
  request: ExportRequest;
  format: ExportFormat;
  destination?: string;
}

const MAX_RUNNING = 4;
/** Below this many rows one thread is quicker than starting render workers. */
const PARALLEL_FROM_ROWS = 100_000;
/** Worker threads next to the core's own: one, so two cores share the rendering. */
const RENDER_WORKERS = 1;
const PROGRESS_EVERY_MS = 250;
/** Refresh-then-snapshot attempts before a transfer export gives up (a sync that keeps writing). */
const SNAPSHOT_ATTEMPTS = 5;

export class ExportRunner {
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();

  constructor(private readonly deps: ExportRunnerDeps) {}

  start(input: ExportStart): { exportId: string; fileName: string } {
    if (this.running.size >= MAX_RUNNING)
      throw new AppError(
        'ledger_busy',
        `${MAX_RUNNING} exports are running already. Wait for one to finish.`,
      );
    const exportId = randomUUID();
    const fileName = exportFileName(input.request, input.format, isoNow(this.deps.clock).slice(0, 10));
    const destination = chooseDestination(input.destination, this.deps.workspaceDir, exportId, fileName);
    const controller = new AbortController();
    const done = this.run(exportId, fileName, destination, input, controller.signal).finally(() =>
      this.running.delete(exportId),
    );
    this.running.set(exportId, { controller, done });
    return { exportId, fileName };
  }

  cancel(exportId: string): boolean {
    const entry = this.running.get(exportId);
    if (entry === undefined) return false;
    entry.controller.abort();
    return true;
  }

  /**
   * Cancels every running export; resolves once each has removed its partial file. Null when none
   * runs, so the core can close its ledger at once (callers rely on a synchronous close when idle).
   */
  close(): Promise<void> | null {
    const entries = [...this.running.values()];
    if (entries.length === 0) return null;
    for (const entry of entries) entry.controller.abort();
    return Promise.all(entries.map((entry) => entry.done)).then(() => undefined);
  }

  /**
   * One snapshot for the whole export, even while a sync writes. Two tables read derived values the
   * writer brings up to date first: the transfer list values (filter and sort) and the catalogue's
   * search index (brands). A sync committing between that refresh and the reader's snapshot (taken by
   * its first read, not by BEGIN) would leave stale values in it. So the first read inside the read
   * transaction checks for stale rows; if any, the transaction ends and refresh and snapshot are
   * tried again, a bounded number of times.
   */
  private async beginSnapshot(
    reader: Ledger,
    table: ExportRequest['table'],
    signal: AbortSignal,
  ): Promise<void> {
    const { writer, workspaceId } = this.deps;
    for (let attempt = 1; ; attempt++) {
      if (table === 'transfers')
        await (this.deps.refreshListValues ?? refreshTransferListValues)(writer, signal);
      if (table === 'brands') new CatalogueSearchRepository(writer).bringUpToDate();
      if (signal.aborted) throw new ExportCancelled();
      reader.exec('BEGIN');
      const stale =
        table === 'transfers'
          ? hasStaleListValues(reader, workspaceId)
          : table === 'brands' && new CatalogueSearchRepository(reader).state(workspaceId).pending;
      if (!stale) return;
      reader.exec('ROLLBACK');
      if (attempt >= SNAPSHOT_ATTEMPTS)
        throw new AppError(
          'ledger_busy',
          'The ledger kept changing while the export started (a sync is writing). Try the export again when the sync has finished.',
          { attempts: attempt },
        );
    }
  }

  private async run(
    exportId: string,
    fileName: string,
    destination: string,
    input: ExportStart,
    signal: AbortSignal,
  ): Promise<void> {
    let rows = 0;
    let lastProgress = 0;
    let partial: PartialFile | undefined;
    let reader: Ledger | undefined;
    const finish = (fields: Partial<ExportFinished>): void => {
      const payload: ExportFinished = {
        exportId,
        outcome: 'done',
        rows,
        bytes: 0,
        path: null,
        fileName,
        error: null,
        ...fields,
      };
      this.deps.emit('export:finished', payload);
    };
    try {
      // Answer start first: the work begins on the next turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      if (signal.aborted) throw new ExportCancelled();
      const { ledgerPath, nativeBinding, renderWorkerPath } = this.deps;
      reader = openLedger(ledgerPath, {
        readonly: true,
        ...(nativeBinding === undefined ? {} : { nativeBinding }),
      });
      await this.beginSnapshot(reader, input.request.table, signal);
      const source: ExportSource = {
        db: reader,
        workspaceId: this.deps.workspaceId,
        clock: this.deps.clock,
        ...(renderWorkerPath === undefined
          ? {}
          : {
              parallel: {
                workerPath: renderWorkerPath,
                ledgerPath,
                ...(nativeBinding === undefined ? {} : { nativeBinding }),
                writer: this.deps.writer,
                workers: RENDER_WORKERS,
                fromRows: PARALLEL_FROM_ROWS,
                ...(this.deps.log === undefined ? {} : { log: this.deps.log }),
              },
            }),
      };
      const tables = await exportTables(source, input.request, signal);
      const totalRows = tables.length === 1 ? (tables[0]?.totalRows ?? null) : null;
      const onRows = (soFar: number): void => {
        rows = soFar;
        const now = Date.now();
        if (now - lastProgress < (this.deps.progressEveryMs ?? PROGRESS_EVERY_MS)) return;
        lastProgress = now;
        this.deps.emit('export:progress', { exportId, rows, totalRows });
      };
      partial = await PartialFile.create(destination, this.deps.partialFile);
      if (input.format === 'xlsx') {
        await partial.release();
        rows = (await writeXlsx(tables, partial.path, { signal, onRows })).rows;
      } else {
        rows = (await writeCsv(tables, partial, csvDialectOf(input.format), { signal, onRows })).rows;
      }
      if (signal.aborted) throw new ExportCancelled();
      const bytes = await partial.commit();
      finish({ bytes, path: destination });
    } catch (error) {
      await partial?.discard();
      if (signal.aborted || error instanceof ExportCancelled) finish({ outcome: 'cancelled' });
      else {
        const translate =
          this.deps.translateError ??
          ((cause: unknown) => translateStorageError(cause, this.deps.ledgerPath));
        const said = fileSystemError(error, exportTarget(destination)) ?? translate(error);
        if (said === error) console.error('FloatDesk: an export failed:', error);
        const { code, message } = toErrorShape(said);
        finish({ outcome: 'failed', error: { code, message } });
      }
    } finally {
      if (reader?.open) reader.close();
    }
  }
}

/** Where an export was going, for a disk-full or permission error. */
function exportTarget(destination: string): { what: string; folder: string; path: string } {
  return { what: 'the export', folder: dirname(destination), path: destination };
}
