import { describe, expect, it } from 'vitest';
import { downloadTemplate } from '../../src/main/core/platform/endpoints/templates';
import { transactionEndpoints } from '../../src/main/core/platform/endpoints/transactions';
import { requestPaymentTransfer } from '../../src/main/core/platform/endpoints/transfers';
import type { Transport } from '../../src/main/core/platform/http';
import type { PlatformRequest, PlatformResponse } from '../../src/main/core/platform/types';
import { RawJsonNumber } from '../../src/main/core/platform/wire';
import { AppError } from '../../src/shared/ipc/errors';

/** A transport that records what it was asked and answers `answer`. */
function fakeTransport(answer: PlatformResponse) {
  const sent: PlatformRequest[] = [];
  const transport: Transport = {
    async send(request) {
      sent.push(request);
      return answer;
    },
    close: async () => undefined,
  };
  return { transport, sent };
}

const ok = (data: unknown): PlatformResponse => ({
  status: 200,
  headers: {},
  body: JSON.stringify({ code: '000', status: 'success', data }),
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('endpoints refuse bad input with typed errors, before sending', () => {
  it('a transaction amount that is not a plain decimal: invalid_input naming face_value.amount (a rejection, not a throw)', async () => {
    const { transport, sent } = fakeTransport(ok({}));
    const tx = transactionEndpoints(transport);
    for (const amount of ['1e3', '12,50', '', '01.5', 'NaN']) {
      const pending = tx.topUpPhysical({
        clientRequestId: 'cr',
        brand: 'b',
        cardCode: '4000123412341234',
        faceValue: { amount, currency: 'GBP' },
      });
      const error = await failure(pending);
      expect(error.code).toBe('invalid_input');
      expect(error.details?.issues).toEqual([expect.objectContaining({ field: 'face_value.amount' })]);
    }
    expect(sent).toEqual([]);
  });

  it('a transfer amount that is not a decimal or has more than two decimals: invalid_input naming amount', async () => {
    const { transport, sent } = fakeTransport(ok({}));
    for (const amount of ['abc', '1.005', '-5', '1e100000000']) {
      const error = await failure(
        requestPaymentTransfer(transport, { float: 'Main', currency: 'GBP', amount, paymentReference: 'X1' }),
      );
      expect(error.code).toBe('invalid_input');
      expect(error.details?.issues).toEqual([expect.objectContaining({ field: 'amount' })]);
    }
    expect(sent).toEqual([]);
  });

  it('RawJsonNumber names the field it was meant for', () => {
    const error = (() => {
      try {
        new RawJsonNumber('1,5', 'face_value.amount');
      } catch (thrown) {
        return thrown;
      }
    })() as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.details?.issues).toEqual([expect.objectContaining({ field: 'face_value.amount' })]);
  });

  it('a template download that ends without a file is malformed_response, not a plain Error', async () => {
    const { transport } = fakeTransport({ status: 200, headers: {}, body: '' });
    const error = await failure(downloadTemplate(transport, { brand: 'b' }, '/tmp/never-written.zip'));
    expect(error.code).toBe('malformed_response');
    expect(error.details).toMatchObject({
      endpoint: 'template',
      reason: 'the download finished without a file',
    });
  });

  it('balance checks and top-ups mark the card code for redaction; the POST passes its onSent hook on', async () => {
    const { transport, sent } = fakeTransport(ok({}));
    const tx = transactionEndpoints(transport);
    await tx
      .checkDigitalBalance({ clientRequestId: 'cr', brand: 'b', cardCode: 'CODE-1234-5678' })
      .catch(() => undefined);
    await tx
      .topUpDigital({
        clientRequestId: 'cr2',
        brand: 'b',
        cardCode: 'CODE-9999',
        faceValue: { amount: '5', currency: 'GBP' },
      })
      .catch(() => undefined);
    expect(sent.map((request) => request.redact)).toEqual([['CODE-1234-5678'], ['CODE-9999']]);
    const onSent = () => undefined;
    await requestPaymentTransfer(
      transport,
      { float: 'Main', currency: 'GBP', amount: '5', paymentReference: 'X1' },
      undefined,
      { onSent },
    ).catch(() => undefined);
    expect(sent.at(-1)?.onSent).toBe(onSent);
  });
});
