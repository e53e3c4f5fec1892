import { describe, expect, it } from 'vitest';
import type { SyncStatusAnswer } from '@shared/ipc/contract';
import {
  connectionLabel,
  datasetLabel,
  describeIndicator,
  latestRefresh,
  outcomeLabel,
  phaseInWords,
  progressLine,
  progressPercent,
  progressText,
  syncErrorInWords,
  type DatasetFreshness,
  type IndicatorInput,
} from '../../src/renderer/src/lib/sync-text';

const now = Date.parse('2026-11-22T12:00:00Z');

function row(dataset: DatasetFreshness['dataset'], fields: Partial<DatasetFreshness> = {}): DatasetFreshness {
  return { dataset, lastRefreshedAt: null, lastOutcome: null, lastError: null, ...fields };
}

function status(fields: Partial<SyncStatusAnswer> = {}): SyncStatusAnswer {
  return {
    running: false,
    progress: null,
    connection: { kind: 'demo', problem: null },
    network: { state: 'online', since: null, problem: null, nextAttemptAt: null },
    datasets: [row('floats'), row('transfers'), row('brands'), row('templates')],
    ...fields,
  };
}

function input(fields: Partial<IndicatorInput> = {}): IndicatorInput {
  return { status: status(), statusError: null, running: false, progress: null, lastError: null, ...fields };
}

const synced = (at: string, outcome: DatasetFreshness['lastOutcome'] = 'succeeded') =>
  (['floats', 'transfers', 'brands', 'templates'] as const).map((dataset) =>
    row(dataset, { lastRefreshedAt: at, lastOutcome: outcome }),
  );

describe('progress', () => {
  it('gives a whole percent, or null while the total is unknown', () => {
    expect(progressPercent({ done: 2, total: 5 })).toBe(40);
    expect(progressPercent({ done: 1, total: 3 })).toBe(33);
    expect(progressPercent({ done: 5, total: 5 })).toBe(100);
    expect(progressPercent({ done: 7, total: 5 })).toBe(100);
    expect(progressPercent({ done: 3, total: null })).toBeNull();
    expect(progressPercent({ done: 0, total: 0 })).toBeNull();
    expect(progressPercent(null)).toBeNull();
  });

  it('names the dataset being synced, and the phase in plain words', () => {
    expect(progressText(null)).toBe('Starting sync…');
    expect(progressText({ dataset: 'transfers', phase: 'windows', done: 2, total: 5 })).toBe(
      'Syncing transfer requests…',
    );
    expect(progressLine({ dataset: 'transfers', phase: 'windows', done: 2, total: 5 })).toBe(
      'Syncing transfer requests… 40% (reading by date)',
    );
    expect(progressLine({ dataset: 'brands', phase: 'reading', done: 0, total: null })).toBe(
      'Syncing brands… (reading)',
    );
    expect(phaseInWords('assets')).toBe('downloading images');
    expect(phaseInWords('signed-off')).toBe('re-reading signed-off requests');
    expect(phaseInWords('something-new')).toBe('something-new');
  });
});

describe('labels', () => {
  it('names every dataset, outcome and connection', () => {
    expect(datasetLabel('transfers')).toBe('Transfer requests');
    expect(outcomeLabel(null)).toBe('Never synced');
    expect(outcomeLabel('partial')).toMatch(/skipped/);
    expect(connectionLabel({ kind: 'demo', problem: null })).toBe('Demo workspace — built-in simulator');
    expect(connectionLabel({ kind: 'platform', problem: null })).toBe('Platform');
    expect(connectionLabel({ kind: 'none', problem: 'No API key is set.' })).toBe(
      'Not connected: No API key is set.',
    );
    expect(connectionLabel({ kind: 'none', problem: null })).toMatch(/^Not connected yet/);
  });

  it('puts a sync error in plain words, keeping the core message', () => {
    expect(syncErrorInWords({ code: 'offline', message: 'No network.' })).toEqual({
      title: 'The last sync could not reach the platform',
      message: 'No network.',
    });
    expect(syncErrorInWords({ code: 'internal', message: 'Boom.' }).title).toBe(
      'The last sync could not run',
    );
  });

  it('finds the latest refresh across datasets', () => {
    expect(latestRefresh([row('floats')])).toBeNull();
    expect(
      latestRefresh([
        row('floats', { lastRefreshedAt: '2026-11-22T10:00:00Z' }),
        row('brands', { lastRefreshedAt: '2026-11-22T11:30:00+01:00' }),
        row('templates', { lastRefreshedAt: '2026-11-22T10:45:00Z' }),
      ]),
    ).toBe('2026-11-22T10:45:00Z');
  });
});

