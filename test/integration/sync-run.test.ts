import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventChannel } from '../../src/shared/ipc/channels';
import { createCore, type Core } from '../../src/main/core/services';
import type { RunningSimulator } from '../../src/simulator/server';
import { assertBuilt, runCli, runCliAsync } from '../helpers/cli';
import { startExactSimulator } from '../helpers/platform-fixture';
import { makeTempDir } from '../helpers/temp-dir';

let simulator: RunningSimulator;
let temp: ReturnType<typeof makeTempDir>;
let core: Core | undefined;

beforeAll(async () => {
  simulator = await startExactSimulator();
});
afterAll(async () => {
  await simulator?.close();
});
beforeEach(() => (temp = makeTempDir()));
afterEach(async () => {
  await core?.close();
  core = undefined;
  temp.cleanup();
});

function platformCore(
  credentials: { apiKey: string; apiSecret: string } | undefined = {
    apiKey: simulator.apiKey,
    apiSecret: simulator.apiSecret,
  },
): Core {
  return createCore({
    workspaceDir: temp.dir,
    workspaceName: 'Acme',
    workspaceKind: 'platform',
    workspaceBaseUrl: simulator.baseUrl,
    shell: 'browser',
    appVersion: 'test',
    changePollMs: 0,
    credentials,
  });
}

