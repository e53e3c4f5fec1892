import type { EventChannel } from '../../shared/ipc/channels';
import type { Envelope, ErrorShape } from '../../shared/ipc/errors';

/** Messages between a shell and the core worker. Contract calls pass through unchanged. */
export type ToCore = { type: 'invoke'; id: number; channel: string; input: unknown } | { type: 'close' };

export type FromCore =
  | { type: 'ready' }
  | { type: 'fatal'; error: ErrorShape }
  | { type: 'result'; id: number; envelope: Envelope<unknown> }
  | { type: 'event'; name: EventChannel; payload: unknown };
