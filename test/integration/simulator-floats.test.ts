import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import type { SimulatorOptions } from '../../src/simulator/options';
import { call } from '../helpers/sim-http';
import { makeSimWorld } from '../helpers/sim-world';

const running: RunningSimulator[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sim) => sim.close()));
});
async function start(options: Partial<SimulatorOptions> = {}): Promise<RunningSimulator> {
  const sim = await startSimulator({ world: makeSimWorld(), ...options });
  running.push(sim);
  return sim;
}

type Item = {
  float: string;
  payment_reference: string;
  status: string;
  created_at: string;
  requested: { amount: string };
};
const list = async (sim: RunningSimulator, query: Record<string, string> = {}) => {
  const result = await call(sim, 'GET', '/float/transfer-requests', { query });
  expect(result.status).toBe(200);
  return result.json().data as Item[];
};

describe('GET /check-floats', () => {
  it('answers data.floats with exact JSON numbers and pending payments', async () => {
    const sim = await start();
    const result = await call(sim, 'GET', '/check-floats');
    expect(result.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(result.text).toContain(
      '"GBP":{"main":{"available_balance":{"amount":12345678901234.56,"currency":"GBP"},"pending_payments":{"amount":10,"currency":"GBP"}}',
    );
    expect(result.text).toContain(
      '"KWD":{"kuwait":{"available_balance":{"amount":1.5,"currency":"KWD"},"pending_payments":{"amount":1234.5,',
    );
    expect(result.text).toMatch(/^\{"code":"000","status":"success","data":\{"floats":\{/);
    expect(result.json().data).toMatchObject({ last_refreshed_at: '2026-11-02T09:00:00+00:00' });
  });

  it("filters by currency; an unknown currency gives [] (PHP's empty array)", async () => {
    const sim = await start();
    const jpy = (await call(sim, 'GET', '/check-floats', { query: { currency: 'JPY' } })).json().data as {
      floats: object;
    };
    expect(Object.keys(jpy.floats)).toEqual(['JPY']);
    const none = (await call(sim, 'GET', '/check-floats', { query: { currency: 'XXX' } })).json().data as {
      floats: object;
    };
    expect(none.floats).toEqual([]);
  });

  it('has the legacy shape without the floats key', async () => {
    const sim = await start({ legacyFloatsShape: true });
    const data = (await call(sim, 'GET', '/check-floats')).json().data as Record<string, unknown>;
    expect(Object.keys(data)).toEqual(['GBP', 'JPY', 'KWD', 'EUR', 'last_refreshed_at']);
  });
});

describe('POST /float/request-payment-transfer', () => {
  it('registers a request, generates a reference and shows it as pending', async () => {
    const sim = await start();
    const result = await call(sim, 'POST', '/float/request-payment-transfer', {
      body: '{"float":"main","currency":"GBP","amount":100}',
    });
    expect(result.status).toBe(200);
    const body = result.json() as { data: { payment_reference: string }; message?: string };
    expect(body).toMatchObject({
      code: '000',
      status: 'success',
      data: { float: 'main', currency: 'GBP', amount: '100.00' },
    });
    expect(typeof body.message).toBe('string');
    const reference = body.data.payment_reference;
    expect(reference.length).toBeGreaterThan(0);
    expect(reference.length).toBeLessThanOrEqual(18);
    const found = await list(sim, { payment_reference: reference });
    expect(found).toMatchObject([
      { status: 'pending', approved: null, requested: { currency: 'GBP', amount: '100.00' } },
    ]);
    const floats = (await call(sim, 'GET', '/check-floats', { query: { currency: 'GBP' } })).text;
    expect(floats).toContain('"pending_payments":{"amount":110,"currency":"GBP"}');
  });

  it('keeps the literal digits of the amount and its own reference, e-mail and proforma block', async () => {
    const sim = await start();
    const result = await call(sim, 'POST', '/float/request-payment-transfer', {
      body: '{"float":"kuwait","currency":"KWD","amount":99999999.99,"payment_reference":"MY-REF-18-CHARS-XX","finance_email":"ap@example.com","proforma_invoice":{"company_name":"Acme","city":"Leeds"}}',
    });
    expect(result.json()).toMatchObject({
      data: { amount: '99999999.99', payment_reference: 'MY-REF-18-CHARS-XX' },
    });
    expect(await list(sim, { payment_reference: 'MY-REF-18-CHARS-XX' })).toMatchObject([
      { requested: { currency: 'KWD', amount: '99999999.990' } },
    ]);
  });

  it.each([
    ['nothing', '{}', ['float', 'currency', 'amount']],
    ['an unknown float', '{"float":"nope","currency":"GBP","amount":1}', ['float']],
    ['a currency the float does not hold', '{"float":"main","currency":"EUR","amount":1}', ['currency']],
    ['an amount as a string', '{"float":"main","currency":"GBP","amount":"100.00"}', ['amount']],
    ['three decimals', '{"float":"main","currency":"GBP","amount":1.005}', ['amount']],
    ['trailing zero decimals', '{"float":"main","currency":"GBP","amount":1.000}', ['amount']],
    ['too small', '{"float":"main","currency":"GBP","amount":0.001}', ['amount']],
    ['zero', '{"float":"main","currency":"GBP","amount":0}', ['amount']],
    ['too large', '{"float":"main","currency":"GBP","amount":100000000}', ['amount']],
    ['decimals JPY lacks', '{"float":"tokyo","currency":"JPY","amount":10.5}', ['amount']],
    [
      'a long reference',
      '{"float":"main","currency":"GBP","amount":1,"payment_reference":"1234567890123456789"}',
      ['payment_reference'],
    ],
    [
      'a taken reference',
      '{"float":"main","currency":"GBP","amount":1,"payment_reference":"REF00001"}',
      ['payment_reference'],
    ],
    [
      'a bad e-mail',
      '{"float":"main","currency":"GBP","amount":1,"finance_email":"not-an-email"}',
      ['finance_email'],
    ],
    [
      'a proforma member that is not a string',
      '{"float":"main","currency":"GBP","amount":1,"proforma_invoice":{"city":5}}',
      ['proforma_invoice.city'],
    ],
    [
      'a proforma block that is not an object',
      '{"float":"main","currency":"GBP","amount":1,"proforma_invoice":"Acme"}',
      ['proforma_invoice'],
    ],
    ['a body that is not JSON', '{"float":', ['body']],
  ])('rejects %s with 422 code 433 and "messages"', async (_name, body, fields) => {
    const sim = await start();
    const result = await call(sim, 'POST', '/float/request-payment-transfer', { body });
    expect(result.status).toBe(422);
    const json = result.json() as { messages: Record<string, string[]> };
    expect(json).toMatchObject({ code: '433', status: 'error' });
    expect(json).not.toHaveProperty('message');
    expect(Object.keys(json.messages).sort()).toEqual([...fields].sort());
    for (const messages of Object.values(json.messages))
      expect(messages.every((m) => typeof m === 'string')).toBe(true);
  });
});

describe('GET /float/transfer-requests', () => {
  it('orders newest first and cuts the list at the cap without saying so', async () => {
    const sim = await start();
    const items = await list(sim);
    expect(items).toHaveLength(50);
    // Written in the platform's zone: Europe/London, British summer time in October.
    expect(items[0]?.created_at).toBe('2026-10-10T09:59:00+01:00');
    const times = items.map((item) => item.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await start({ listCap: 7 })).baseUrl).toBeDefined();
    expect(await list(running[1]!)).toHaveLength(7);
  });

  it('breaks created_at ties by creation order, newest first', async () => {
    const sim = await start({ platformTimeZone: 'UTC' });
    const items = await list(sim, { start_date: '2026-10-04', end_date: '2026-10-04' });
    expect(items.map((item) => item.payment_reference)).toEqual(['REF00006', 'REF00005']);
  });

  it('filters by float, currency, payment_reference and status, combined', async () => {
    const sim = await start();
    expect((await list(sim, { float: 'tokyo' })).map((i) => i.payment_reference)).toEqual(['REF00004']);
    expect((await list(sim, { currency: 'KWD' })).map((i) => i.payment_reference)).toEqual(['REF00005']);
    expect((await list(sim, { payment_reference: 'REF00002' }))[0]).toMatchObject({
      status: 'approved_edited',
      approved: { currency: 'GBP', amount: '490.00' },
    });
    expect((await list(sim, { status: 'removed' })).map((i) => i.payment_reference)).toEqual(['REF00003']);
    expect(await list(sim, { float: 'main', status: 'cancelled' })).toEqual([]);
    expect(
      (await list(sim, { float: 'main', currency: 'GBP', status: 'pending', start_date: '2026-10-04' }))
        .length,
    ).toBe(1);
  });

  it('reads start_date and end_date as days of the platform zone (here UTC), end_date inclusive by default', async () => {
    const sim = await start({ platformTimeZone: 'UTC' });
    const refs = async (query: Record<string, string>) =>
      (await list(sim, query)).map((i) => i.payment_reference);
    expect(await refs({ start_date: '2026-10-02', end_date: '2026-10-03' })).toEqual([
      'REF00004',
      'REF00003',
      'REF00002',
    ]);
    expect(await refs({ start_date: '2026-10-03', end_date: '2026-10-03' })).toEqual([
      'REF00004',
      'REF00003',
    ]);
    expect(await refs({ end_date: '2026-10-01' })).toEqual(['REF00001']);
  });

  it('can treat end_date as exclusive', async () => {
    const sim = await start({ endDateInclusive: false, platformTimeZone: 'UTC' });
    const refs = async (query: Record<string, string>) =>
      (await list(sim, query)).map((i) => i.payment_reference);
    expect(await refs({ start_date: '2026-10-02', end_date: '2026-10-03' })).toEqual(['REF00002']);
    expect(await refs({ start_date: '2026-10-03', end_date: '2026-10-03' })).toEqual([]);
  });

  it.each([
    [{ status: 'done' }, 'status'],
    [{ start_date: '2026-13-01' }, 'start_date'],
    [{ end_date: '2026-02-30' }, 'end_date'],
    [{ start_date: '02/10/2026' }, 'start_date'],
  ])('rejects %o with 422 code 433, details as an array of strings', async (query, field) => {
    const sim = await start();
    const result = await call(sim, 'GET', '/float/transfer-requests', { query });
    expect(result.status).toBe(422);
    expect(result.json()).toMatchObject({
      code: '433',
      status: 'error',
      message: expect.any(String),
      data: [expect.stringContaining(field.replace('_', ' '))],
    });
  });
});