describe('a sync run through the core', () => {
  it('fills every dataset, reports progress and freshness, and announces the change', async () => {
    core = platformCore();
    const events: EventChannel[] = [];
    core.onEvent((name) => events.push(name));
    const envelope = await core.dispatch('sync:run', {});
    expect(envelope.ok).toBe(true);
    const summary = envelope.ok
      ? (envelope.value as { outcome: string; datasets: Array<{ dataset: string; itemsRead: number }> })
      : null;
    expect(summary?.datasets.map((d) => d.dataset)).toEqual(['floats', 'transfers', 'brands', 'templates']);
    const read = Object.fromEntries(summary!.datasets.map((d) => [d.dataset, d.itemsRead]));
    expect(read.floats).toBe(simulator.world.floats.length);
    expect(read.brands).toBe(simulator.world.brands.length);
    expect(events).toContain('sync:progress');
    expect(events).toContain('sync:finished');
    expect(events).toContain('ledger:changed');
    const floats = await core.dispatch('floats:list', {});
    const amounts = floats.ok
      ? (floats.value as { floats: Array<{ available: { amount: string } }> }).floats.map(
          (f) => f.available.amount,
        )
      : [];
    expect(amounts).toEqual(expect.arrayContaining(['12345678.91', '0.10', '1234.567']));
    const status = await core.dispatch('sync:status', {});
    expect(status).toMatchObject({
      ok: true,
      value: { running: false, connection: { kind: 'platform', problem: null } },
    });
    const freshness = status.ok
      ? (status.value as { datasets: Array<{ lastRefreshedAt: string | null }> }).datasets
      : [];
    expect(freshness.every((d) => d.lastRefreshedAt !== null)).toBe(true);
  });

  it('runs one sync at a time, and a cancelled sync says so', async () => {
    core = platformCore();
    const first = core.dispatch('sync:run', { datasets: ['brands'] });
    const second = await core.dispatch('sync:run', { datasets: ['floats'] });
    expect(second).toMatchObject({ ok: false, error: { code: 'ledger_busy' } });
    expect((await first).ok).toBe(true);
    const running = core.dispatch('sync:run', { datasets: ['transfers', 'brands'] });
    expect(await core.dispatch('sync:cancel', {})).toEqual({ ok: true, value: { cancelled: true } });
    expect(await running).toMatchObject({ ok: true, value: { outcome: 'cancelled' } });
  });

  it('a Cancel that overtakes its Sync now still cancels that sync, and only that one', async () => {
    core = platformCore();
    const requestId = '7f3c2a10-5b7e-4d1a-9c35-0e8d2f4b6a91';
    expect(await core.dispatch('sync:cancel', { requestId })).toEqual({
      ok: true,
      value: { cancelled: true },
    });
    const run = await core.dispatch('sync:run', { datasets: ['floats', 'brands'], requestId });
    expect(run).toMatchObject({
      ok: true,
      value: { outcome: 'cancelled', datasets: [{ dataset: 'floats', outcome: 'cancelled' }] },
    });
    // Over and done: cancelling it again changes nothing, and the next sync runs normally.
    expect(await core.dispatch('sync:cancel', { requestId })).toEqual({
      ok: true,
      value: { cancelled: false },
    });
    expect(
      await core.dispatch('sync:run', { datasets: ['floats'], requestId: 'second-run-1' }),
    ).toMatchObject({
      ok: true,
      value: { outcome: 'succeeded' },
    });
  });

  it('closing the workspace during a sync records its end and frees the workspace for the next sync', async () => {
    core = platformCore();
    const running = core.dispatch('sync:run', { datasets: ['transfers', 'brands'] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await core.close();
    expect(await running).toMatchObject({ ok: true, value: { outcome: 'cancelled' } });

    core = platformCore();
    const status = await core.dispatch('sync:status', {});
    expect(status).toMatchObject({ ok: true, value: { running: false } });
    const outcomes = (status as { value: { datasets: Array<{ lastOutcome: string | null }> } }).value
      .datasets;
    expect(outcomes.map((dataset) => dataset.lastOutcome)).not.toContain('running');
    expect(await core.dispatch('sync:run', { datasets: ['floats'] })).toMatchObject({
      ok: true,
      value: { outcome: 'succeeded' },
    });
  });

  it('without credentials says what to set, and the status shows the problem', async () => {
    core = createCore({
      workspaceDir: temp.dir,
      workspaceName: 'Acme',
      workspaceKind: 'platform',
      workspaceBaseUrl: simulator.baseUrl,
      shell: 'browser',
      appVersion: 'test',
      changePollMs: 0,
    });
    const envelope = await core.dispatch('sync:run', {});
    expect(envelope).toMatchObject({ ok: false, error: { code: 'auth_failed' } });
    expect(envelope.ok ? '' : envelope.error.message).toContain('FLOATDESK_API_KEY');
    expect(await core.dispatch('sync:status', {})).toMatchObject({
      ok: true,
      value: { connection: { kind: 'none', problem: expect.stringContaining('FLOATDESK_API_KEY') } },
    });
  });

  it('the demo workspace syncs from its built-in simulator', async () => {
    core = createCore({
      workspaceDir: join(temp.dir, 'demo'),
      workspaceName: 'Demo workspace',
      workspaceKind: 'demo',
      shell: 'browser',
      appVersion: 'test',
      changePollMs: 0,
    });
    const envelope = await core.dispatch('sync:run', { datasets: ['floats', 'transfers'] });
    expect(envelope).toMatchObject({ ok: true, value: { outcome: 'succeeded' } });
    const floats = await core.dispatch('floats:list', {});
    expect(floats.ok && (floats.value as { floats: unknown[] }).floats.length).toBeGreaterThan(3);
    expect(await core.dispatch('sync:status', {})).toMatchObject({
      ok: true,
      value: { connection: { kind: 'demo' } },
    });
  });
});

describe('floatdesk workspace init and sync', () => {
  beforeAll(() => assertBuilt());

  it('points a workspace at the platform, then syncs it with credentials from the environment', async () => {
    const dir = join(temp.dir, 'acme');
    const init = runCli(['workspace', 'init', dir, '--base-url', simulator.baseUrl, '--name', 'Acme Ltd']);
    expect(init.status).toBe(0);
    expect(init.stdout).toContain('now talks to');
    const env = { FLOATDESK_API_KEY: simulator.apiKey, FLOATDESK_API_SECRET: simulator.apiSecret };
    const sync = await runCliAsync(['sync', '--workspace', dir, '--only', 'floats,transfers'], env);
    expect(sync.stderr).toBe('');
    expect(sync.status).toBe(0);
    expect(sync.stdout).toMatch(/floats\s+succeeded/);
    expect(sync.stdout).toMatch(/transfers\s+succeeded/);
    const floats = runCli(['floats', '--workspace', dir, '--currency', 'KWD', '--json']);
    expect(JSON.parse(floats.stdout).floats[0].available.amount).toBe('1234.567');
  });

  it('exits 1 with one line when it cannot sync, and 2 on wrong usage', async () => {
    const dir = join(temp.dir, 'acme');
    runCli(['workspace', 'init', dir, '--base-url', simulator.baseUrl]);
    const noCredentials = runCli(['sync', '--workspace', dir], {
      FLOATDESK_API_KEY: '',
      FLOATDESK_API_SECRET: '',
    });
    expect(noCredentials.status).toBe(1);
    expect(noCredentials.stderr.trim().split('\n')).toHaveLength(1);
    expect(noCredentials.stderr).toContain('FLOATDESK_API_KEY');
    expect(runCli(['sync', '--workspace', dir, '--only', 'weather']).status).toBe(2);
    expect(runCli(['sync', '--workspace', dir, '--since', '2026-02-30']).status).toBe(2);
    expect(runCli(['workspace', 'init', dir, '--base-url', 'http://platform.example/api/v2']).status).toBe(2);
  });
});

describe('opening a workspace while another process syncs it', () => {
  it('does not mark the live sync failed; a dead one is closed', async () => {
    const { acquireLock, SYNC_LOCK } = await import('../../src/main/core/ledger/locks');
    const { openLedger } = await import('../../src/main/core/ledger/db');
    const seed = platformCore();
    await seed.close();
    const db = openLedger(join(temp.dir, 'ledger.sqlite'));
    db.prepare(
      "INSERT INTO sync_runs (workspace_id, trigger, started_at, outcome) VALUES (1, 'cli', '2026-11-22T10:00:00Z', 'running')",
    ).run();
    // A live holder: this very process, so its pid is alive.
    acquireLock(db, SYNC_LOCK, { owner: 'cli', now: new Date() });
    db.close();
    core = platformCore();
    const during = await core.dispatch('sync:status', {});
    expect(during.ok).toBe(true);
    const check = openLedger(join(temp.dir, 'ledger.sqlite'));
    expect(check.prepare('SELECT outcome FROM sync_runs').all()).toEqual([{ outcome: 'running' }]);
    check.prepare('DELETE FROM locks').run();
    check.close();
    await core.close();
    core = platformCore();
    const after = openLedger(join(temp.dir, 'ledger.sqlite'));
    expect(after.prepare('SELECT outcome FROM sync_runs').all()).toEqual([{ outcome: 'failed' }]);
    after.close();
  });
});
