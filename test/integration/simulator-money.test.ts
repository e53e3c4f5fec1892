/**
 * Money is never lost or made: cancellations with top-ups on the card, both orders; the physical
 * cash-out; and the 610/615 answers with each of their HTTP statuses.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { World } from '../../src/simulator/model';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { call } from '../helpers/sim-http';
import { makeSimWorld } from '../helpers/sim-world';

const running: RunningSimulator[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sim) => sim.close()));
});
async function start(world: World = makeSimWorld()): Promise<RunningSimulator> {
  const sim = await startSimulator({ world, floatsCacheMs: 0 });
  running.push(sim);
  return sim;
}

type Data = {
  transaction_id: string;
  refund?: { amount: number };
  face_value: { amount: number };
  card: { code: string; balance: { amount: number }; status: string };
};
const gbp = (amount: number) => ({ amount, currency: 'GBP' });
const send = (sim: RunningSimulator, method: string, path: string, body: Record<string, unknown>) =>
  call(sim, method, path, { body: { brand: 'open-gbp', ...body } });
async function ok(promise: ReturnType<typeof call>): Promise<Data> {
  const result = await promise;
  expect(result.json(), result.text).toMatchObject({ code: '000', status: 'success' });
  return result.json().data as Data;
}
async function refused(promise: ReturnType<typeof call>, status: number, code: string, message?: RegExp) {
  const result = await promise;
  expect(result.status, result.text).toBe(status);
  expect(result.json()).toMatchObject({ code, status: 'error' });
  if (message) expect(result.json().message).toMatch(message);
}
/** The GBP part of check-floats, as text: balances compared exactly. */
const gbpFloats = async (sim: RunningSimulator) =>
  (await call(sim, 'GET', '/check-floats', { query: { currency: 'GBP' } })).text.replace(
    /"last_refreshed_at":"[^"]+"/,
    '',
  );

describe('cancelling a card that has top-ups', () => {
  it('refuses to cancel the activation first (422 code 100), moving nothing', async () => {
    const sim = await start();
    const before = await gbpFloats(sim);
    await ok(
      send(sim, 'POST', '/physical/activate', {
        client_request_id: 'a1',
        face_value: gbp(10),
        card_code: 'PHYS-1',
        float: 'small',
      }),
    );
    const topUp = await ok(
      send(sim, 'POST', '/physical/top-up', {
        client_request_id: 'a2',
        card_code: 'PHYS-1',
        face_value: gbp(20),
      }),
    );
    const charged = await gbpFloats(sim);
    await refused(
      send(sim, 'DELETE', '/physical/activate', {
        client_request_id: 'a3',
        original_client_request_id: 'a1',
      }),
      422,
      '100',
      new RegExp(`top-ups that are not cancelled \\(${topUp.transaction_id}\\): cancel the top-ups first`),
    );
    expect(await gbpFloats(sim)).toBe(charged);
    const card = await ok(
      send(sim, 'POST', '/physical/check-balance', { client_request_id: 'a4', card_code: 'PHYS-1' }),
    );
    expect(card.card).toMatchObject({ balance: { amount: 30 }, status: 'active' });
    // Then the right order: the top-up, then the activation; every penny comes back.
    expect(
      (
        await ok(
          send(sim, 'DELETE', '/physical/top-up', {
            client_request_id: 'a5',
            original_client_request_id: 'a2',
          }),
        )
      ).refund,
    ).toEqual(gbp(19.1));
    expect(
      (
        await ok(
          send(sim, 'DELETE', '/physical/activate', {
            client_request_id: 'a6',
            original_client_request_id: 'a1',
          }),
        )
      ).refund,
    ).toEqual(gbp(9.55));
    expect(await gbpFloats(sim)).toBe(before);
  });

  it('cancels the top-ups first, then the activation, refunding every cost exactly', async () => {
    const sim = await start();
    const before = await gbpFloats(sim);
    await ok(
      send(sim, 'POST', '/physical/activate', {
        client_request_id: 'b1',
        face_value: gbp(10),
        card_code: 'PHYS-2',
      }),
    );
    await ok(
      send(sim, 'POST', '/physical/top-up', {
        client_request_id: 'b2',
        card_code: 'PHYS-2',
        face_value: gbp(20),
      }),
    );
    await ok(
      send(sim, 'POST', '/physical/top-up', {
        client_request_id: 'b3',
        card_code: 'PHYS-2',
        face_value: gbp(10),
        float: 'small',
      }),
    );
    for (const [id, original] of [
      ['b4', 'b3'],
      ['b5', 'b2'],
    ] as const)
      await ok(
        send(sim, 'DELETE', '/physical/top-up', {
          client_request_id: id,
          original_client_request_id: original,
        }),
      );
    const last = await ok(
      send(sim, 'DELETE', '/physical/activate', {
        client_request_id: 'b6',
        original_client_request_id: 'b1',
      }),
    );
    expect(last.card).toMatchObject({ balance: { amount: 0 }, status: 'inactive' });
    expect(await gbpFloats(sim)).toBe(before);
  });

  it('refuses to cancel a topped-up digital issue (digital top-ups cannot be cancelled): cash the card out', async () => {
    const sim = await start();
    const before = await gbpFloats(sim);
    const issued = await ok(
      send(sim, 'POST', '/digital/issue', { client_request_id: 'c1', face_value: gbp(20) }),
    );
    await ok(
      send(sim, 'POST', '/digital/top-up', {
        client_request_id: 'c2',
        card_code: issued.card.code,
        face_value: gbp(5),
      }),
    );
    await refused(
      send(sim, 'DELETE', '/digital/issue', {
        client_request_id: 'c3',
        original_transaction_id: issued.transaction_id,
      }),
      422,
      '100',
      /cancel the top-ups first \(digital top-ups cannot be cancelled: cash the card out instead\)/,
    );
    const cashed = await ok(
      send(sim, 'POST', '/digital/cash-out-original-transaction', {
        client_request_id: 'c4',
        original_client_request_id: 'c1',
      }),
    );
    expect(cashed.refund).toEqual(gbp(23.88)); // 25 − ⌊25 × 4.5 %⌋ = 19.10 + 4.78, what was charged
    expect(await gbpFloats(sim)).toBe(before);
    await refused(
      send(sim, 'DELETE', '/digital/issue', {
        client_request_id: 'c5',
        original_transaction_id: issued.transaction_id,
      }),
      422,
      '100',
    );
  });
});

