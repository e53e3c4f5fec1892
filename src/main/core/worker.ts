import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { toErrorShape } from '../../shared/ipc/errors';
import { createCoreHost } from './host';
import type { Core } from './services';
import { vaultOverPort } from './workspace/vault-channel';
import type { FromCore, ToCore, WorkerStart } from './worker-protocol';

// Entry of the core worker thread: owns the ledger connection and answers contract calls.
if (!parentPort) throw new Error('The core worker must be started as a worker thread.');
const port = parentPort;

const send = (message: FromCore): void => port.postMessage(message);
const start = workerData as WorkerStart;
const shellVault = start.shellVault
  ? vaultOverPort((id, request) => send({ type: 'vault', id, request }))
  : undefined;
// Vault answers are needed while the host reads saved credentials, before serve() runs.
if (shellVault) {
  port.on('message', (message: ToCore) => {
    if (message.type === 'vault-answer') shellVault.settle(message.id, message.answer);
  });
}

let core: Core | undefined;
try {
  // The host owns the open workspace's core and can replace it (Settings → switch workspace).
  // Built next to this entry (out/main, out/cli): computed here so the path points at a real file.
  const exportWorkerPath = fileURLToPath(new URL('./export-worker.js', import.meta.url));
  const statementWorkerPath = fileURLToPath(new URL('./statement-worker.js', import.meta.url));
  const integrityWorkerPath = fileURLToPath(new URL('./integrity-worker.js', import.meta.url));
  core = createCoreHost(
    { exportWorkerPath, statementWorkerPath, integrityWorkerPath, ...start.config },
    shellVault ? { vault: shellVault.vault } : {},
  );
} catch (error) {
  send({ type: 'fatal', error: toErrorShape(error) });
  // Closing the port lets the thread end once the message has been delivered.
  port.close();
}

if (core) serve(core);

function serve(core: Core): void {
  core.onEvent((name, payload) => send({ type: 'event', name, payload }));
  port.on('message', (message: ToCore) => {
    if (message.type === 'vault-answer') return;
    if (message.type === 'close') {
      void core.close().finally(() => port.close());
      return;
    }
    void core
      .dispatch(message.channel, message.input)
      .then((envelope) => send({ type: 'result', id: message.id, envelope }))
      .catch((error: unknown) =>
        send({ type: 'result', id: message.id, envelope: { ok: false, error: toErrorShape(error) } }),
      );
  });
  send({ type: 'ready' });
  core.startBackground();
}
