/**
 * The transfer export's CSV body rendered by two worker threads (the machine's other core): the core
 * reads the ids in export order from its snapshot and hands them out in segments; each worker spells
 * its segments' lines in SQLite on a connection of its own; the core writes the segments in order,
 * with only a few rendered ahead (bounded memory). Every worker reads the same snapshot as the core:
 * they take theirs while the core holds the ledger's write lock, after checking that nothing was
 * committed since its own (PRAGMA data_version). Whenever that cannot be arranged, the rows are
 * rendered on the core's connection as before — same bytes, one thread.
 */
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../../../shared/ipc/errors';
import type { Ledger } from '../../ledger/db';
import type { TransferExportRepository } from '../../ledger/repositories/transfer-export';
import { TransferListRepository } from '../../ledger/repositories/transfer-list';
import type { Logger } from '../../log/logger';
import type { WindowPlan, WindowQuery } from '../../transfers/list-query';
import type { CsvDialect } from '../csv-dialect';
import { transferLineSpec, transfersCsvBody, type TransferLineSpec } from '../tables/transfers-csv-body';
import { FAILED, STARTED, type RenderResult, type RenderSegment, type RenderWorkerData } from './protocol';

export interface ParallelRendering {
  /** The built render worker (export-worker.js); absent when the core runs from sources. */
  workerPath: string;
  ledgerPath: string;
  nativeBinding?: string;
  /** The core's writer: its write lock keeps commits out while the workers take their snapshots. */
  writer: Ledger;
  workers: number;
  /** Says how the rows were rendered (and why on one thread only). */
  log?: Pick<Logger, 'info' | 'warn'>;
}

type Chunk = { text: string | Uint8Array; rows: number };

const SEGMENT_ROWS = 4_096;
/** Segments handed out ahead of the one being written (keeps the worker busy while the core renders). */
const AHEAD = 4;
/**
 * A worker holds a few segments at a time (about 2 MB each): a small young generation keeps its
 * memory near that instead of V8's default of tens of MB per thread.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 128 };
/** How long the core waits (blocked, holding the write lock) for the workers' snapshots. */
const START_TIMEOUT_MS = 5_000;

export async function* parallelTransfersCsvBody(
  db: Ledger,
  repository: TransferExportRepository,
  query: WindowQuery,
  plan: WindowPlan,
  dialect: CsvDialect,
  parallel: ParallelRendering,
): AsyncIterable<Chunk> {
  const workspaceId = query.params[0] as number;
  const spec = transferLineSpec(db, repository, workspaceId, dialect);
  const present = existsSync(parallel.workerPath);
  const started = present ? startInSnapshot(db, repository, spec, dialect, parallel) : 'serial';
  if (Array.isArray(started)) parallel.log?.info('export.render', { threads: started.length + 1 });
  else if (started === 'serial')
    parallel.log?.warn('export.render', {
      threads: 1,
      reason: present ? 'the render worker could not start' : `no render worker at ${parallel.workerPath}`,
    });
  else
    parallel.log?.info('export.render', { threads: 1, reason: 'the ledger changed as the export started' });
  if (started === 'changed') {
    // Something was committed since the export's snapshot, which has just been replaced: it must
    // not hold list values the writer has not brought up to date.
    if (new TransferListRepository(db).hasStaleIn(workspaceId))
      throw new AppError(
        'ledger_busy',
        'The ledger changed while the export started (a sync is writing). Try the export again when the sync has finished.',
      );
  }
  if (!Array.isArray(started)) {
    yield* transfersCsvBody(db, repository, query, plan, dialect);
    return;
  }
  yield* renderInOrder(repository, query, plan, spec, started);
}

/**
 * Starts the workers inside the core's snapshot: their Worker threads, or 'changed' when a commit
 * came in since the snapshot (the connection then holds a fresh one), or 'serial' when they could
 * not start. Synchronous from the write lock to its release, so no other work of the core runs.
 */