describe('POST /physical/cash-out-original-transaction', () => {
  it('cashes out what is left on a physical card (activation and top-up), once', async () => {
    const sim = await start();
    const before = await gbpFloats(sim);
    await ok(
      send(sim, 'POST', '/physical/activate', {
        client_request_id: 'd1',
        face_value: gbp(50),
        card_code: 'PHYS-3',
      }),
    );
    await ok(
      send(sim, 'POST', '/physical/top-up', {
        client_request_id: 'd2',
        card_code: 'PHYS-3',
        face_value: gbp(20),
      }),
    );
    const cashed = await ok(
      send(sim, 'POST', '/physical/cash-out-original-transaction', {
        client_request_id: 'd3',
        original_client_request_id: 'd1',
      }),
    );
    expect(cashed).toMatchObject({
      type: 'physical_cash_out',
      face_value: gbp(70),
      refund: gbp(66.85), // 70 − ⌊3.15⌋: 47.75 + 19.10 charged
      card: { kind: 'physical', balance: { amount: 0 }, status: 'inactive' },
    });
    expect(await gbpFloats(sim)).toBe(before);
    await refused(
      send(sim, 'POST', '/physical/cash-out-original-transaction', {
        client_request_id: 'd4',
        original_client_request_id: 'd2',
      }),
      422,
      '100',
      /no value left/,
    );
    await refused(
      send(sim, 'DELETE', '/physical/top-up', { client_request_id: 'd5', original_client_request_id: 'd2' }),
      422,
      '100',
    );
    await refused(
      send(sim, 'POST', '/digital/cash-out-original-transaction', {
        client_request_id: 'd6',
        original_client_request_id: 'd1',
      }),
      422,
      '433',
    );
  });
});

describe('insufficient funds and credit: codes 610 and 615 with 403 and 422', () => {
  it('answers 610 with 403 for a new card, 422 for a top-up, 422 when no float holds the currency', async () => {
    const world = makeSimWorld();
    world.floats = world.floats.filter((float) => float.currency !== 'EUR');
    const sim = await start(world);
    await refused(
      send(sim, 'POST', '/digital/issue', { client_request_id: 'e1', face_value: gbp(11), float: 'small' }),
      403,
      '610',
      /Insufficient funds in float "small"/,
    );
    const issued = await ok(
      send(sim, 'POST', '/digital/issue', { client_request_id: 'e2', face_value: gbp(10) }),
    );
    const code = issued.card.code;
    await refused(
      send(sim, 'POST', '/digital/top-up', {
        client_request_id: 'e3',
        card_code: code,
        face_value: gbp(11),
        float: 'small',
      }),
      422,
      '610',
    );
    await refused(
      call(sim, 'POST', '/digital/issue', {
        body: { client_request_id: 'e4', brand: 'fixed-eur', face_value: { amount: 10, currency: 'EUR' } },
      }),
      422,
      '610',
      /no float in EUR/,
    );
  });

  it('answers 615 for a credit float: 403 for a new card, 422 for a top-up', async () => {
    const world = makeSimWorld();
    world.floats.push({
      name: 'credit line',
      currency: 'GBP',
      exponent: 2,
      availableMinor: 500n,
      credit: true,
    });
    const sim = await start(world);
    const issued = await ok(
      send(sim, 'POST', '/digital/issue', {
        client_request_id: 'f1',
        face_value: gbp(5),
        float: 'credit line',
      }),
    );
    expect(issued).toMatchObject({ float: { name: 'credit line', available_balance: { amount: 0.22 } } });
    const code = issued.card.code;
    await refused(
      send(sim, 'POST', '/digital/issue', {
        client_request_id: 'f2',
        face_value: gbp(5),
        float: 'credit line',
      }),
      403,
      '615',
      /Insufficient credit in float "credit line"/,
    );
    await refused(
      send(sim, 'POST', '/digital/top-up', {
        client_request_id: 'f3',
        card_code: code,
        face_value: gbp(5),
        float: 'credit line',
      }),
      422,
      '615',
    );
  });
});
