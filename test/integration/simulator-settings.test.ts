/** Runtime settings over the admin API: POST /__admin/settings changes them, the next request follows. */
import { afterEach, describe, expect, it } from 'vitest';
import type { SimulatorOptions } from '../../src/simulator/options';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { admin, call } from '../helpers/sim-http';
import { makeSimWorld } from '../helpers/sim-world';

const running: RunningSimulator[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sim) => sim.close()));
});
async function start(options: Partial<SimulatorOptions> = {}): Promise<RunningSimulator> {
  const sim = await startSimulator({
    world: makeSimWorld(),
    admin: true,
    platformTimeZone: 'UTC',
    ...options,
  });
  running.push(sim);
  return sim;
}
const count = async (sim: RunningSimulator, query: Record<string, string> = {}) =>
  ((await call(sim, 'GET', '/float/transfer-requests', { query })).json().data as unknown[]).length;

describe('POST /__admin/settings', () => {
  it('reads the settings', async () => {
    const sim = await start();
    expect((await admin(sim, 'GET', '/settings')).json().data).toEqual({
      list_cap: 50,
      end_date_inclusive: true,
      legacy_floats_shape: false,
      timestamp_skew_ms: 300_000,
      floats_cache_ms: 900_000,
      error_data_shape: 'mixed',
    });
  });

  it('changes the list cap and the end-date mode', async () => {
    const sim = await start();
    expect(await count(sim)).toBe(50);
    const changed = await admin(sim, 'POST', '/settings', { list_cap: 7, end_date_inclusive: false });
    expect(changed.json().data).toMatchObject({ list_cap: 7, end_date_inclusive: false });
    expect(await count(sim)).toBe(7);
    expect(await count(sim, { start_date: '2026-10-03', end_date: '2026-10-03' })).toBe(0);
    await admin(sim, 'POST', '/settings', { end_date_inclusive: true });
    expect(await count(sim, { start_date: '2026-10-03', end_date: '2026-10-03' })).toBe(2);
  });

  it('switches the floats shape and the cache at once (the cache is emptied)', async () => {
    const sim = await start();
    const before = (await call(sim, 'GET', '/check-floats')).json().data as object;
    expect(Object.keys(before)).toEqual(['floats', 'last_refreshed_at']);
    await admin(sim, 'POST', '/settings', { legacy_floats_shape: true, floats_cache_ms: 0 });
    const legacy = (await call(sim, 'GET', '/check-floats')).json().data as object;
    expect(Object.keys(legacy)).toEqual(['GBP', 'JPY', 'KWD', 'EUR', 'last_refreshed_at']);
    await call(sim, 'POST', '/digital/issue', {
      body: {
        client_request_id: 's1',
        brand: 'open-gbp',
        face_value: { amount: 10, currency: 'GBP' },
        float: 'small',
      },
    });
    expect((await call(sim, 'GET', '/check-floats')).text).toContain(
      '"small":{"available_balance":{"amount":0.45,',
    );
  });

  it('narrows the timestamp window', async () => {
    const sim = await start();
    const now = sim.now();
    const at = (ms: number) => call(sim, 'GET', '/check-floats', { timestamp: String(ms) });
    expect((await at(now - 2000)).status).toBe(200);
    await admin(sim, 'POST', '/settings', { timestamp_skew_ms: 1000 });
    const stale = await at(now - 2000);
    expect(stale.status).toBe(401);
    expect(stale.json()).toMatchObject({ code: '434' });
    expect((await at(now - 1000)).status).toBe(200);
  });

  it('forces one error data shape, and back to each endpoint its own', async () => {
    const sim = await start();
    const bad = () =>
      call(sim, 'POST', '/digital/issue', {
        body: { client_request_id: 's2', brand: 'open-gbp', face_value: { amount: 10, currency: 'EUR' } },
      });
    expect((await bad()).json().data).toEqual({
      'face_value.currency': 'The face value currency must be GBP.',
    });
    await admin(sim, 'POST', '/settings', { error_data_shape: 'array-of-strings' });
    expect((await bad()).json().data).toEqual(['The face value currency must be GBP.']);
    await admin(sim, 'POST', '/settings', { error_data_shape: 'mixed' });
    expect((await bad()).json().data).toEqual({
      'face_value.currency': 'The face value currency must be GBP.',
    });
  });

  it('refuses a wrong value or an unknown setting, changing nothing', async () => {
    const sim = await start();
    for (const body of [
      { list_cap: 0, end_date_inclusive: false },
      { list_cap: 2.5 },
      { end_date_inclusive: 'yes' },
      { floats_cache_ms: -1 },
      { error_data_shape: 'xml' },
      { time_scale: 60 },
    ]) {
      const result = await admin(sim, 'POST', '/settings', body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.json()).toMatchObject({ code: '433', status: 'error' });
    }
    expect((await admin(sim, 'GET', '/settings')).json().data).toMatchObject({
      list_cap: 50,
      end_date_inclusive: true,
    });
    expect((await admin(sim, 'POST', '/settings', [1])).status).toBe(400);
  });
});
