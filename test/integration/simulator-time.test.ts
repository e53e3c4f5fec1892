/**
 * The platform's clock over HTTP: timestamps in its zone, date filters on its local days, and the
 * check-floats cache in simulated time (admin clock and timeScale).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { World } from '../../src/simulator/model';
import type { SimulatorOptions } from '../../src/simulator/options';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { admin, call } from '../helpers/sim-http';
import { makeSimWorld } from '../helpers/sim-world';

const running: RunningSimulator[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sim) => sim.close()));
});
async function start(options: Partial<SimulatorOptions> = {}, world: World = makeSimWorld()) {
  const sim = await startSimulator({ world, ...options });
  running.push(sim);
  return sim;
}

/** The fixture world plus one request at 2026-06-30T23:30Z: 2026-07-01T00:30 in British summer time. */
function worldWithMidnightRequest(): World {
  const world = makeSimWorld();
  world.transfers.push({
    seq: 67,
    float: 'main',
    currency: 'GBP',
    exponent: 2,
    requestedMinor: 2500n,
    approvedMinor: 2500n,
    paymentReference: 'REF-MIDNIGHT',
    status: 'approved',
    createdAt: Date.UTC(2026, 5, 30, 23, 30),
    plan: null,
  });
  return world;
}

type Item = { payment_reference: string; created_at: string };
const refs = async (sim: RunningSimulator, query: Record<string, string>) => {
  const result = await call(sim, 'GET', '/float/transfer-requests', { query });
  expect(result.status, result.text).toBe(200);
  return (result.json().data as Item[]).map((item) => item.payment_reference);
};

describe('the platform time zone', () => {
  it('reads start_date and end_date as local days of Europe/London by default', async () => {
    const sim = await start({}, worldWithMidnightRequest());
    const found = await call(sim, 'GET', '/float/transfer-requests', {
      query: { payment_reference: 'REF-MIDNIGHT' },
    });
    expect((found.json().data as Item[])[0]?.created_at).toBe('2026-07-01T00:30:00+01:00');
    expect(await refs(sim, { start_date: '2026-07-01', end_date: '2026-07-01' })).toEqual(['REF-MIDNIGHT']);
    expect(await refs(sim, { start_date: '2026-06-30', end_date: '2026-06-30' })).toEqual([]);
    expect(await refs(sim, { end_date: '2026-06-30' })).toEqual([]);
    expect(
      await refs(sim, {
        start_date: '2026-07-01',
        end_date: '2026-07-02',
        float: 'main',
        status: 'approved',
        currency: 'GBP',
      }),
    ).toEqual(['REF-MIDNIGHT']);
  });

  it('reads them as UTC days when the platform zone is UTC', async () => {
    const sim = await start({ platformTimeZone: 'UTC' }, worldWithMidnightRequest());
    const found = await call(sim, 'GET', '/float/transfer-requests', {
      query: { payment_reference: 'REF-MIDNIGHT' },
    });
    expect((found.json().data as Item[])[0]?.created_at).toBe('2026-06-30T23:30:00+00:00');
    expect(await refs(sim, { start_date: '2026-07-01', end_date: '2026-07-01' })).toEqual([]);
    expect(await refs(sim, { start_date: '2026-06-30', end_date: '2026-06-30' })).toEqual(['REF-MIDNIGHT']);
  });

  it('ends an exclusive end_date at the local midnight', async () => {
    const london = await start({ endDateInclusive: false }, worldWithMidnightRequest());
    expect(await refs(london, { start_date: '2026-06-30', end_date: '2026-07-01' })).toEqual([]);
    expect(await refs(london, { start_date: '2026-07-01', end_date: '2026-07-02' })).toEqual([
      'REF-MIDNIGHT',
    ]);
    const utc = await start({ endDateInclusive: false, platformTimeZone: 'UTC' }, worldWithMidnightRequest());
    expect(await refs(utc, { start_date: '2026-06-30', end_date: '2026-07-01' })).toEqual(['REF-MIDNIGHT']);
  });

  it('filters on start_date alone', async () => {
    const sim = await start();
    const fromTenth = await call(sim, 'GET', '/float/transfer-requests', {
      query: { start_date: '2026-10-10' },
    });
    const items = fromTenth.json().data as Item[];
    expect(items).toHaveLength(50); // 60 that day: cut at the cap
    expect(items.every((item) => item.created_at.startsWith('2026-10-10T'))).toBe(true);
    expect(await refs(sim, { start_date: '2026-10-11' })).toEqual([]);
    // 2026-10-03T23:59:59Z is 00:59:59 on the 4th in London.
    expect(await refs(sim, { start_date: '2026-10-04', float: 'tokyo' })).toEqual(['REF00004']);
    expect(await refs(sim, { start_date: '2026-10-04', status: 'pending' })).toEqual([
      'REF00006',
      'REF00005',
    ]);
  });

  it('writes every timestamp with the zone offset: +01:00 in British summer time', async () => {
    const world = makeSimWorld();
    world.now = Date.UTC(2026, 6, 1, 12);
    const sim = await start({}, world);
    const summer = '2026-07-01T13:00:00+01:00';
    expect((await call(sim, 'GET', '/check-floats')).json().data).toMatchObject({
      last_refreshed_at: summer,
    });
    expect((await call(sim, 'GET', '/brands')).json().data).toMatchObject({ last_refreshed_at: summer });
    const brands = (await call(sim, 'GET', '/brands', { query: { brand: 'open-gbp' } })).json().data as {
      brands: Record<string, { last_updated: string }>;
    };
    expect(brands.brands['open-gbp']?.last_updated).toBe('2026-10-23T10:00:00+01:00');
    const issued = await call(sim, 'POST', '/digital/issue', {
      body: { client_request_id: 'tz-1', brand: 'open-gbp', face_value: { amount: 10, currency: 'GBP' } },
    });
    expect(issued.json().data).toMatchObject({ created_at: summer });
    const posted = await call(sim, 'POST', '/float/request-payment-transfer', {
      body: '{"float":"main","currency":"GBP","amount":5,"payment_reference":"TZ-SUMMER"}',
    });
    expect(posted.status).toBe(200);
    const listed = await call(sim, 'GET', '/float/transfer-requests', {
      query: { payment_reference: 'TZ-SUMMER' },
    });
    expect(listed.json().data).toMatchObject([{ created_at: summer }]);
  });

  it('takes any IANA zone, and refuses an unknown one', async () => {
    const world = makeSimWorld();
    world.now = Date.UTC(2026, 6, 1, 12);
    const sim = await start({ platformTimeZone: 'America/New_York' }, world);
    expect((await call(sim, 'GET', '/check-floats')).json().data).toMatchObject({
      last_refreshed_at: '2026-07-01T08:00:00-04:00',
    });
    await expect(start({ platformTimeZone: 'Europe/Atlantis' })).rejects.toThrow(/Unknown time zone/);
  });
});

