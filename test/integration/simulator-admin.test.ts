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
  // floatsCacheMs 0: these tests read balances right after changing them.
  const sim = await startSimulator({ world: makeSimWorld(), admin: true, floatsCacheMs: 0, ...options });
  running.push(sim);
  return sim;
}
const floatsText = async (sim: RunningSimulator) => (await call(sim, 'GET', '/check-floats')).text;

describe('simulator admin API', () => {
  it('reads and advances the simulated clock', async () => {
    const sim = await start();
    expect((await admin(sim, 'GET', '/clock')).json().data).toEqual({
      now: '2026-11-02T09:00:00+00:00',
      now_ms: Date.UTC(2026, 10, 2, 9),
    });
    expect((await admin(sim, 'POST', '/clock/advance', { days: 1 })).json().data).toMatchObject({
      now: '2026-11-03T09:00:00+00:00',
    });
    expect((await admin(sim, 'POST', '/clock/advance', { ms: 60_000 })).json().data).toMatchObject({
      now: '2026-11-03T09:01:00+00:00',
    });
    expect(await floatsText(sim)).toContain('"last_refreshed_at":"2026-11-03T09:01:00+00:00"');
    const bad = await admin(sim, 'POST', '/clock/advance', { hours: 1 });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ code: '433', status: 'error' });
  });

  it('decides transfer requests, crediting the float and clearing pending payments', async () => {
    const sim = await start();
    const approved = await admin(sim, 'POST', '/transfers/REF00005/decide', { status: 'approved' });
    expect(approved.json().data).toMatchObject({
      status: 'approved',
      approved: { currency: 'KWD', amount: '1234.500' },
    });
    expect(await floatsText(sim)).toContain(
      '"kuwait":{"available_balance":{"amount":1236,"currency":"KWD"},"pending_payments":{"amount":0,"currency":"KWD"}}',
    );
    const edited = await admin(sim, 'POST', '/transfers/REF00006/decide', {
      status: 'approved_edited',
      approved_amount: '9.50',
    });
    expect(edited.json().data).toMatchObject({
      status: 'approved_edited',
      requested: { amount: '10.00' },
      approved: { amount: '9.50' },
    });
    expect(await floatsText(sim)).toContain('"main":{"available_balance":{"amount":12345678901244.06,');
    const list = await call(sim, 'GET', '/float/transfer-requests', { query: { status: 'approved_edited' } });
    expect(
      (list.json().data as Array<{ payment_reference: string }>).map((t) => t.payment_reference),
    ).toEqual(['REF00006', 'REF00002']);
    expect(
      (await admin(sim, 'POST', '/transfers/REF00006/decide', { status: 'cancelled' })).json(),
    ).toMatchObject({ code: '100' });
    expect((await admin(sim, 'POST', '/transfers/NOPE/decide', { status: 'approved' })).status).toBe(404);
    expect((await admin(sim, 'POST', '/transfers/REF00001/decide', { status: 'pending' })).status).toBe(400);
  });

  it('amends a settled request as the platform would reverse or correct it, keeping the float consistent', async () => {
    const sim = await start();
    await admin(sim, 'POST', '/transfers/REF00005/decide', { status: 'approved' });
    expect(await floatsText(sim)).toContain('"kuwait":{"available_balance":{"amount":1236,"currency":"KWD"}');
    const edited = await admin(sim, 'POST', '/transfers/REF00005/amend', {
      status: 'approved_edited',
      approved_amount: '1000.250',
    });
    expect(edited.json().data).toMatchObject({ status: 'approved_edited', approved: { amount: '1000.250' } });
    // 1236 − 1234.500 + 1000.250: the old credit taken back, the new one given.
    expect(await floatsText(sim)).toContain(
      '"kuwait":{"available_balance":{"amount":1001.75,"currency":"KWD"}',
    );
    const cancelled = await admin(sim, 'POST', '/transfers/REF00005/amend', { status: 'cancelled' });
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', approved: null });
    expect(await floatsText(sim)).toContain('"kuwait":{"available_balance":{"amount":1.5,"currency":"KWD"}');
    const pending = await admin(sim, 'POST', '/transfers/REF00006/amend', { status: 'cancelled' });
    expect(pending.json()).toMatchObject({ code: '100' });
    expect((await admin(sim, 'POST', '/transfers/NOPE/amend', { status: 'approved' })).status).toBe(404);
  });

  it('changes a brand, and the catalogue shows it at once', async () => {
    const sim = await start();
    const before = await call(sim, 'GET', '/brands', { query: { detail: 'true' } });
    expect(before.text).toContain(
      '"slug":"open-gbp","name":"Open Gbp","type":"gift-card","status":{"code":"ENABLED"},"currency":"GBP","discount":4.5,',
    );
    const changed = await admin(sim, 'POST', '/brands/open-gbp', {
      status: 'PAUSED',
      reason: 'Switched off',
      discount: 7.25,
    });
    expect(changed.json().data).toMatchObject({
      slug: 'open-gbp',
      status: { code: 'PAUSED', reason: 'Switched off' },
      discount: 7.25,
    });
    const after = await call(sim, 'GET', '/brands', { query: { detail: 'true' } });
    expect(after.text).toContain(
      '"status":{"code":"PAUSED","reason":"Switched off"},"currency":"GBP","discount":7.25,',
    );
    await admin(sim, 'POST', '/brands/fixed-eur', { denominations: ['5', 10.5] });
    const fixed = await call(sim, 'GET', '/brands', { query: { brand: 'fixed-eur' } });
    expect(fixed.text).toContain('"denominations":["5.00","10.50"],"digital_denominations":[5,10.5]');
    expect((await admin(sim, 'POST', '/brands/nope', { discount: 1 })).json()).toMatchObject({ code: '072' });
    expect((await admin(sim, 'POST', '/brands/open-gbp', { discount: 'lots' })).status).toBe(400);
  });

  it('publishes a template version', async () => {
    const sim = await start();
    const published = await admin(sim, 'POST', '/templates/open-gbp/standard/publish', {});
    expect(published.json().data).toEqual({ brand: 'open-gbp', name: 'standard', version: '2026-11-02' });
    await admin(sim, 'POST', '/templates/open-gbp/christmas/publish', { version: '2026-12-01' });
    const list = await call(sim, 'GET', '/templates', { query: { brand: 'open-gbp' } });
    expect(list.json().data).toEqual({
      templates: { 'open-gbp': { standard: '2026-11-02', christmas: '2026-12-01' } },
    });
    const stale = await call(sim, 'GET', '/template', {
      query: { brand: 'open-gbp', version: '2026-10-01' },
    });
    expect(stale.json()).toMatchObject({ code: '716' });
  });

  it('switches faults and the rate limit on and off', async () => {
    const sim = await start();
    const added = await admin(sim, 'POST', '/faults', {
      kind: 'error',
      status: 502,
      path: '/brands',
      count: 1,
    });
    expect(added.json().data).toMatchObject({
      faults: [{ kind: 'error', status: 502, path: '/brands', count: 1, remaining: 1 }],
    });
    expect((await call(sim, 'GET', '/brands')).status).toBe(502);
    await admin(sim, 'POST', '/faults', { faults: [{ kind: 'wrong-content-type' }], rate_limit: 100 });
    const html = await call(sim, 'GET', '/check-floats');
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    expect(html.headers.get('x-ratelimit-limit')).toBe('100');
    expect((await admin(sim, 'GET', '/faults')).json().data).toMatchObject({
      faults: [{ kind: 'wrong-content-type', remaining: null }],
    });
    expect((await admin(sim, 'DELETE', '/faults')).json().data).toMatchObject({ faults: [] });
    expect((await call(sim, 'GET', '/check-floats')).status).toBe(200);
    expect((await admin(sim, 'POST', '/faults', { kind: 'gremlins' })).status).toBe(400);
  });

  it('summarises the state', async () => {
    const sim = await start();
    const state = (await admin(sim, 'GET', '/state')).json().data;
    expect(state).toMatchObject({
      now: '2026-11-02T09:00:00+00:00',
      floats: 5,
      transfers: 66,
      transfers_by_status: { approved: 61, approved_edited: 1, removed: 1, cancelled: 1, pending: 2 },
      brands: 7,
      brands_by_status: { ENABLED: 5, DISABLED: 1, PAUSED: 1 },
      templates: 3,
    });
    expect((await admin(sim, 'GET', '/nope')).status).toBe(404);
    expect((await admin(sim, 'PUT', '/state')).status).toBe(405);
  });

  it('runs simulated time faster than real time with timeScale', async () => {
    let wall = 1_800_000_000_000;
    const sim = await start({ timeScale: 60, wallClock: () => wall });
    wall += 60_000;
    const floats = await call(sim, 'GET', '/check-floats');
    expect(floats.text).toContain('"last_refreshed_at":"2026-11-02T10:00:00+00:00"');
    await admin(sim, 'POST', '/clock/advance', { days: 1 });
    wall += 1000;
    expect((await admin(sim, 'GET', '/clock')).json().data).toMatchObject({
      now: '2026-11-03T10:01:00+00:00',
    });
  });
});
