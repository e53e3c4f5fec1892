import type { Envelope } from './errors';

/**
 * The bridge shape: what the Electron preload exposes on `window.floatdesk` (src/preload/index.d.ts
 * declares it with this type), what the browser shell's HTTP bridge implements, and what the command
 * line builds over the core in its own process. The typed client (typed-client.ts) takes any of them.
 */
export interface FloatdeskBridge {
  invoke(channel: string, input: unknown): Promise<Envelope<unknown>>;
  /** Subscribe to a pushed event; returns the unsubscribe function. */
  onEvent(channel: string, listener: (payload: unknown) => void): () => void;
}
