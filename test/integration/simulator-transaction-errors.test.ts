/** Every error code the transaction endpoints answer, with its HTTP status. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { call } from '../helpers/sim-http';
import { makeSimWorld } from '../helpers/sim-world';

let sim: RunningSimulator;
beforeEach(async () => {
  sim = await startSimulator({ world: makeSimWorld() });
});
afterEach(() => sim.close());

const post = (path: string, body: Record<string, unknown>) => call(sim, 'POST', path, { body });
const ok = async (promise: ReturnType<typeof call>): Promise<void> => {
  const result = await promise;
  expect(result.json()).toMatchObject({ code: '000', status: 'success' });
};
const gbp = (amount: string) => ({ amount: Number(amount), currency: 'GBP' });

describe('transaction endpoint errors', () => {
  const base = { client_request_id: 'x1', brand: 'open-gbp', face_value: gbp('10') };
  it.each([
    ['an unknown brand', '/digital/issue', { ...base, brand: 'nope' }, 400, '072'],
    ['a DISABLED brand', '/digital/issue', { ...base, brand: 'disabled-gbp' }, 400, '072'],
    ['a PAUSED brand', '/digital/issue', { ...base, brand: 'paused-gbp' }, 401, '072'],
    [
      'a product type the endpoint does not know',
      '/digital/issue',
      { ...base, brand: 'future-type' },
      422,
      '719',
    ],
    [
      'a choice link on a physical endpoint',
      '/physical/activate',
      { ...base, brand: 'choice-gbp' },
      422,
      '719',
    ],
    [
      'a transaction type the brand lacks',
      '/digital/top-up',
      { ...base, brand: 'fixed-eur', card_code: '1', face_value: { amount: 10, currency: 'EUR' } },
      422,
      '720',
    ],
    ['a value below the limits', '/digital/issue', { ...base, face_value: gbp('4.99') }, 400, '704'],
    ['a value above the limits', '/digital/issue', { ...base, face_value: gbp('500.01') }, 400, '704'],
    [
      'a value off the physical step',
      '/physical/activate',
      { ...base, face_value: gbp('10.25') },
      400,
      '704',
    ],
    [
      'a value not in the denominations',
      '/digital/issue',
      { ...base, brand: 'fixed-eur', face_value: { amount: 20, currency: 'EUR' } },
      400,
      '704',
    ],
    [
      'more decimals than the currency has',
      '/digital/issue',
      { ...base, brand: 'whole-jpy', face_value: { amount: 1000.5, currency: 'JPY' } },
      400,
      '704',
    ],
    [
      'a face value in another currency',
      '/digital/issue',
      { ...base, face_value: { amount: 10, currency: 'EUR' } },
      422,
      '433',
    ],
    ['no client_request_id', '/digital/issue', { brand: 'open-gbp', face_value: gbp('10') }, 400, '070'],
    ['no brand', '/digital/issue', { client_request_id: 'x2', face_value: gbp('10') }, 400, '070'],
    ['no face value', '/digital/issue', { client_request_id: 'x3', brand: 'open-gbp' }, 400, '070'],
    [
      'no original transaction',
      '/digital/cash-out-original-transaction',
      { client_request_id: 'x4', brand: 'open-gbp' },
      400,
      '070',
    ],
    [
      'an unknown original transaction',
      '/digital/cash-out-original-transaction',
      { client_request_id: 'x5', brand: 'open-gbp', original_transaction_id: 'TX0' },
      422,
      '433',
    ],
    [
      'an unknown card',
      '/digital/check-balance',
      { client_request_id: 'x6', brand: 'open-gbp', card_code: '0' },
      422,
      '433',
    ],
  ])('%s (%s) → %i code %s', async (_name, path, body, status, code) => {
    const result = await post(path, body);
    expect(result.json()).toMatchObject({ code, status: 'error' });
    expect(result.status).toBe(status);
  });

  it('refuses a client_request_id already used on another endpoint', async () => {
    await ok(post('/digital/issue', { ...base, client_request_id: 'shared' }));
    const result = await post('/physical/activate', { ...base, client_request_id: 'shared' });
    expect(result.json()).toMatchObject({ code: '433', data: { client_request_id: [expect.any(String)] } });
  });

  it('answers 422 code 433 for a body that is not a JSON object', async () => {
    const result = await call(sim, 'POST', '/digital/issue', { body: '[1,2]' });
    expect(result.status).toBe(422);
    expect(result.json()).toMatchObject({ code: '433' });
  });
});
