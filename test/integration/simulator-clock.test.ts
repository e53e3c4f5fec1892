/**
 * The simulator has one clock, like the platform: every time it writes (created_at,
 * last_refreshed_at, the Date header) and the window a signed Timestamp must fall in come from it,
 * whatever timeScale says and however the admin API moves it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SimulatorOptions } from '../../src/simulator/options';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { admin, call, type CallResult } from '../helpers/sim-http';
import { makeSimWorld } from '../helpers/sim-world';

const running: RunningSimulator[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sim) => sim.close()));
});
async function start(options: Partial<SimulatorOptions> = {}): Promise<RunningSimulator> {
  const sim = await startSimulator({ admin: true, floatsCacheMs: 0, ...options });
  running.push(sim);
  return sim;
}

const DAY = 86_400_000;
const dateHeader = (result: CallResult): number => Date.parse(result.headers.get('date') ?? '');

/** Registers a top-up signed at `timestamp` (default: the platform's clock) and returns its created_at. */
async function registeredAt(sim: RunningSimulator, reference: string, timestamp?: number): Promise<number> {
  const signed = timestamp === undefined ? {} : { timestamp: String(timestamp) };
  const float = sim.world.floats[0];
  const posted = await call(sim, 'POST', '/float/request-payment-transfer', {
    ...signed,
    body: { float: float?.name, currency: float?.currency, amount: 12.5, payment_reference: reference },
  });
  expect(posted.status, posted.text).toBe(200);
  const listed = await call(sim, 'GET', '/float/transfer-requests', {
    ...signed,
    query: { payment_reference: reference },
  });
  const items = listed.json().data as Array<{ created_at: string }>;
  expect(items).toHaveLength(1);
  return Date.parse(items[0]?.created_at ?? '');
}

describe('one clock', () => {
  it('starts at the real time: a client with a right clock is accepted and its top-up is dated now', async () => {
    const before = Date.now();
    const sim = await start({ seed: 4, transfers: 200, brands: 5 });
    expect(sim.now()).toBeGreaterThanOrEqual(before);
    // The seeded history ends where the clock starts.
    const latest = Math.max(...sim.world.transfers.map((transfer) => transfer.createdAt));
    expect(latest).toBeLessThanOrEqual(sim.now());
    expect(latest).toBeGreaterThan(sim.now() - 30 * DAY);

    const sentAt = Date.now();
    const created = await registeredAt(sim, 'CLOCK-REAL', sentAt);
    // Whole seconds on the wire.
    expect(Math.abs(created - sentAt)).toBeLessThan(2_000);
    const floats = await call(sim, 'GET', '/check-floats', { timestamp: String(Date.now()) });
    expect(floats.status).toBe(200);
    const refreshed = Date.parse((floats.json().data as { last_refreshed_at: string }).last_refreshed_at);
    expect(Math.abs(refreshed - Date.now())).toBeLessThan(2_000);
    expect(Math.abs(dateHeader(floats) - Date.now())).toBeLessThan(2_000);
  });

  it('with timeScale, stamps, the Date header and the signature window run together', async () => {
    let wall = 1_800_000_000_000;
    const sim = await start({ world: makeSimWorld(), timeScale: 60, wallClock: () => wall });
    const started = sim.now();
    wall += 10_000; // ten platform minutes: twice the five-minute window
    const now = sim.now();
    expect(now).toBe(started + 600_000);

    const stale = await call(sim, 'GET', '/check-floats', { timestamp: String(started) });
    expect(stale.status).toBe(401);
    expect(stale.json()).toMatchObject({
      code: '434',
      message: 'Authentication failed: Timestamp is outside the allowed window',
    });
    expect(dateHeader(stale)).toBe(Math.floor(now / 1000) * 1000);

    // The wall clock's own time is nowhere near the platform's: refused too.
    expect((await call(sim, 'GET', '/check-floats', { timestamp: String(wall) })).status).toBe(401);

    expect(await registeredAt(sim, 'CLOCK-SCALED', now)).toBe(Math.floor(now / 1000) * 1000);
  });

  it('advanced by the admin API, the window moves with it: a client still on the real time is refused', async () => {
    const sim = await start({ seed: 4, transfers: 50, brands: 5 });
    const advanced = await admin(sim, 'POST', '/clock/advance', { days: 30 });
    expect(advanced.status).toBe(200);
    const platformNow = (advanced.json().data as { now_ms: number }).now_ms;
    expect(platformNow - Date.now()).toBeGreaterThan(30 * DAY - 60_000);

    const refused = await call(sim, 'GET', '/check-floats', { timestamp: String(Date.now()) });
    expect(refused.status).toBe(401);
    expect(refused.json()).toMatchObject({ code: '434', message: expect.stringMatching(/Timestamp/) });
    // What the client needs to see how far off it is: the platform's own time.
    expect(dateHeader(refused) - Date.now()).toBeGreaterThan(30 * DAY - 60_000);

    // A client whose clock agrees with the platform's is accepted and its top-up is dated by it.
    const created = await registeredAt(sim, 'CLOCK-ADVANCED', sim.now());
    expect(Math.abs(created - platformNow)).toBeLessThan(2_000);

    // Widening the window lets a real-time client in again; the platform still dates by its clock.
    await admin(sim, 'POST', '/settings', { timestamp_skew_ms: 31 * DAY });
    const late = await registeredAt(sim, 'CLOCK-WIDE', Date.now());
    expect(Math.abs(late - platformNow)).toBeLessThan(2_000);
  });
});
