import { describe, expect, it } from 'vitest';
import type { SyncStatusAnswer } from '../../src/shared/ipc/contract';
import { datasetDetails, lastSyncLine, networkLine } from '../../src/renderer/src/lib/sync-details';
import { describeIndicator, type SyncProgress } from '../../src/renderer/src/lib/sync-text';

const now = Date.parse('2026-11-22T12:00:00Z');

function status(fields: Partial<SyncStatusAnswer> = {}): SyncStatusAnswer {
  return {
    running: false,
    progress: null,
    connection: { kind: 'platform', problem: null },
    network: { state: 'online', since: '2026-11-22T11:58:00Z', problem: null, nextAttemptAt: null },
    datasets: [
      {
        dataset: 'floats',
        lastRefreshedAt: '2026-11-22T11:50:00Z',
        lastOutcome: 'succeeded',
        lastError: null,
      },
      {
        dataset: 'transfers',
        lastRefreshedAt: null,
        lastOutcome: 'failed',
        lastError: 'The platform refused.',
      },
      { dataset: 'brands', lastRefreshedAt: null, lastOutcome: null, lastError: null },
      {
        dataset: 'templates',
        lastRefreshedAt: '2026-11-22T11:00:00Z',
        lastOutcome: 'partial',
        lastError: null,
      },
    ],
    ...fields,
  };
}

const step = (
  dataset: SyncProgress['dataset'],
  done: number,
  total: number | null,
  phase = 'saving',
): SyncProgress => ({
  dataset,
  phase,
  done,
  total,
});

describe('datasetDetails', () => {
  it('shows each dataset’s last outcome while idle, with no bars', () => {
    const rows = datasetDetails(
      { status: status(), running: false, progress: null, runDatasets: {} },
      now,
      'en',
    );
    expect(rows.map(({ dataset, state, bar, text }) => ({ dataset, state, bar, text }))).toEqual([
      { dataset: 'floats', state: 'succeeded', bar: false, text: 'Succeeded · refreshed 10 minutes ago' },
      { dataset: 'transfers', state: 'failed', bar: false, text: 'Failed: The platform refused.' },
      { dataset: 'brands', state: 'never', bar: false, text: 'Never synced · never refreshed' },
      {
        dataset: 'templates',
        state: 'partial',
        bar: false,
        text: 'Partly — some items were skipped · refreshed 1 hour ago',
      },
    ]);
  });

  it('gives a bar per dataset while a sync runs: done, this one, waiting', () => {
    const progress = step('brands', 1000, 4000);
    const rows = datasetDetails(
      {
        status: status({ running: true }),
        running: true,
        progress,
        runDatasets: { floats: step('floats', 1, 1), transfers: step('transfers', 5, 5), brands: progress },
      },
      now,
    );
    expect(rows.map(({ state, percent, bar, text }) => ({ state, percent, bar, text }))).toEqual([
      { state: 'done', percent: 100, bar: true, text: 'done' },
      { state: 'done', percent: 100, bar: true, text: 'done' },
      { state: 'running', percent: 25, bar: true, text: 'saving · 25%' },
      { state: 'waiting', percent: 0, bar: true, text: 'waiting' },
    ]);
  });

  it('marks a dataset the running sync skipped, and an unknown total as an indeterminate bar', () => {
    const progress = step('brands', 3, null, 'reading');
    const rows = datasetDetails(
      { status: status({ running: true }), running: true, progress, runDatasets: { brands: progress } },
      now,
    );
    expect(rows[0]).toMatchObject({ state: 'waiting', bar: false, text: 'not in this sync' });
    expect(rows[2]).toMatchObject({ state: 'running', percent: null, bar: true, text: 'reading' });
  });
});

describe('the offline state', () => {
  const offline = status({
    network: {
      state: 'offline',
      since: '2026-11-22T11:57:00Z',
      problem: 'FloatDesk could not reach the platform (connection refused).',
      nextAttemptAt: '2026-11-22T12:00:15Z',
    },
  });

  it('says so in the header, with how old the data is, before a failed sync', () => {
    const view = describeIndicator(
      { status: offline, statusError: null, running: false, progress: null, lastError: null },
      now,
      'en',
    );
    expect(view).toMatchObject({ tone: 'offline', text: 'Offline — showing data from 10 minutes ago' });
    expect(view.detail).toBe(
      'FloatDesk could not reach the platform (connection refused). Trying again in 15 seconds.',
    );
  });

  it('explains it in the details panel', () => {
    expect(networkLine(offline, now, 'en')).toBe(
      'Offline since 3 minutes ago — FloatDesk could not reach the platform (connection refused). Trying again in 15 seconds.',
    );
    expect(networkLine(status(), now, 'en')).toBe('Online — the platform answered 2 minutes ago');
    expect(
      networkLine(
        status({ network: { state: 'unknown', since: null, problem: null, nextAttemptAt: null } }),
        now,
      ),
    ).toMatch(/^Not tried yet/);
  });
});

describe('lastSyncLine', () => {
  it('sums what the last run changed and names what it could not refresh', () => {
    expect(lastSyncLine(null)).toBeNull();
    const line = lastSyncLine({
      runId: 3,
      outcome: 'partial',
      datasets: [
        { dataset: 'floats', outcome: 'succeeded', itemsRead: 2, itemsChanged: 2, requestsMade: 1 },
        {
          dataset: 'brands',
          outcome: 'failed',
          itemsRead: 0,
          itemsChanged: 0,
          requestsMade: 1,
          errorCode: 'offline',
        },
      ],
    });
    expect(line).toBe(
      'Last sync in this window: partly — some items were skipped (2 datasets, 2 items changed; not refreshed: Brands)',
    );
  });
});
