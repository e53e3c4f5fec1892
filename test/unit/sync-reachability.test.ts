import { describe, expect, it } from 'vitest';
import { OFFLINE_RETRY_MS, ReachabilityTracker } from '../../src/main/core/sync/reachability';
import type { SyncSummary } from '../../src/main/core/sync/run';

type DatasetResult = SyncSummary['datasets'][number];

function summary(...datasets: Array<Partial<DatasetResult>>): SyncSummary {
  return {
    runId: 1,
    outcome: 'failed',
    datasets: datasets.map((fields) => ({
      dataset: 'floats',
      outcome: 'succeeded',
      itemsRead: 0,
      itemsChanged: 0,
      requestsMade: 0,
      ...fields,
    })) as DatasetResult[],
  };
}

const offline = {
  outcome: 'failed',
  errorCode: 'offline',
  errorMessage: 'FloatDesk could not reach the platform.',
} as const;

function tracker() {
  let tick = 0;
  return new ReachabilityTracker(() => `2026-11-22T12:00:${String(tick++).padStart(2, '0')}.000Z`);
}

describe('ReachabilityTracker', () => {
  it('starts unknown and waits the full interval', () => {
    const reach = tracker();
    expect(reach.snapshot()).toEqual({ state: 'unknown', since: null, problem: null });
    expect(reach.nextDelayMs(300_000)).toBe(300_000);
  });

  it('is offline only when every dataset that ran got no answer at all', () => {
    const reach = tracker();
    reach.observeSummary(summary(offline, { ...offline, dataset: 'brands', errorCode: 'timeout' }));
    expect(reach.snapshot()).toMatchObject({
      state: 'offline',
      problem: 'FloatDesk could not reach the platform.',
    });

    const other = tracker();
    other.observeSummary(
      summary(offline, { dataset: 'brands', outcome: 'failed', errorCode: 'auth_failed' }),
    );
    expect(other.snapshot().state).toBe('online'); // an error answer proves the network works
  });

  it('backs off while offline, never beyond the interval, and resets once online', () => {
    const reach = tracker();
    const delays: number[] = [];
    for (let attempt = 0; attempt < OFFLINE_RETRY_MS.length + 2; attempt++) {
      reach.observeSummary(summary(offline));
      delays.push(reach.nextDelayMs(600_000));
    }
    expect(delays).toEqual([...OFFLINE_RETRY_MS, 300_000, 300_000]);
    expect(reach.nextDelayMs(20_000)).toBe(20_000);
    const since = reach.snapshot().since;
    expect(since).toBe('2026-11-22T12:00:00.000Z'); // when it went offline, not the latest failure

    reach.observeSummary(summary({ outcome: 'succeeded' }));
    expect(reach.snapshot()).toMatchObject({ state: 'online', problem: null });
    expect(reach.nextDelayMs(600_000)).toBe(600_000);
    reach.observeSummary(summary(offline));
    expect(reach.nextDelayMs(600_000)).toBe(OFFLINE_RETRY_MS[0]);
  });

  it('learns nothing from a cancelled run, and only network failures count before a run', () => {
    const reach = tracker();
    reach.observeSummary(summary({ outcome: 'cancelled' }));
    expect(reach.snapshot().state).toBe('unknown');
    reach.observeError('auth_failed', 'No credentials');
    expect(reach.snapshot().state).toBe('unknown');
    reach.observeError('offline', 'The platform could not be reached (connection refused).');
    expect(reach.snapshot()).toMatchObject({
      state: 'offline',
      problem: 'The platform could not be reached (connection refused).',
    });
  });
});
