import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncStatusAnswer } from '@shared/ipc/contract';
import { AppError } from '@shared/ipc/errors';
import { createSyncStore, type SyncClient } from '../../src/renderer/src/stores/sync-store';

// The store talks to the core only through the client it is given: a scripted fake here.
const fake = {
  invoke: vi.fn<(channel: string, input: unknown) => Promise<unknown>>(),
  listeners: new Map<string, Set<(payload: unknown) => void>>(),
};

const client = {
  invoke: (channel: string, input: unknown) => fake.invoke(channel, input),
  onEvent: (name: string, listener: (payload: unknown) => void) => {
    const set = fake.listeners.get(name) ?? new Set();
    set.add(listener);
    fake.listeners.set(name, set);
    return () => set.delete(listener);
  },
} as unknown as SyncClient;

const { useSync, applyProgress, follow } = createSyncStore(client);
/** The event stream coming back after a drop (the real store wires the connection store). */
const resumeListeners = new Set<() => void>();
const followSync = () =>
  follow((reload) => {
    resumeListeners.add(reload);
    return () => resumeListeners.delete(reload);
  });

function emit(name: string, payload: unknown): void {
  for (const listener of fake.listeners.get(name) ?? []) listener(payload);
}

function status(fields: Partial<SyncStatusAnswer> = {}): SyncStatusAnswer {
  return {
    running: false,
    progress: null,
    connection: { kind: 'demo', problem: null },
    network: { state: 'online', since: null, problem: null, nextAttemptAt: null },
    datasets: [{ dataset: 'floats', lastRefreshedAt: null, lastOutcome: null, lastError: null }],
    ...fields,
  };
}

const summary = {
  runId: 1,
  outcome: 'succeeded' as const,
  datasets: [
    {
      dataset: 'floats' as const,
      outcome: 'succeeded' as const,
      itemsRead: 3,
      itemsChanged: 3,
      requestsMade: 1,
    },
  ],
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  fake.invoke.mockReset();
  fake.listeners.clear();
  resumeListeners.clear();
  useSync.setState({
    status: null,
    statusError: null,
    running: false,
    progress: null,
    cancelling: false,
    lastError: null,
    lastSummary: null,
  });
});

describe('sync store', () => {
  it('loads the status, follows progress, and reloads the status after a finished run', async () => {
    fake.invoke.mockResolvedValueOnce(status({ running: true }));
    const stop = followSync();
    await flush();
    expect(useSync.getState()).toMatchObject({ running: true, progress: null });

    emit('sync:progress', { dataset: 'transfers', phase: 'windows', done: 2, total: 5 });
    expect(useSync.getState().progress).toMatchObject({ dataset: 'transfers', done: 2 });

    const refreshed = status({
      datasets: [
        {
          dataset: 'floats',
          lastRefreshedAt: '2026-11-22T10:00:00Z',
          lastOutcome: 'succeeded',
          lastError: null,
        },
      ],
    });
    fake.invoke.mockResolvedValueOnce(refreshed);
    emit('sync:finished', summary);
    expect(useSync.getState()).toMatchObject({ running: false, progress: null, lastSummary: summary });
    await flush();
    expect(fake.invoke).toHaveBeenLastCalledWith('sync:status', {});
    expect(useSync.getState().status).toEqual(refreshed);
    stop();
    expect(fake.listeners.get('sync:progress')?.size).toBe(0);
  });

  it('reloads the status when the ledger changes (a CLI sync, say) and when the stream resumes', async () => {
    fake.invoke.mockResolvedValue(status());
    followSync();
    await flush();
    fake.invoke.mockClear();
    emit('ledger:changed', { source: 'another-process' });
    await flush();
    expect(fake.invoke).toHaveBeenCalledWith('sync:status', {});
    fake.invoke.mockClear();
    for (const resume of resumeListeners) resume();
    await flush();
    expect(fake.invoke).toHaveBeenCalledWith('sync:status', {});
  });

  it('Sync now runs a sync, shows it running at once, then reloads the status', async () => {
    let finish: (value: unknown) => void = () => undefined;
    fake.invoke.mockImplementation((channel) =>
      channel === 'sync:run' ? new Promise((resolve) => (finish = resolve)) : Promise.resolve(status()),
    );
    const done = useSync.getState().syncNow();
    expect(useSync.getState().running).toBe(true);
    // A second press while it runs does not start another.
    await useSync.getState().syncNow();
    expect(fake.invoke.mock.calls.filter(([channel]) => channel === 'sync:run')).toHaveLength(1);
    finish(summary);
    await done;
    expect(useSync.getState()).toMatchObject({ running: false, lastSummary: summary, lastError: null });
  });

  it('keeps the error of a sync that could not run', async () => {
    fake.invoke.mockImplementation((channel) =>
      channel === 'sync:run'
        ? Promise.reject(new AppError('offline', 'The platform did not answer. Check the network.'))
        : Promise.resolve(status()),
    );
    await useSync.getState().syncNow();
    expect(useSync.getState().lastError).toEqual({
      code: 'offline',
      message: 'The platform did not answer. Check the network.',
    });
    expect(useSync.getState().running).toBe(false);
  });

  it('a sync already running elsewhere is followed, not reported as a failure', async () => {
    fake.invoke.mockImplementation((channel) =>
      channel === 'sync:run'
        ? Promise.reject(new AppError('ledger_busy', 'A sync is already running.'))
        : Promise.resolve(status({ running: true })),
    );
    await useSync.getState().syncNow();
    expect(useSync.getState()).toMatchObject({ lastError: null, running: true });
  });

  it('Cancel asks the core once and waits for the run to end', async () => {
    useSync.setState({ running: true });
    fake.invoke.mockResolvedValue({ cancelled: true });
    await useSync.getState().cancel();
    await useSync.getState().cancel();
    expect(fake.invoke).toHaveBeenCalledTimes(1);
    expect(fake.invoke).toHaveBeenCalledWith('sync:cancel', {});
    expect(useSync.getState()).toMatchObject({ running: true, cancelling: true });
  });

  it('Cancel pressed before the core started the run cancels it once it reports progress', async () => {
    let finish: (value: unknown) => void = () => undefined;
    fake.invoke.mockImplementation((channel) => {
      if (channel === 'sync:run') return new Promise((resolve) => (finish = resolve));
      if (channel === 'sync:cancel') return Promise.resolve({ cancelled: false });
      return Promise.resolve(status());
    });
    const done = useSync.getState().syncNow();
    await useSync.getState().cancel();
    expect(useSync.getState().cancelling).toBe(true);
    fake.invoke.mockClear();
    applyProgress({ dataset: 'floats', phase: 'reading', done: 0, total: 1 });
    applyProgress({ dataset: 'floats', phase: 'saving', done: 1, total: 1 });
    expect(fake.invoke.mock.calls).toEqual([['sync:cancel', {}]]);
    finish({ ...summary, outcome: 'cancelled' });
    await done;
    expect(useSync.getState()).toMatchObject({ running: false, cancelling: false });
  });
});
