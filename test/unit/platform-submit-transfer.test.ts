import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/shared/ipc/errors';
import {
  submitTransfer,
  type FoundTransfer,
  type RegisteredTransfer,
  type SubmissionDeps,
  type TransferSubmission,
} from '../../src/main/core/platform/submit-transfer';

const submission: TransferSubmission = { float: 'Main', currency: 'GBP', amount: '2500.00' };

/** A fake platform: `outcomes` says what each send does; registered requests are visible to lookup. */
function fakePlatform(outcomes: Array<'ok' | 'lost-answer' | 'not-sent' | AppError>, lookupFails = false) {
  const registered: FoundTransfer[] = [];
  const calls = { sends: 0, lookups: 0 };
  const deps: SubmissionDeps = {
    newReference: () => 'RF18539007547034',
    async send(request) {
      const outcome = outcomes[calls.sends++] ?? 'ok';
      if (outcome instanceof AppError) throw outcome;
      if (outcome === 'not-sent') throw new AppError('offline', 'connection reset');
      registered.push({
        float: request.float,
        currency: request.currency,
        requestedAmount: request.amount,
        paymentReference: request.paymentReference,
      });
      if (outcome === 'lost-answer') throw new AppError('timeout', 'no answer');
      const answer: RegisteredTransfer = {
        float: request.float,
        currency: request.currency,
        amount: request.amount,
        paymentReference: request.paymentReference,
      };
      return answer;
    },
    async lookup(reference) {
      calls.lookups++;
      if (lookupFails) throw new AppError('offline', 'still offline');
      return registered.filter((item) => item.paymentReference === reference);
    },
  };
  return { deps, registered, calls };
}

describe('submitting a top-up', () => {
  it('sends once and uses a generated creditor reference when none is typed', async () => {
    const platform = fakePlatform(['ok']);
    const outcome = await submitTransfer(platform.deps, submission);
    expect(outcome).toEqual({
      transfer: { float: 'Main', currency: 'GBP', amount: '2500.00', paymentReference: 'RF18539007547034' },
      sends: 1,
      confirmedByLookup: false,
    });
    expect(platform.calls).toEqual({ sends: 1, lookups: 0 });
  });

  it('finds a request whose answer was lost instead of sending it again', async () => {
    const platform = fakePlatform(['lost-answer']);
    const outcome = await submitTransfer(platform.deps, { ...submission, paymentReference: 'INV-42' });
    expect(outcome).toMatchObject({
      sends: 1,
      confirmedByLookup: true,
      transfer: { paymentReference: 'INV-42' },
    });
    expect(platform.registered).toHaveLength(1);
  });

  it('resends only after the lookup shows the platform never got it', async () => {
    const platform = fakePlatform(['not-sent', 'ok']);
    const outcome = await submitTransfer(platform.deps, submission);
    expect(outcome).toMatchObject({ sends: 2, confirmedByLookup: false });
    expect(platform.registered).toHaveLength(1);
    expect(platform.calls.lookups).toBe(1);
  });

  it('treats a 5xx as unclear (looks up) and a 4xx refusal as final (does not)', async () => {
    const unavailable = new AppError('platform_rejected', 'maintenance', {
      httpStatus: 503,
      platformCode: '602',
    });
    const afterOutage = fakePlatform([unavailable, 'ok']);
    expect(await submitTransfer(afterOutage.deps, submission)).toMatchObject({ sends: 2 });
    expect(afterOutage.calls.lookups).toBe(1);

    const refused = new AppError('platform_rejected', 'insufficient', {
      httpStatus: 422,
      platformCode: '610',
    });
    const final = fakePlatform([refused]);
    await expect(submitTransfer(final.deps, submission)).rejects.toBe(refused);
    expect(final.calls).toEqual({ sends: 1, lookups: 0 });
  });

  it('never resends when the outcome cannot be confirmed, and says which reference to check', async () => {
    const platform = fakePlatform(['lost-answer'], true);
    const error = await submitTransfer(platform.deps, submission).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('offline');
    expect((error as AppError).message).toContain('RF18539007547034');
    expect(platform.calls.sends).toBe(1);
  });

  it('refuses to treat a different request with the same reference as this one', async () => {
    const platform = fakePlatform(['not-sent']);
    platform.registered.push({
      float: 'Main',
      currency: 'GBP',
      requestedAmount: '99.00',
      paymentReference: 'RF18539007547034',
    });
    await expect(submitTransfer(platform.deps, submission)).rejects.toMatchObject({
      code: 'platform_rejected',
    });
    expect(platform.calls.sends).toBe(1);
  });

  it('gives up after three sends that never arrived, with the last error', async () => {
    const platform = fakePlatform(['not-sent', 'not-sent', 'not-sent', 'ok']);
    await expect(submitTransfer(platform.deps, submission)).rejects.toMatchObject({ code: 'offline' });
    expect(platform.calls.sends).toBe(3);
    expect(platform.registered).toHaveLength(0);
  });

  it('validates before sending anything, naming each field', async () => {
    const platform = fakePlatform(['ok']);
    const cases: Array<[Partial<TransferSubmission>, string]> = [
      [{ amount: '10.005' }, 'amount'],
      [{ amount: '0' }, 'amount'],
      [{ amount: '100000000.00' }, 'amount'],
      [{ amount: '1,000' }, 'amount'],
      [{ currency: 'gbp' }, 'currency'],
      [{ float: ' ' }, 'float'],
      [{ paymentReference: 'RF18539007547035' }, 'payment_reference'],
      [{ paymentReference: 'X'.repeat(19) }, 'payment_reference'],
      [{ financeEmail: 'finance at acme' }, 'finance_email'],
    ];
    for (const [change, field] of cases) {
      const error = (await submitTransfer(platform.deps, { ...submission, ...change }).catch(
        (caught: unknown) => caught,
      )) as AppError;
      expect(error.code).toBe('invalid_input');
      expect(error.details?.issues).toEqual([expect.objectContaining({ field })]);
    }
    expect(platform.calls.sends).toBe(0);
    expect(await submitTransfer(platform.deps, { ...submission, amount: '0.01' })).toMatchObject({
      sends: 1,
    });
    expect(await submitTransfer(platform.deps, { ...submission, amount: '99999999.99' })).toMatchObject({
      sends: 1,
    });
  });
});