function startInSnapshot(
  db: Ledger,
  repository: TransferExportRepository,
  spec: TransferLineSpec,
  dialect: CsvDialect,
  parallel: ParallelRendering,
): Worker[] | 'changed' | 'serial' {
  const before = db.pragma('data_version', { simple: true });
  parallel.writer.exec('BEGIN IMMEDIATE');
  try {
    db.exec('COMMIT');
    const changed = db.pragma('data_version', { simple: true }) !== before;
    repository.beginSnapshot();
    if (changed) return 'changed';
    const signals = new SharedArrayBuffer(8);
    const workerData: RenderWorkerData = {
      ledgerPath: parallel.ledgerPath,
      ...(parallel.nativeBinding === undefined ? {} : { nativeBinding: parallel.nativeBinding }),
      dialect,
      lineSql: spec.lineSql,
      lineParams: spec.lineParams,
      signals,
    };
    const workers = Array.from(
      { length: parallel.workers },
      () => new Worker(parallel.workerPath, { workerData, resourceLimits: WORKER_LIMITS }),
    );
    if (waitForSnapshots(new Int32Array(signals), workers.length)) return workers;
    for (const worker of workers) void worker.terminate();
    return 'serial';
  } finally {
    parallel.writer.exec('ROLLBACK');
  }
}

function waitForSnapshots(signals: Int32Array, count: number): boolean {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const started = Atomics.load(signals, STARTED);
    if (Atomics.load(signals, FAILED) > 0) return false;
    if (started >= count) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    Atomics.wait(signals, STARTED, started, left);
  }
}

/** A segment's ids, or its lines once rendered here or by a worker. */
type Pending = { local: string; count: number } | { remote: Promise<Remote>; worker: Worker };
type Remote = { buffer: ArrayBuffer; length: number; rows: number };

async function* renderInOrder(
  repository: TransferExportRepository,
  query: WindowQuery,
  plan: WindowPlan,
  spec: TransferLineSpec,
  workers: Worker[],
): AsyncIterable<Chunk> {
  const waiting = new Map<number, { resolve: (chunk: Remote) => void; reject: (error: Error) => void }>();
  const failAll = (error: Error): void => {
    for (const entry of waiting.values()) entry.reject(error);
    waiting.clear();
  };
  for (const worker of workers) {
    worker.on('message', (result: RenderResult) => {
      const entry = waiting.get(result.segment);
      waiting.delete(result.segment);
      if ('error' in result) entry?.reject(new AppError(result.error.code as never, result.error.message));
      else entry?.resolve({ buffer: result.buffer, length: result.length, rows: result.rows });
    });
    worker.on('error', (error) => failAll(error));
    worker.on('exit', (code) => {
      if (waiting.size > 0) failAll(new Error(`a CSV render worker stopped (exit code ${code})`));
    });
  }
  // The core renders its share with the workers' statement, on its own connection and snapshot.
  const renderLocally = repository.segmentRenderer(spec.lineSql);
  const ids = repository.ids(query, plan);
  const renderers = workers.length + 1;
  const segments = new Map<number, Pending>();
  let dispatched = 0;
  let idsLeft = true;
  const dispatch = (): void => {
    const batch: number[] = [];
    // next(), not for…of: leaving a for…of early would close the statement's iterator.
    while (batch.length < SEGMENT_ROWS) {
      const step = ids.next();
      if (step.done === true) break;
      batch.push(step.value);
    }
    if (batch.length < SEGMENT_ROWS) idsLeft = false;
    if (batch.length === 0) return;
    const segment = dispatched++;
    const json = JSON.stringify(batch);
    const renderer = segment % renderers;
    if (renderer === 0) {
      segments.set(segment, { local: json, count: batch.length });
      return;
    }
    const remote = new Promise<Remote>((resolve, reject) => waiting.set(segment, { resolve, reject }));
    // Awaited in order below; until then a failure must not count as unhandled.
    remote.catch(() => undefined);
    const worker = workers[renderer - 1] as Worker;
    segments.set(segment, { remote, worker });
    const message: RenderSegment = { segment, ids: json, count: batch.length };
    worker.postMessage(message);
  };
  try {
    for (let next = 0; ; next++) {
      while (idsLeft && dispatched - next < AHEAD) dispatch();
      const pending = segments.get(next);
      if (pending === undefined) return;
      segments.delete(next);
      if ('remote' in pending) {
        const { buffer, length, rows } = await pending.remote;
        // Resumed once the consumer has written the chunk: the buffer can go back.
        yield { text: new Uint8Array(buffer, 0, length), rows };
        const recycled: RenderSegment = { recycled: buffer };
        pending.worker.postMessage(recycled, [buffer]);
        continue;
      }
      const lines = renderLocally(spec.lineParams, pending.local);
      if (lines.length !== pending.count)
        throw new AppError(
          'internal',
          `Export segment ${next}: ${lines.length} rows for ${pending.count} ids.`,
        );
      yield { text: lines.join(''), rows: lines.length };
    }
  } finally {
    ids.return?.();
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
