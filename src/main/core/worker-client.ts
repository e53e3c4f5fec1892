import { Worker } from 'node:worker_threads';
import type { EventChannel } from '../../shared/ipc/channels';
import { AppError, type Envelope } from '../../shared/ipc/errors';
import type { CoreConfig, EventListener } from './services';
import type { SecretVault } from './workspace/secret-vault';
import { answerVaultRequest } from './workspace/vault-channel';
import type { FromCore, ToCore, WorkerStart } from './worker-protocol';

export interface CoreWorker {
  invoke(channel: string, input: unknown): Promise<Envelope<unknown>>;
  onEvent(listener: EventListener): () => void;
  close(): Promise<void>;
}

const workerGone: Envelope<never> = {
  ok: false,
  error: { code: 'internal', message: 'The FloatDesk core stopped unexpectedly. Restart FloatDesk.' },
};

/**
 * Start the core in a worker thread so a long sync, import or export never stalls the thread that
 * answers the UI. The worker URL is computed by each entry file (see toolchain notes).
 */
export function startCoreWorker(
  workerUrl: URL,
  config: CoreConfig,
  onCrash: (error: Error) => void = (error) => console.error('FloatDesk core stopped unexpectedly:', error),
  /** The Electron shell's OS secret store (shell/secrets.ts); the browser shell gives none. */
  vault?: SecretVault,
): Promise<CoreWorker> {
  const start: WorkerStart = { config, shellVault: vault !== undefined };
  const worker = new Worker(workerUrl, { workerData: start });
  const pending = new Map<number, (envelope: Envelope<unknown>) => void>();
  const listeners = new Set<EventListener>();
  let nextId = 1;
  let exited = false;
  let ready = false;
  let closing = false;

  const client: CoreWorker = {
    invoke(channel, input) {
      if (exited) return Promise.resolve(workerGone);
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, resolve);
        worker.postMessage({ type: 'invoke', id, channel, input } satisfies ToCore);
      });
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (exited) return;
      closing = true;
      const done = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage({ type: 'close' } satisfies ToCore);
      const timeout = setTimeout(() => void worker.terminate(), 5000);
      await done;
      clearTimeout(timeout);
    },
  };

  return new Promise((resolve, reject) => {
    worker.on('message', (message: FromCore) => {
      switch (message.type) {
        case 'ready':
          ready = true;
          resolve(client);
          break;
        case 'fatal':
          reject(new AppError(message.error.code, message.error.message, message.error.details));
          break;
        case 'result':
          pending.get(message.id)?.(message.envelope);
          pending.delete(message.id);
          break;
        case 'event':
          listeners.forEach((listener) => listener(message.name as EventChannel, message.payload));
          break;
        case 'vault':
          if (!vault) break;
          void answerVaultRequest(vault, message.request).then((answer) => {
            if (!exited)
              worker.postMessage({ type: 'vault-answer', id: message.id, answer } satisfies ToCore);
          });
          break;
      }
    });
    let crash: Error | undefined;
    worker.on('error', (error) => {
      crash = error;
      reject(error);
    });
    worker.on('exit', (code) => {
      exited = true;
      pending.forEach((settle) => settle(workerGone));
      pending.clear();
      reject(new AppError('internal', 'The FloatDesk core stopped before it was ready.'));
      if (ready && !closing) onCrash(crash ?? new Error(`The core worker exited with code ${code}.`));
    });
  });
}
