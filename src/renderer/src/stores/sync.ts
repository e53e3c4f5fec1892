import { invoke, onEvent } from '../ipc/client';
import { useConnection } from './connection';
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
  return store.follow((reload) =>
    useConnection.subscribe((state, previous) => {
      if (state.resumed !== previous.resumed) reload();
    }),
  );
}
