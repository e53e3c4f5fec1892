/**
 * Entry of a CSV render worker (built as export-worker.js next to the core's entry): renders segments
 * of the transfer export on a read-only connection of its own, inside one read transaction that the
 * core starts while it holds the ledger's write lock, so every worker reads the core's snapshot.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { toErrorShape } from '../../../../shared/ipc/errors';
import { openLedger, type Ledger } from '../../ledger/db';
import { TransferExportRepository } from '../../ledger/repositories/transfer-export';
import { translateStorageError } from '../../ledger/storage-errors';
import { registerFallback } from '../tables/transfers-csv-body';
import { FAILED, STARTED, type RenderResult, type RenderSegment, type RenderWorkerData } from './protocol';

if (!parentPort) throw new Error('The CSV render worker must be started as a worker thread.');
const port = parentPort;
const data = workerData as RenderWorkerData;
const signals = new Int32Array(data.signals);
const encoder = new TextEncoder();
/** Buffers the core has written and sent back. */
const spare: ArrayBuffer[] = [];

/** A spare buffer of at least `size` bytes, else a new one with some room to spare. */
function bufferFor(size: number): ArrayBuffer {
  const found = spare.findIndex((buffer) => buffer.byteLength >= size);
  if (found >= 0) return spare.splice(found, 1)[0] as ArrayBuffer;
  spare.length = 0;
  return new ArrayBuffer(Math.ceil(size * 1.25));
}

function signal(slot: number): void {
  Atomics.add(signals, slot, 1);
  Atomics.notify(signals, slot);
}

let db: Ledger | undefined;
try {
  db = openLedger(data.ledgerPath, {
    readonly: true,
    ...(data.nativeBinding === undefined ? {} : { nativeBinding: data.nativeBinding }),
  });
  registerFallback(db, data.dialect);
  const repository = new TransferExportRepository(db);
  const render = repository.segmentRenderer(data.lineSql);
  repository.beginSnapshot();
  const ledger = db;
  port.on('message', (message: RenderSegment) => {
    if (message.recycled !== undefined) spare.push(message.recycled);
    const { segment, ids, count } = message;
    if (segment === undefined || ids === undefined || !ledger.open) return;
    let result: RenderResult;
    try {
      const lines = render(data.lineParams, ids);
      if (lines.length !== count)
        throw new Error(`segment ${segment}: ${lines.length} rows for ${count} ids`);
      // Encoded here, so the core neither copies nor encodes the text (and holds no big strings).
      const text = lines.join('');
      const buffer = bufferFor(Buffer.byteLength(text, 'utf8'));
      const { written } = encoder.encodeInto(text, new Uint8Array(buffer));
      result = { segment, buffer, length: written, rows: lines.length };
    } catch (error) {
      const { code, message: text } = toErrorShape(translateStorageError(error, data.ledgerPath));
      result = { segment, error: { code, message: text } };
    }
    port.postMessage(result, 'buffer' in result ? [result.buffer] : []);
  });
  signal(STARTED);
} catch (error) {
  if (db?.open) db.close();
  signal(FAILED);
  throw error;
}
