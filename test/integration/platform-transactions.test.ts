/**
 * The transaction endpoints over HTTP against the simulator, with exact amounts: every value and every
 * float balance movement is checked digit for digit, in KWD (three decimals) and JPY (none). The cost
 * of a face value is face − ⌊face × discount ÷ 100⌋ in minor units; cancellations refund that cost,
 * cash-outs the cost of what is left on the card. Plus transfer requests of 0.1 in EUR and KWD.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformClient, type PlatformClient } from '../../src/main/core/platform/client';
import type { TransactionData } from '../../src/main/core/platform/schemas';
import type { RunningSimulator } from '../../src/simulator/server';
import { KWD_BRAND, startExactSimulator } from '../helpers/platform-fixture';

const JPY_BRAND = 'ivory-closet-online'; // discount 1.75 %, digital issue, top-up and cash-out
const KWD_FLOAT = 'Middle East';
const JPY_FLOAT = 'APAC';

let simulator: RunningSimulator;
let client: PlatformClient;

beforeAll(async () => {
  simulator = await startExactSimulator();
  client = createPlatformClient(simulator, { baseBackoffMs: 5, maxBackoffMs: 20 });
});
afterAll(async () => {
  await client?.close();
  await simulator?.close();
});

/** The float's available balance as check-floats reports it. */
async function available(currency: string, name: string): Promise<string> {
  const { floats } = await client.checkFloats({ currency });
  const float = floats.find((item) => item.name === name);
  expect(float, `${currency} ${name}`).toBeDefined();
  return float!.available_balance.amount;
}

/** The answer's float balance must be what check-floats says now, and equal `expected`. */
async function floatIs(answer: TransactionData, currency: string, name: string, expected: string) {
  expect(answer.float).toMatchObject({ name, currency, available_balance: { amount: expected, currency } });
  expect(await available(currency, name)).toBe(expected);
}

const kwd = (amount: string) => ({ amount, currency: 'KWD' });
const jpy = (amount: string) => ({ amount, currency: 'JPY' });

