import type { Envelope } from '../shared/ipc/errors';

/** What the preload exposes on `window.floatdesk` (Electron) — the HTTP bridge mirrors it. */
export interface FloatdeskBridge {
  invoke(channel: string, input: unknown): Promise<Envelope<unknown>>;
  /** Subscribe to a pushed event; returns the unsubscribe function. */
  onEvent(channel: string, listener: (payload: unknown) => void): () => void;
}

declare global {
  interface Window {
    floatdesk?: FloatdeskBridge;
  }
}