describe('the check-floats cache', () => {
  const issue = (sim: RunningSimulator, id: string) =>
    call(sim, 'POST', '/digital/issue', {
      body: {
        client_request_id: id,
        brand: 'open-gbp',
        face_value: { amount: 10, currency: 'GBP' },
        float: 'main',
      },
    });

  it('serves an answer unchanged for 15 simulated minutes by default, per currency filter', async () => {
    const sim = await start({ admin: true });
    const first = await call(sim, 'GET', '/check-floats');
    expect((await issue(sim, 'cache-1')).json()).toMatchObject({ code: '000' });
    expect((await call(sim, 'GET', '/check-floats')).bytes.equals(first.bytes)).toBe(true);
    // Another filter is another cache entry, computed now: it already shows the spend.
    const gbp = await call(sim, 'GET', '/check-floats', { query: { currency: 'GBP' } });
    expect(gbp.text).toContain('"main":{"available_balance":{"amount":12345678901225.01,');
    await admin(sim, 'POST', '/clock/advance', { ms: 15 * 60_000 - 1 });
    expect((await call(sim, 'GET', '/check-floats')).bytes.equals(first.bytes)).toBe(true);
    await admin(sim, 'POST', '/clock/advance', { ms: 1 });
    const fresh = await call(sim, 'GET', '/check-floats');
    expect(fresh.text).toContain('"main":{"available_balance":{"amount":12345678901225.01,');
    expect(fresh.json().data).toMatchObject({ last_refreshed_at: '2026-11-02T09:15:00+00:00' });
  });

  it('computes every answer afresh with floatsCacheMs 0', async () => {
    const sim = await start({ floatsCacheMs: 0 });
    const first = await call(sim, 'GET', '/check-floats');
    await issue(sim, 'cache-2');
    expect((await call(sim, 'GET', '/check-floats')).bytes.equals(first.bytes)).toBe(false);
  });

  it('refreshes on its own when simulated time runs (timeScale, the demo)', async () => {
    let wall = 1_800_000_000_000;
    const sim = await start({ timeScale: 60, wallClock: () => wall });
    const get = () => call(sim, 'GET', '/check-floats');
    const first = await get();
    await call(sim, 'POST', '/digital/issue', {
      body: { client_request_id: 'cache-3', brand: 'open-gbp', face_value: { amount: 10, currency: 'GBP' } },
    });
    wall += 14_000; // 14 simulated minutes
    expect((await get()).bytes.equals(first.bytes)).toBe(true);
    wall += 1_000; // 15
    const fresh = await get();
    expect(fresh.text).toContain('"amount":12345678901225.01,');
    expect(fresh.json().data).toMatchObject({ last_refreshed_at: '2026-11-02T09:15:00+00:00' });
  });
});
