import type { FloatdeskBridge } from '../shared/ipc/bridge';

/** What the preload exposes on `window.floatdesk` (Electron); the HTTP bridge implements the same shape. */
declare global {
  interface Window {
    floatdesk?: FloatdeskBridge;
  }
}
