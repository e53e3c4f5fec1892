import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { admin, call, signature } from '../helpers/sim-http';
import { makeSimWorld } from '../helpers/sim-world';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ world: makeSimWorld() });
});
afterAll(() => sim.close());

const expectError = async (
  promise: ReturnType<typeof call>,
  status: number,
  code: string,
  message?: RegExp,
) => {
  const result = await promise;
  expect(result.status).toBe(status);
  expect(result.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body = result.json();
  expect(body).toMatchObject({ code, status: 'error' });
  expect(typeof body.message).toBe('string');
  if (message) expect(body.message).toMatch(message);
  return body;
};

describe('simulator over HTTP: authentication', () => {
  it('listens on 127.0.0.1 with a base URL ending in /api/v2 and the default credentials', () => {
    expect(sim.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2$/);
    expect(sim.apiKey).toBe('demo-key');
    expect(sim.apiSecret).toBe('demo-secret');
  });

  it('accepts a correctly signed GET, with and without the signed brand parameter', async () => {
    const floats = await call(sim, 'GET', '/check-floats');
    expect(floats.status).toBe(200);
    expect(floats.json()).toMatchObject({ code: '000', status: 'success' });
    expect((await call(sim, 'GET', '/brands', { query: { brand: 'open-gbp' } })).status).toBe(200);
  });

  it('accepts a correctly signed POST with client_request_id and brand in the body', async () => {
    const result = await call(sim, 'POST', '/digital/check-balance', {
      body: { client_request_id: 'auth-1', brand: 'open-gbp', card_code: 'nope' },
    });
    // Past authentication: the card is unknown, which is a validation answer, not 434.
    expect(result.json()).toMatchObject({ code: '433' });
  });

  it('rejects an unknown API key with 404 code 434; a missing key, a wrong signature and a skewed timestamp with 401 code 434', async () => {
    await expectError(
      call(sim, 'GET', '/check-floats', { apiKey: 'other-key' }),
      404,
      '434',
      /unknown API key/,
    );
    await expectError(
      call(sim, 'GET', '/check-floats', { apiSecret: 'wrong-secret' }),
      401,
      '434',
      /Signature/,
    );
    await expectError(call(sim, 'GET', '/check-floats', { unsigned: true }), 401, '434', /API-Key/);
    const stale = String(Date.now() - 301_000);
    await expectError(call(sim, 'GET', '/check-floats', { timestamp: stale }), 401, '434', /Timestamp/);
    const future = String(Date.now() + 301_000);
    await expectError(call(sim, 'GET', '/check-floats', { timestamp: future }), 401, '434', /Timestamp/);
  });

  it('rejects a signature that leaves out the brand of a GET or signs the wrong body fields', async () => {
    const query = { brand: 'open-gbp' };
    const unsignedBrand = await call(sim, 'GET', '/brands', {
      query,
      signature: signature(sim.apiSecret, `${sim.apiKey}-GET-brands-${Date.now()}`),
    });
    expect(unsignedBrand.status).toBe(401);
    const body = { client_request_id: 'auth-2', brand: 'open-gbp', card_code: 'x' };
    const swapped = await call(sim, 'POST', '/digital/check-balance', {
      body: JSON.stringify(body),
      signed: { client_request_id: 'open-gbp', brand: 'auth-2' },
    });
    expect(swapped.json()).toMatchObject({ code: '434' });
  });

  it('does not leak the expected signature', async () => {
    const result = await call(sim, 'GET', '/check-floats', { signature: 'f'.repeat(64) });
    expect(result.text).not.toMatch(/[0-9a-f]{64}/);
  });

  it('answers 404 code 999 for unknown paths and 405 code 999 for the wrong method', async () => {
    await expectError(call(sim, 'GET', '/no-such-endpoint'), 404, '999');
    await expectError(call(sim, 'GET', '/../../etc/passwd'), 404, '999');
    const wrong = await call(sim, 'POST', '/check-floats', { body: {} });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
    expect(wrong.json()).toMatchObject({ code: '999', status: 'error' });
  });

  it('keeps the admin API switched off by default (404 like any unknown path)', async () => {
    const result = await admin(sim, 'GET', '/state');
    expect(result.status).toBe(404);
    expect(result.json()).toMatchObject({ code: '999' });
    expect((await admin(sim, 'POST', '/clock/advance', { days: 1 })).status).toBe(404);
  });
});

describe('simulator over HTTP: IP allow-list', () => {
  it('answers 401 code 210 to an address that is not allow-listed', async () => {
    const strict = await startSimulator({ world: makeSimWorld(), allowedIps: ['10.0.0.7'] });
    try {
      await expectError(call(strict, 'GET', '/check-floats'), 401, '210');
    } finally {
      await strict.close();
    }
  });

  it('uses its own key, secret and skew window when given', async () => {
    const custom = await startSimulator({
      world: makeSimWorld(),
      apiKey: 'k',
      apiSecret: 's',
      timestampSkewMs: 1000,
    });
    try {
      // The window is around the platform's clock (here it stands still until the admin moves it).
      const now = custom.now();
      expect((await call(custom, 'GET', '/check-floats', { timestamp: String(now - 1000) })).status).toBe(
        200,
      );
      expect((await call(custom, 'GET', '/check-floats', { timestamp: String(now - 1001) })).status).toBe(
        401,
      );
      custom.advanceClock(1);
      expect((await call(custom, 'GET', '/check-floats', { timestamp: String(now - 1000) })).status).toBe(
        401,
      );
    } finally {
      await custom.close();
    }
  });
});
