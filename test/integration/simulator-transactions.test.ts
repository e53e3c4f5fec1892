import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { call } from '../helpers/sim-http';
import { makeSimWorld } from '../helpers/sim-world';

let sim: RunningSimulator;
beforeEach(async () => {
  // floatsCacheMs 0: these tests read balances right after moving them.
  sim = await startSimulator({ world: makeSimWorld(), floatsCacheMs: 0 });
});
afterEach(() => sim.close());

type Data = {
  transaction_id: string;
  type: string;
  face_value: { amount: number };
  cost?: { amount: number };
  refund?: { amount: number };
  float: { name: string; available_balance: { amount: number } };
  card: { code: string; kind: string; balance: { amount: number; currency: string }; status: string };
};
const post = (path: string, body: Record<string, unknown>) => call(sim, 'POST', path, { body });
const ok = async (promise: ReturnType<typeof call>): Promise<Data> => {
  const result = await promise;
  expect(result.json()).toMatchObject({ code: '000', status: 'success' });
  expect(result.status).toBe(200);
  return result.json().data as Data;
};
const floatText = async (currency: string) =>
  (await call(sim, 'GET', '/check-floats', { query: { currency } })).text;
const gbp = (amount: string) => ({ amount: Number(amount), currency: 'GBP' });

