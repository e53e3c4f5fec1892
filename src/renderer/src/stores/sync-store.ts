import { create } from 'zustand';
import type { Channel, EventChannel } from '@shared/ipc/channels';
import type { ChannelInput, ChannelOutput, SyncStatusAnswer } from '@shared/ipc/contract';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import type { EventPayload } from '@shared/ipc/events';
import type { SyncProgress, SyncSummary } from '../lib/sync-text';

/**
 * The workspace's sync: freshness per dataset and the connection (`sync:status`), a running sync's
 * progress (`sync:progress`), its end (`sync:finished`), and Sync now / Cancel. A sync started
 * elsewhere (auto-sync, the first demo sync, a CLI) shows up the same way. Built from the client it
 * is given (stores/sync.ts passes the real one), so it is tested in node with a fake.
 */
export interface SyncState {
  /** The last `sync:status` answer; null before the first arrived. */
  status: SyncStatusAnswer | null;
  /** The last `sync:status` call failed (what is shown is from before, if anything). */
  statusError: ErrorShape | null;
  /** A sync runs in the core (whoever started it), or this window has just asked for one. */
  running: boolean;
  /** The running sync's latest step; null while starting or idle. */
  progress: SyncProgress | null;
  /** The latest step of each dataset the running sync has reached (datasets run in order). */
  runDatasets: Partial<Record<SyncProgress['dataset'], SyncProgress>>;
  /** Cancel was pressed and the run has not ended yet. */
  cancelling: boolean;
  /** The last sync this window asked for could not run (not connected, offline...). */
  lastError: ErrorShape | null;
  /** The last run that ended, as the core reported it. */
  lastSummary: SyncSummary | null;
  load(): Promise<void>;
  /** Start a sync of every dataset; resolves when it ended (or could not start). */
  syncNow(): Promise<void>;
  /** Ask the core to stop the running sync at its next commit point. */
  cancel(): Promise<void>;
}

export interface SyncClient {
  invoke<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>>;
  onEvent<E extends EventChannel>(name: E, listener: (payload: EventPayload<E>) => void): () => void;
}

export function createSyncStore(client: SyncClient) {
  let latestRequest = 0;
  /** This window's own `sync:run` is on its way to the core. */
  let runRequested = false;
  /** The id that `sync:run` carries, while it is out. */
  let runRequestId: string | null = null;
  /** Cancel was pressed before the core had started this window's sync: cancel again once it has. */
  let cancelWhenStarted = false;

  const useSync = create<SyncState>()((set, get) => ({
    status: null,
    statusError: null,
    running: false,
    progress: null,
    runDatasets: {},
    cancelling: false,
    lastError: null,
    lastSummary: null,

    async load() {
      const request = ++latestRequest;
      try {
        const status = await client.invoke('sync:status', {});
        if (request !== latestRequest) return;
        set({
          status,
          statusError: null,
          running: status.running,
          progress: status.running ? (status.progress ?? get().progress) : null,
          runDatasets: status.running ? get().runDatasets : {},
          cancelling: status.running ? get().cancelling : false,
        });
      } catch (thrown) {
        if (request === latestRequest) set({ statusError: toErrorShape(thrown) });
      }
    },

    async syncNow() {
      if (get().running) return;
      latestRequest++; // a status asked for before this click must not say "not running" after it
      set({ running: true, progress: null, runDatasets: {}, cancelling: false, lastError: null });
      runRequested = true;
      cancelWhenStarted = false;
      const requestId = crypto.randomUUID();
      runRequestId = requestId;
      try {
        const summary = await client.invoke('sync:run', { requestId });
        set({ lastSummary: summary });
      } catch (thrown) {
        const error = toErrorShape(thrown);
        // "Already running" means another sync (auto-sync, say) holds the workspace: follow that one.
        if (error.code !== 'ledger_busy') set({ lastError: error });
      } finally {
        runRequested = false;
        runRequestId = null;
        cancelWhenStarted = false;
        set({ progress: null, runDatasets: {}, cancelling: false });
        await get().load();
      }
    },

    async cancel() {
      if (!get().running || get().cancelling) return;
      set({ cancelling: true });
      try {
        // With this window's request id, a Cancel that overtakes its Sync now still cancels it.
        const { cancelled } = await client.invoke(
          'sync:cancel',
          runRequestId === null ? {} : { requestId: runRequestId },
        );
        if (cancelled) return;
        // Pressed before the core started the sync this window asked for: cancel it once it reports.
        if (runRequested) cancelWhenStarted = true;
        else await get().load();
      } catch (thrown) {
        set({ cancelling: false, lastError: toErrorShape(thrown) });
      }
    },
  }));

  /** A progress event: a sync is running and has reached this step. */
  function applyProgress(progress: SyncProgress): void {
    const state = useSync.getState();
    // The first step of a run this window did not start (auto-sync, a CLI) begins a fresh list.
    const earlier = state.running && state.progress !== null ? state.runDatasets : {};
    useSync.setState({ running: true, progress, runDatasets: { ...earlier, [progress.dataset]: progress } });
    if (!cancelWhenStarted) return;
    cancelWhenStarted = false;
    client
      .invoke('sync:cancel', {})
      .catch((thrown: unknown) => useSync.setState({ cancelling: false, lastError: toErrorShape(thrown) }));
  }

  /** A finished event; then reload the freshness it changed. */
  function applyFinished(summary: SyncSummary): Promise<void> {
    useSync.setState({
      running: false,
      progress: null,
      runDatasets: {},
      cancelling: false,
      lastSummary: summary,
      lastError: null,
    });
    return useSync.getState().load();
  }

  /**
   * Load the status and follow the core's sync events and the ledger changing (a CLI sync records
   * its run too); `onResume` reports the event stream coming back after a drop. Returns the stop.
   */
  function follow(onResume: (reload: () => void) => () => void): () => void {
    const reload = (): void => void useSync.getState().load();
    const stops = [
      client.onEvent('sync:progress', applyProgress),
      client.onEvent('sync:finished', (summary) => void applyFinished(summary)),
      client.onEvent('ledger:changed', reload),
      onResume(reload),
    ];
    reload();
    return () => {
      for (const stop of stops) stop();
    };
  }

  return { useSync, applyProgress, applyFinished, follow };
}