describe('describeIndicator', () => {
  const text = (fields: Partial<IndicatorInput>) => describeIndicator(input(fields), now, 'en-GB').text;

  it('shows a running sync first, with its percent apart from the announced text', () => {
    const view = describeIndicator(
      input({ running: true, progress: { dataset: 'transfers', phase: 'windows', done: 4, total: 10 } }),
      now,
      'en-GB',
    );
    expect(view).toMatchObject({
      tone: 'running',
      text: 'Syncing transfer requests…',
      percent: 40,
      running: true,
    });
    expect(text({ running: true })).toBe('Starting sync…');
  });

  it('says when it was last synced', () => {
    expect(text({ status: status({ datasets: synced('2026-11-22T11:57:00Z') }) })).toBe(
      'Synced 3 minutes ago',
    );
    expect(text({ status: status({ datasets: synced('2026-11-22T11:59:50Z') }) })).toBe('Synced just now');
    // A core clock slightly ahead of this one still reads as the past.
    expect(text({ status: status({ datasets: synced('2026-11-22T12:01:00Z') }) })).toBe('Synced just now');
    expect(text({ status: status({ datasets: synced('2026-11-22T11:00:00Z', 'partial') }) })).toBe(
      'Synced 1 hour ago · some items skipped',
    );
  });

  it('says when nothing was synced yet, or the status is not known', () => {
    expect(text({})).toBe('Not synced yet');
    expect(text({ status: null })).toBe('Checking sync status…');
    expect(text({ status: null, statusError: { code: 'offline', message: 'x' } })).toBe(
      'Sync status unavailable',
    );
  });

  it('points at Settings when the last sync failed', () => {
    const datasets = synced('2026-11-22T11:00:00Z');
    datasets[1] = row('transfers', { lastOutcome: 'failed', lastError: 'Timed out.' });
    const view = describeIndicator(input({ status: status({ datasets }) }), now, 'en-GB');
    expect(view).toMatchObject({ tone: 'error', text: 'Last sync failed — details in Settings' });
    expect(view.detail).toBe('Not refreshed: Transfer requests');
    expect(text({ lastError: { code: 'offline', message: 'No network.' } })).toBe(
      'Last sync failed — details in Settings',
    );
  });

  it('says why there is no connection, even after a sync failed for that reason', () => {
    const connection = { kind: 'none' as const, problem: 'This workspace has no platform address yet.' };
    expect(text({ status: status({ connection }), lastError: { code: 'invalid_input', message: 'x' } })).toBe(
      'Not connected: This workspace has no platform address yet.',
    );
    expect(
      text({
        status: status({ connection: { kind: 'none', problem: 'No API key is set for this workspace.' } }),
      }),
    ).toBe('Not connected: No API key is set for this workspace.');
  });

  it('says a sync was cancelled, and how old the data is', () => {
    const datasets = synced('2026-11-22T10:00:00Z');
    datasets[2] = row('brands', { lastRefreshedAt: '2026-11-22T10:00:00Z', lastOutcome: 'cancelled' });
    expect(text({ status: status({ datasets }) })).toBe('Sync cancelled · data from 2 hours ago');
  });
});
