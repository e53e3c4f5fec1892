import type { Envelope } from '@shared/ipc/errors';

/**
 * The bridge shape: what the Electron preload exposes on `window.floatdesk` (declared in
 * src/preload/index.d.ts), and what the HTTP bridge implements for the browser shell. Declared here
 * rather than imported so DOM-free modules (and their node unit tests) can use it; client.ts assigns
 * `window.floatdesk` to this type, so the compiler reports any drift from the preload declaration.
 */
export interface FloatdeskBridge {
  invoke(channel: string, input: unknown): Promise<Envelope<unknown>>;
  /** Subscribe to a pushed event; returns the unsubscribe function. */
  onEvent(channel: string, listener: (payload: unknown) => void): () => void;
}
