import { invoke, onEvent } from '../ipc/client';
import { useEventStream } from './event-stream';
import { createSyncStore } from './sync-store';

export type { SyncState } from './sync-store';

const store = createSyncStore({ invoke, onEvent });

/** The workspace's sync state and actions (see sync-store.ts). */
export const useSync = store.useSync;

/**
 * Load the sync status and keep it current: sync events, ledger changes, and the event stream
 * coming back after a drop. Call once, after the bridge is connected.
 */
export function followSync(): () => void {
  const stop = store.follow((reload) =>
    useEventStream.subscribe((state, previous) => {
      if (state.resumed !== previous.resumed) reload();
    }),
  );
  // The computer says the network is back: do not wait for the next offline retry.
  const onOnline = (): void => {
    const { status, running, syncNow } = store.useSync.getState();
    if (status?.network.state === 'offline' && !running) void syncNow();
  };
  window.addEventListener('online', onOnline);
  return () => {
    window.removeEventListener('online', onOnline);
    stop();
  };
}
