/**
 * Entry of the statement worker (built as statement-worker.js next to each core entry): reads one
 * statement file off the core's thread, so parsing a large or hostile file never delays the calls
 * the core answers meanwhile. It sends statements and batches of lines a few at a time, waiting for
 * the core's credit before going further ahead. Started for a checkpoint instead, it copies a large
 * import's pages from the log into the ledger file, also off the core's thread.
 */
import { parentPort } from 'node:worker_threads';
import { toErrorShape } from '../../../../shared/ipc/errors';
import { checkpointLedgerFile } from '../../ledger/checkpoint';
import { EVENTS_AHEAD, toMessage, type FromWorker, type ToWorker } from './protocol';
import { readStatementJob } from './read-job';

const port = parentPort;
if (port === null) throw new Error('statement-worker.js runs only as a worker thread.');

let credits = EVENTS_AHEAD;
let waiting: (() => void) | undefined;

port.on('message', (message: ToWorker) => {
  if (message.type === 'checkpoint') {
    let answer: FromWorker = { type: 'checkpointed' };
    try {
      checkpointLedgerFile(message.ledgerPath, message.nativeBinding);
    } catch (error) {
      answer = { type: 'checkpointed', error: toErrorShape(error) };
    }
    port.postMessage(answer);
    return;
  }
  if (message.type === 'credit') {
    credits += 1;
    const wake = waiting;
    waiting = undefined;
    wake?.();
    return;
  }
  void readStatementJob(message.job, async (event) => {
    while (credits === 0) await new Promise<void>((resolve) => (waiting = resolve));
    credits -= 1;
    port.postMessage(toMessage(event));
  });
});
