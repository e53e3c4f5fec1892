import type { EventChannel } from '../../shared/ipc/channels';
import type { Envelope, ErrorShape } from '../../shared/ipc/errors';
import type { CoreConfig } from './services';
import type { VaultAnswer, VaultRequest } from './workspace/vault-channel';

/** What a shell hands the worker at start. */
export interface WorkerStart {
  config: CoreConfig;
  /** The shell answers 'vault' requests (Electron: safeStorage); otherwise nothing is ever saved. */
  shellVault: boolean;
}

/** Messages between a shell and the core worker. Contract calls pass through unchanged. */
export type ToCore =
  | { type: 'invoke'; id: number; channel: string; input: unknown }
  | { type: 'vault-answer'; id: number; answer: VaultAnswer }
  | { type: 'close' };

export type FromCore =
  | { type: 'ready' }
  | { type: 'fatal'; error: ErrorShape }
  | { type: 'result'; id: number; envelope: Envelope<unknown> }
  | { type: 'event'; name: EventChannel; payload: unknown }
  /** The core asks the shell's OS secret store (in-process only; never forwarded to a renderer). */
  | { type: 'vault'; id: number; request: VaultRequest };
