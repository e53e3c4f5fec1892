/**
 * How requests are read and how errors are written: the shapes of validation details (each endpoint's
 * own, or one forced everywhere), the Content-Type of a body, a body over the size limit, and the
 * catch-all for an unexpected error.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SimulatorOptions } from '../../src/simulator/options';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { call, type CallOptions } from '../helpers/sim-http';
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

/** One failing request per endpoint family; each answers 422 code 433 with two or more details. */
async function failures(sim: RunningSimulator) {
  const json = async (promise: ReturnType<typeof call>) => {
    const result = await promise;
    expect(result.status, result.text).toBe(422);
    expect(result.json()).toMatchObject({ code: '433', status: 'error' });
    return result.json();
  };
  return {
    filter: await json(
      call(sim, 'GET', '/float/transfer-requests', { query: { status: 'done', start_date: '2026-13-01' } }),
    ),
    digital: await json(
      call(sim, 'POST', '/digital/issue', {
        body: { client_request_id: 'x1', brand: 'open-gbp', face_value: { amount: 10, currency: 'EUR' } },
      }),
    ),
    physical: await json(
      call(sim, 'POST', '/physical/check-balance', {
        body: { client_request_id: 'x2', brand: 'open-gbp', card_code: 'nope' },
      }),
    ),
    transfer: await json(call(sim, 'POST', '/float/request-payment-transfer', { body: '{"amount":"1"}' })),
  };
}

describe('shapes of validation details', () => {
  it('writes each endpoint family its own shape by default', async () => {
    const { filter, digital, physical, transfer } = await failures(await start());
    // GET filters: an array of strings, every problem at once.
    expect(filter).toMatchObject({ message: expect.any(String) });
    expect(filter.data).toEqual([
      'The start date does not match the format Y-m-d.',
      'The selected status is invalid.',
    ]);
    // /digital/*: an object of strings.
    expect(digital).toMatchObject({ message: expect.any(String) });
    expect(digital.data).toEqual({ 'face_value.currency': 'The face value currency must be GBP.' });
    // /physical/*: an object of string arrays.
    expect(physical.data).toEqual({
      card_code: ['There is no physical card with this code for brand "open-gbp".'],
    });
    // The transfer request: `messages` (object of string arrays) instead of `message`, no data.
    expect(transfer).not.toHaveProperty('message');
    expect(transfer).not.toHaveProperty('data');
    expect(transfer.messages).toEqual({
      float: ['The float field is required.'],
      currency: ['The currency field is required.'],
      amount: ['The amount must be a number.'],
    });
  });

  it('forces an array of strings everywhere', async () => {
    const all = await failures(await start({ errorDataShape: 'array-of-strings' }));
    expect(all.digital.data).toEqual(['The face value currency must be GBP.']);
    expect(all.physical.data).toEqual(['There is no physical card with this code for brand "open-gbp".']);
    expect(all.filter.data).toHaveLength(2);
    expect(all.transfer.messages).toEqual([
      'The float field is required.',
      'The currency field is required.',
      'The amount must be a number.',
    ]);
  });

  it('forces an object of strings everywhere', async () => {
    const all = await failures(await start({ errorDataShape: 'object-of-strings' }));
    expect(all.filter.data).toEqual({
      start_date: 'The start date does not match the format Y-m-d.',
      status: 'The selected status is invalid.',
    });
    expect(all.physical.data).toEqual({
      card_code: 'There is no physical card with this code for brand "open-gbp".',
    });
    expect(all.transfer.messages).toMatchObject({ float: 'The float field is required.' });
  });

  it('forces an object of string arrays everywhere', async () => {
    const all = await failures(await start({ errorDataShape: 'object-of-arrays' }));
    expect(all.filter.data).toEqual({
      start_date: ['The start date does not match the format Y-m-d.'],
      status: ['The selected status is invalid.'],
    });
    expect(all.digital.data).toEqual({ 'face_value.currency': ['The face value currency must be GBP.'] });
    expect(all.transfer).not.toHaveProperty('message');
    expect(all.transfer.messages).toMatchObject({ float: ['The float field is required.'] });
  });

  it('refuses an unknown shape at start', async () => {
    await expect(start({ errorDataShape: 'xml' as never })).rejects.toThrow(/errorDataShape/);
  });
});

describe('Content-Type of a request body', () => {
  const issue = '{"client_request_id":"ct-1","brand":"open-gbp","face_value":{"amount":10,"currency":"GBP"}}';
  const as = (type: string, body: string, signed: CallOptions['signed'] = {}): CallOptions => ({
    body,
    signed,
    headers: { 'Content-Type': type },
  });

  it('does not read a text/plain or form-encoded body: the usual missing-field answers', async () => {
    const sim = await start();
    for (const options of [
      as('text/plain;charset=UTF-8', issue),
      as('application/x-www-form-urlencoded', 'client_request_id=ct-1&brand=open-gbp'),
    ]) {
      for (const method of ['POST', 'DELETE']) {
        const result = await call(sim, method, '/digital/issue', options);
        expect(result.status, result.text).toBe(400);
        expect(result.json()).toMatchObject({ code: '070', message: 'Missing parameter: client_request_id' });
      }
    }
    const transfer = await call(
      sim,
      'POST',
      '/float/request-payment-transfer',
      as('text/plain', '{"float":"main","currency":"GBP","amount":5,"payment_reference":"NOT-READ"}'),
    );
    expect(transfer.status).toBe(422);
    expect(Object.keys(transfer.json().messages as object)).toEqual(['float', 'currency', 'amount']);
    const list = await call(sim, 'GET', '/float/transfer-requests', {
      query: { payment_reference: 'NOT-READ' },
    });
    expect(list.json().data).toEqual([]);
  });

  it('answers 434 to a client that signed body fields the platform never read', async () => {
    const sim = await start();
    const result = await call(
      sim,
      'POST',
      '/digital/issue',
      as('text/plain', issue, { client_request_id: 'ct-1', brand: 'open-gbp' }),
    );
    expect(result.status).toBe(401);
    expect(result.json()).toMatchObject({ code: '434' });
  });

  it('reads application/json with parameters and application/*+json', async () => {
    const sim = await start();
    const signed = { client_request_id: 'ct-1', brand: 'open-gbp' };
    const first = await call(
      sim,
      'POST',
      '/digital/issue',
      as('Application/JSON; charset=utf-8', issue, signed),
    );
    expect(first.json()).toMatchObject({ code: '000' });
    const second = await call(sim, 'POST', '/digital/issue', as('application/vnd.api+json', issue, signed));
    expect(second.bytes.equals(first.bytes)).toBe(true);
  });
});

describe('limits and the catch-all', () => {
  it('answers a body over 1 MiB with 413 code 433 before reading it', async () => {
    const sim = await start();
    const body = JSON.stringify({ float: 'main', currency: 'GBP', amount: 1, pad: 'x'.repeat(1 << 20) });
    const result = await call(sim, 'POST', '/float/request-payment-transfer', { body });
    expect(result.status).toBe(413);
    expect(result.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(result.json()).toMatchObject({ code: '433', status: 'error', message: expect.any(String) });
  });

  it('answers an unexpected error inside an endpoint with 500 code 999 (the exception fault)', async () => {
    const sim = await start({ faults: [{ kind: 'exception', path: '/check-floats', count: 1 }] });
    const failed = await call(sim, 'GET', '/check-floats');
    expect(failed.status).toBe(500);
    expect(failed.json()).toEqual({ code: '999', status: 'error', message: 'Internal error' });
    expect((await call(sim, 'GET', '/check-floats')).status).toBe(200);
  });
});