describe('transaction endpoints spend and refund the floats', () => {
  it('issues a digital card, charging face value less discount, and answers a repeat the same without charging twice', async () => {
    const body = { client_request_id: 'issue-1', brand: 'open-gbp', face_value: gbp('10'), float: 'small' };
    const first = await post('/digital/issue', body);
    const data = first.json().data as Data;
    expect(data).toMatchObject({
      type: 'digital_issuance',
      face_value: { amount: 10, currency: 'GBP' },
      cost: { amount: 9.55, currency: 'GBP' },
      float: { name: 'small', currency: 'GBP', available_balance: { amount: 0.45 } },
      card: { kind: 'digital', balance: { amount: 10, currency: 'GBP' }, status: 'active' },
    });
    expect(data.card.code).toMatch(/^\d{16}$/);
    expect(await floatText('GBP')).toContain('"small":{"available_balance":{"amount":0.45,');
    const repeat = await post('/digital/issue', body);
    expect(repeat.bytes.equals(first.bytes)).toBe(true);
    expect(await floatText('GBP')).toContain('"small":{"available_balance":{"amount":0.45,');
  });

  it('refuses a new card the float cannot cover with 403 code 610', async () => {
    await ok(
      post('/digital/issue', {
        client_request_id: 'a',
        brand: 'open-gbp',
        face_value: gbp('10'),
        float: 'small',
      }),
    );
    const result = await post('/digital/issue', {
      client_request_id: 'b',
      brand: 'open-gbp',
      face_value: gbp('5'),
      float: 'small',
    });
    expect(result.status).toBe(403);
    expect(result.json()).toMatchObject({ code: '610', status: 'error' });
    const noFloat = await post('/digital/issue', {
      client_request_id: 'c',
      brand: 'whole-jpy',
      face_value: { amount: 1000, currency: 'JPY' },
      float: 'nope',
    });
    // /digital/* details: an object of strings.
    expect(noFloat.json()).toMatchObject({ code: '433', data: { float: expect.any(String) } });
  });

  it('cancels an issue (DELETE), refunding the cost exactly, once', async () => {
    const issued = await ok(
      post('/digital/issue', {
        client_request_id: 'i',
        brand: 'open-gbp',
        face_value: gbp('10'),
        float: 'small',
      }),
    );
    const cancel = {
      client_request_id: 'cancel-1',
      brand: 'open-gbp',
      original_transaction_id: issued.transaction_id,
    };
    const cancelled = await ok(call(sim, 'DELETE', '/digital/issue', { body: cancel }));
    expect(cancelled).toMatchObject({
      type: 'cancelled_digital_issuance',
      refund: { amount: 9.55 },
      float: { available_balance: { amount: 10 } },
      card: { balance: { amount: 0 }, status: 'inactive' },
    });
    expect(await floatText('GBP')).toContain('"small":{"available_balance":{"amount":10,');
    const again = await call(sim, 'DELETE', '/digital/issue', {
      body: { ...cancel, client_request_id: 'cancel-2' },
    });
    expect(again.status).toBe(422);
    expect(again.json()).toMatchObject({ code: '100' });
  });

  it('tops up, checks the balance and cashes out a digital card', async () => {
    const issued = await ok(
      post('/digital/issue', { client_request_id: 'd1', brand: 'open-gbp', face_value: gbp('20') }),
    );
    expect(issued.float.name).toBe('main');
    const code = issued.card.code;
    const topped = await ok(
      post('/digital/top-up', {
        client_request_id: 'd2',
        brand: 'open-gbp',
        card_code: code,
        face_value: gbp('5'),
      }),
    );
    expect(topped).toMatchObject({
      type: 'digital_top_up',
      cost: { amount: 4.78 },
      card: { balance: { amount: 25 } },
    });
    const balance = await ok(
      post('/digital/check-balance', { client_request_id: 'd3', brand: 'open-gbp', card_code: code }),
    );
    expect(balance).toMatchObject({
      type: 'balance_check',
      card: { code, balance: { amount: 25 }, status: 'active' },
    });
    const cashed = await ok(
      post('/digital/cash-out-original-transaction', {
        client_request_id: 'd4',
        brand: 'open-gbp',
        original_client_request_id: 'd1',
      }),
    );
    expect(cashed).toMatchObject({
      type: 'digital_cash_out',
      face_value: { amount: 25 },
      refund: { amount: 23.88 },
      card: { balance: { amount: 0 }, status: 'inactive' },
    });
    // main: 12345678901234.56 − 19.10 − 4.78 + 23.88 = 12345678901234.56
    expect(await floatText('GBP')).toContain('"main":{"available_balance":{"amount":12345678901234.56,');
    const twice = await post('/digital/cash-out-original-transaction', {
      client_request_id: 'd5',
      brand: 'open-gbp',
      original_transaction_id: issued.transaction_id,
    });
    expect(twice.json()).toMatchObject({ code: '100' });
  });

  it('activates a physical card with its own code, tops it up and cancels both', async () => {
    const activated = await ok(
      post('/physical/activate', {
        client_request_id: 'p1',
        brand: 'open-gbp',
        face_value: gbp('10'),
        card_code: 'PHYS-0001',
        float: 'small',
      }),
    );
    expect(activated).toMatchObject({
      card: { code: 'PHYS-0001', kind: 'physical' },
      cost: { amount: 9.55 },
    });
    const again = await post('/physical/activate', {
      client_request_id: 'p1b',
      brand: 'open-gbp',
      face_value: gbp('10'),
      card_code: 'PHYS-0001',
    });
    expect(again.json()).toMatchObject({ code: '100' });
    const topUp = await ok(
      post('/physical/top-up', {
        client_request_id: 'p2',
        brand: 'open-gbp',
        card_code: 'PHYS-0001',
        face_value: gbp('20'),
      }),
    );
    const cancelTop = await ok(
      call(sim, 'DELETE', '/physical/top-up', {
        body: { client_request_id: 'p3', brand: 'open-gbp', original_transaction_id: topUp.transaction_id },
      }),
    );
    expect(cancelTop).toMatchObject({
      refund: { amount: 19.1 },
      float: { name: 'main' },
      card: { balance: { amount: 10 }, status: 'active' },
    });
    const cancelActivation = await ok(
      call(sim, 'DELETE', '/physical/activate', {
        body: { client_request_id: 'p4', brand: 'open-gbp', original_client_request_id: 'p1' },
      }),
    );
    expect(cancelActivation).toMatchObject({
      refund: { amount: 9.55 },
      float: { name: 'small', available_balance: { amount: 10 } },
      card: { status: 'inactive' },
    });
    const balance = await ok(
      post('/physical/check-balance', { client_request_id: 'p5', brand: 'open-gbp', card_code: 'PHYS-0001' }),
    );
    expect(balance.card).toMatchObject({ balance: { amount: 0 }, status: 'inactive' });
  });

  it('takes fixed denominations and whole-number currencies exactly', async () => {
    const eur = await ok(
      post('/digital/issue', {
        client_request_id: 'e1',
        brand: 'fixed-eur',
        face_value: { amount: 50.5, currency: 'EUR' },
      }),
    );
    expect(eur).toMatchObject({
      cost: { amount: 45.45 },
      float: { name: 'euro', available_balance: { amount: 454.55 } },
    });
    const jpy = await ok(
      post('/digital/issue', {
        client_request_id: 'j1',
        brand: 'whole-jpy',
        face_value: { amount: 1500, currency: 'JPY' },
      }),
    );
    expect(jpy).toMatchObject({
      cost: { amount: 1500 },
      float: { name: 'tokyo', available_balance: { amount: 248500 } },
    });
  });
});