describe('transaction endpoints, exact to the last decimal', () => {
  it('KWD physical card: activate, top up, check balance, cancel the top-up, cancel the activation', async () => {
    const tx = client.transactions;
    expect(await available('KWD', KWD_FLOAT)).toBe('1234.567');

    // 12.345 costs 12.345 − ⌊12.345 × 2.5 %⌋ = 12.345 − 0.308 = 12.037
    const activated = await tx.activatePhysical({
      clientRequestId: 'kwd-activate-a',
      brand: KWD_BRAND,
      faceValue: kwd('12.345'),
      float: KWD_FLOAT,
      cardCode: '4000123412341234',
    });
    expect(activated).toMatchObject({
      type: 'physical_activation',
      face_value: kwd('12.345'),
      cost: kwd('12.037'),
      card: { code: '4000123412341234', kind: 'physical', balance: kwd('12.345'), status: 'active' },
    });
    await floatIs(activated, 'KWD', KWD_FLOAT, '1222.53');

    // 7.009 costs 7.009 − 0.175 = 6.834
    const toppedUp = await tx.topUpPhysical({
      clientRequestId: 'kwd-top-up-a',
      brand: KWD_BRAND,
      cardCode: '4000123412341234',
      faceValue: kwd('7.009'),
    });
    expect(toppedUp).toMatchObject({
      type: 'physical_top_up',
      face_value: kwd('7.009'),
      cost: kwd('6.834'),
      card: { balance: kwd('19.354') },
    });
    await floatIs(toppedUp, 'KWD', KWD_FLOAT, '1215.696');

    const balance = await tx.checkPhysicalBalance({
      clientRequestId: 'kwd-balance-a',
      brand: KWD_BRAND,
      cardCode: '4000123412341234',
    });
    expect(balance).toMatchObject({
      type: 'balance_check',
      card: { balance: kwd('19.354'), status: 'active' },
    });

    const topUpCancelled = await tx.cancelPhysicalTopUp({
      clientRequestId: 'kwd-cancel-top-up-a',
      brand: KWD_BRAND,
      original: { transactionId: toppedUp.transaction_id },
    });
    expect(topUpCancelled).toMatchObject({
      type: 'cancelled_physical_top_up',
      refund: kwd('6.834'),
      original_transaction_id: toppedUp.transaction_id,
      card: { balance: kwd('12.345'), status: 'active' },
    });
    expect(topUpCancelled.cost).toBeUndefined();
    await floatIs(topUpCancelled, 'KWD', KWD_FLOAT, '1222.53');

    const activationCancelled = await tx.cancelPhysicalActivation({
      clientRequestId: 'kwd-cancel-activation-a',
      brand: KWD_BRAND,
      original: { clientRequestId: 'kwd-activate-a' },
    });
    expect(activationCancelled).toMatchObject({
      type: 'cancelled_physical_activation',
      refund: kwd('12.037'),
      original_transaction_id: activated.transaction_id,
      card: { balance: kwd('0'), status: 'inactive' },
    });
    await floatIs(activationCancelled, 'KWD', KWD_FLOAT, '1234.567');
  });

  it('KWD physical card cashed out: the refund is the cost of what is left, to 0.001', async () => {
    const tx = client.transactions;
    // 100.039 costs 100.039 − 2.500 = 97.539; a 1.039 top-up costs 1.039 − 0.025 = 1.014.
    const activated = await tx.activatePhysical({
      clientRequestId: 'kwd-activate-b',
      brand: KWD_BRAND,
      faceValue: kwd('100.039'),
      float: KWD_FLOAT,
    });
    expect(activated.cost).toEqual(kwd('97.539'));
    expect(activated.card.code).toMatch(/^\d{16}$/);
    await floatIs(activated, 'KWD', KWD_FLOAT, '1137.028');
    const toppedUp = await tx.topUpPhysical({
      clientRequestId: 'kwd-top-up-b',
      brand: KWD_BRAND,
      cardCode: activated.card.code,
      faceValue: kwd('1.039'),
    });
    expect(toppedUp.cost).toEqual(kwd('1.014'));
    await floatIs(toppedUp, 'KWD', KWD_FLOAT, '1136.014');
    // 101.078 left: refund 101.078 − ⌊2.52695⌋ = 101.078 − 2.526 = 98.552, one fils less than paid.
    const cashedOut = await tx.cashOutPhysical({
      clientRequestId: 'kwd-cash-out-b',
      brand: KWD_BRAND,
      original: { transactionId: activated.transaction_id },
    });
    expect(cashedOut).toMatchObject({
      type: 'physical_cash_out',
      face_value: kwd('101.078'),
      refund: kwd('98.552'),
      card: { balance: kwd('0'), status: 'inactive' },
    });
    await floatIs(cashedOut, 'KWD', KWD_FLOAT, '1234.566');
  });

  it('KWD digital card: issue, top up, check balance, cash out', async () => {
    const tx = client.transactions;
    const issued = await tx.issueDigital({
      clientRequestId: 'kwd-issue-c',
      brand: KWD_BRAND,
      faceValue: kwd('25.5'),
      float: KWD_FLOAT,
    });
    expect(issued.cost).toEqual(kwd('24.863'));
    await floatIs(issued, 'KWD', KWD_FLOAT, '1209.703');
    const toppedUp = await tx.topUpDigital({
      clientRequestId: 'kwd-top-up-c',
      brand: KWD_BRAND,
      cardCode: issued.card.code,
      faceValue: kwd('3.333'),
    });
    expect(toppedUp).toMatchObject({
      type: 'digital_top_up',
      cost: kwd('3.25'),
      card: { kind: 'digital', balance: kwd('28.833') },
    });
    await floatIs(toppedUp, 'KWD', KWD_FLOAT, '1206.453');
    const balance = await tx.checkDigitalBalance({
      clientRequestId: 'kwd-balance-c',
      brand: KWD_BRAND,
      cardCode: issued.card.code,
    });
    expect(balance.card.balance).toEqual(kwd('28.833'));
    const cashedOut = await tx.cashOutDigital({
      clientRequestId: 'kwd-cash-out-c',
      brand: KWD_BRAND,
      original: { clientRequestId: 'kwd-issue-c' },
    });
    expect(cashedOut).toMatchObject({
      type: 'digital_cash_out',
      refund: kwd('28.113'),
      face_value: kwd('28.833'),
    });
    await floatIs(cashedOut, 'KWD', KWD_FLOAT, '1234.566');
  });

  it('JPY digital card (no decimals): issue, top up, cash out', async () => {
    const tx = client.transactions;
    expect(await available('JPY', JPY_FLOAT)).toBe('11021900');
    // 1234 costs 1234 − ⌊21.595⌋ = 1213; 567 costs 567 − 9 = 558; 1801 left refunds 1801 − 31 = 1770.
    const issued = await tx.issueDigital({
      clientRequestId: 'jpy-issue',
      brand: JPY_BRAND,
      faceValue: jpy('1234'),
      float: JPY_FLOAT,
    });
    expect(issued).toMatchObject({ face_value: jpy('1234'), cost: jpy('1213') });
    await floatIs(issued, 'JPY', JPY_FLOAT, '11020687');
    const toppedUp = await tx.topUpDigital({
      clientRequestId: 'jpy-top-up',
      brand: JPY_BRAND,
      cardCode: issued.card.code,
      faceValue: jpy('567'),
    });
    expect(toppedUp).toMatchObject({ cost: jpy('558'), card: { balance: jpy('1801') } });
    await floatIs(toppedUp, 'JPY', JPY_FLOAT, '11020129');
    const cashedOut = await tx.cashOutDigital({
      clientRequestId: 'jpy-cash-out',
      brand: JPY_BRAND,
      original: { transactionId: issued.transaction_id },
    });
    expect(cashedOut).toMatchObject({ refund: jpy('1770'), face_value: jpy('1801') });
    await floatIs(cashedOut, 'JPY', JPY_FLOAT, '11021899');
    // A fraction of a yen is refused by the platform (704), and nothing moves.
    await expect(
      tx.issueDigital({ clientRequestId: 'jpy-fraction', brand: JPY_BRAND, faceValue: jpy('1234.5') }),
    ).rejects.toMatchObject({ code: 'platform_rejected', details: { platformCode: '704' } });
    expect(await available('JPY', JPY_FLOAT)).toBe('11021899');
  });

  it('a face value that is not a plain decimal is refused before sending, naming the field', async () => {
    await expect(
      client.transactions.issueDigital({ clientRequestId: 'bad', brand: KWD_BRAND, faceValue: kwd('1e3') }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      details: { issues: [expect.objectContaining({ field: 'face_value.amount' })] },
    });
  });
});

describe('transfer requests of 0.1, in EUR and in KWD (three decimals)', () => {
  it("registers 0.1 exactly and lists it with the currency's decimals", async () => {
    for (const [currency, float, listed] of [
      ['EUR', 'Europe', '0.10'],
      ['KWD', KWD_FLOAT, '0.100'],
    ] as const) {
      const outcome = await client.submitTransfer({ float, currency, amount: '0.1' });
      expect(outcome.transfer).toMatchObject({ float, currency, amount: '0.10' });
      const [item] = await client.listTransferRequests({
        paymentReference: outcome.transfer.paymentReference,
      });
      expect(item).toMatchObject({ float, requested: { currency, amount: listed }, approved: null });
      expect(simulator.world.transfers.at(-1)!.requestedMinor).toBe(currency === 'KWD' ? 100n : 10n);
    }
  });

  it('a KWD 0.1 whose answer is garbled is confirmed by lookup although the platform lists "0.100"', async () => {
    simulator.faults.add({ kind: 'malformed-json', path: '/float/request-payment-transfer', count: 1 });
    const before = simulator.world.transfers.length;
    const outcome = await client.submitTransfer({ float: KWD_FLOAT, currency: 'KWD', amount: '0.1' });
    expect(outcome).toMatchObject({
      sends: 1,
      confirmedByLookup: true,
      transfer: { currency: 'KWD', amount: '0.100' },
    });
    expect(simulator.world.transfers.length).toBe(before + 1);
  });
});
