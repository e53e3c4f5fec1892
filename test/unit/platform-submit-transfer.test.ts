import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/shared/ipc/errors';
import {
  isReferenceTaken,
  parsePlatformTime,
  submitTransfer,
  type FoundTransfer,
  type LookupFilters,
  type SendResult,
  type SubmissionDeps,
  type SubmissionPolicy,
  type TransferSubmission,
} from '../../src/main/core/platform/submit-transfer';

const submission: TransferSubmission = { float: 'Main', currency: 'GBP', amount: '2500.00' };
const REFERENCE = 'RF18539007547034';
const START = Date.UTC(2026, 10, 22, 10, 0, 0);
const WINDOW = 1_000;
const POLICY: Partial<SubmissionPolicy> = {
  lookupWindowMs: WINDOW,
  lookupLimitMs: 3 * WINDOW,
  backoffMs: 50,
  maxBackoffMs: 200,
};

type Outcome =
  /** Registered and answered. */
  | 'ok'
  /** Registered, answer lost (timeout). */
  | 'lost-answer'
  /** Never left this computer (connection refused). */
  | 'not-sent'
  /** Times out at once; the platform registers it `ms` later (still processing). */
  | { slow: number }
  /** The platform normalises: registers the reference upper-cased without spaces; answer lost. */
  | 'lost-normalised'
  /** The caller cancels while the request is out; `registered` says whether the platform got it. */
  | { cancelMidPost: boolean; controller: AbortController }
  /** Refused before anything was sent (e.g. cancelled while waiting for the rate limiter). */
  | { cancelBeforeSend: AbortController }
  /** Registered, yet the answer is this error (a gateway's 504 while the platform went on). */
  | { registeredThen: AppError }
  /** Failed with this error; the platform never acted. */
  | AppError;

const isoAt = (ms: number) => new Date(ms).toISOString().replace('.000Z', '+00:00');

/**
 * A fake platform on a fake clock: `outcomes` says what each send does; registered requests are visible
 * to lookup once their time has come. Sleeping moves the clock.
 */
function fakePlatform(
  outcomes: Outcome[],
  options: {
    lookupFails?: boolean | ((call: number) => boolean);
    cap?: number;
    /** How long a new request takes to show in lookups (a lagging read replica). */
    lookupLag?: number;
  } = {},
) {
  let clock = 0;
  const registered: Array<FoundTransfer & { visibleAt: number }> = [];
  const calls = { sends: 0, lookups: 0, sleeps: [] as number[], filters: [] as LookupFilters[] };
  const register = (request: TransferSubmission & { paymentReference: string }, at: number, ref?: string) =>
    registered.push({
      float: request.float,
      currency: request.currency,
      requestedAmount: request.amount,
      paymentReference: ref ?? request.paymentReference,
      createdAt: isoAt(START + at),
      visibleAt: at,
    });
  const fail = (error: unknown, sent: boolean): SendResult => ({ ok: false, error, sent });
  const timeout = () => new AppError('timeout', 'no answer', { phase: 'headers', sent: true });
  const deps: SubmissionDeps = {
    newReference: () => REFERENCE,
    now: () => START + clock,
    monotonicNow: () => clock,
    random: () => 0.5,
    async sleep(ms, signal) {
      signal?.throwIfAborted();
      calls.sleeps.push(ms);
      clock += ms;
    },
    async send(request, signal) {
      const outcome = outcomes[calls.sends++] ?? 'ok';
      if (outcome instanceof AppError) return fail(outcome, true);
      if (outcome === 'not-sent') return fail(new AppError('offline', 'refused', { sent: false }), false);
      if (typeof outcome === 'object' && 'cancelBeforeSend' in outcome) {
        outcome.cancelBeforeSend.abort();
        return fail(signal?.reason, false);
      }
      if (typeof outcome === 'object' && 'registeredThen' in outcome) {
        register(request, clock);
        return fail(outcome.registeredThen, true);
      }
      if (typeof outcome === 'object' && 'cancelMidPost' in outcome) {
        if (outcome.cancelMidPost) register(request, clock);
        outcome.controller.abort();
        return fail(signal?.reason, true);
      }
      if (typeof outcome === 'object') {
        register(request, clock + outcome.slow);
        return fail(timeout(), true);
      }
      if (outcome === 'lost-normalised') {
        register(request, clock, request.paymentReference.replace(/\s+/g, '').toUpperCase());
        return fail(timeout(), true);
      }
      if (
        registered.some(
          (item) => item.paymentReference === request.paymentReference && item.visibleAt <= clock,
        )
      )
        return fail(
          new AppError('invalid_input', 'taken', {
            httpStatus: 422,
            issues: [
              { field: 'payment_reference', problem: 'The payment reference has already been taken.' },
            ],
          }),
          true,
        );
      register(request, clock);
      if (outcome === 'lost-answer') return fail(timeout(), true);
      return {
        ok: true,
        transfer: {
          float: request.float,
          currency: request.currency,
          amount: request.amount,
          paymentReference: request.paymentReference,
        },
      };
    },
    async lookup(filters, signal) {
      signal?.throwIfAborted();
      const call = calls.lookups++;
      calls.filters.push(filters);
      const fails = options.lookupFails;
      if (typeof fails === 'function' ? fails(call) : fails) throw new AppError('offline', 'still offline');
      const found = registered
        .filter((item) => item.visibleAt + (options.lookupLag ?? 0) <= clock)
        .filter(
          (item) =>
            item.paymentReference === filters.paymentReference.replace(/\s+/g, '').toUpperCase() ||
            item.paymentReference === filters.paymentReference,
        )
        .map(({ visibleAt: _, ...item }) => item);
      if (options.cap === undefined) return found;
      const filler = Array.from({ length: options.cap }, (_, i) => ({
        ...found[0]!,
        requestedAmount: `${i + 1}.00`,
      }));
      return found.length === 0 ? [] : [...found, ...filler].slice(0, options.cap);
    },
  };
  return { deps, registered, calls, now: () => clock };
}

const submit = (
  platform: ReturnType<typeof fakePlatform>,
  change: Partial<TransferSubmission> = {},
  signal?: AbortSignal,
) => submitTransfer(platform.deps, { ...submission, ...change }, { policy: POLICY, signal });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('submitting a top-up', () => {
  it('sends once and uses a generated creditor reference when none is typed', async () => {
    const platform = fakePlatform(['ok']);
    const outcome = await submit(platform);
    expect(outcome).toEqual({
      transfer: { float: 'Main', currency: 'GBP', amount: '2500.00', paymentReference: REFERENCE },
      sends: 1,
      confirmedByLookup: false,
    });
    expect(platform.calls).toMatchObject({ sends: 1, lookups: 0 });
  });

  it('finds a request whose answer was lost instead of sending it again', async () => {
    const platform = fakePlatform(['lost-answer']);
    const outcome = await submit(platform, { paymentReference: 'INV-42' });
    expect(outcome).toMatchObject({
      sends: 1,
      confirmedByLookup: true,
      transfer: { paymentReference: 'INV-42' },
    });
    expect(platform.registered).toHaveLength(1);
  });

  it('keeps looking while the platform may still be processing a slow POST, instead of resending', async () => {
    // The POST times out at once; the platform registers it 0.8 of a window later.
    const platform = fakePlatform([{ slow: 0.8 * WINDOW }]);
    const outcome = await submit(platform);
    expect(outcome).toMatchObject({ sends: 1, confirmedByLookup: true });
    expect(platform.registered).toHaveLength(1);
    expect(platform.calls.lookups).toBeGreaterThan(1);
    expect(platform.now()).toBeGreaterThanOrEqual(0.8 * WINDOW);
    expect(platform.now()).toBeLessThan(WINDOW + 200);
  });

  it('resends on its own, after a backoff, only a request that certainly never left', async () => {
    const platform = fakePlatform(['not-sent', 'ok']);
    const outcome = await submit(platform);
    expect(outcome).toMatchObject({ sends: 2, confirmedByLookup: false });
    expect(platform.registered).toHaveLength(1);
    expect(platform.calls.lookups).toBe(0);
    expect(platform.calls.sleeps).toHaveLength(1);
    expect(platform.calls.sleeps[0]).toBeGreaterThan(0);
  });

  it('after a 5xx, looks up for the whole window (with backoff) before resending; a 4xx is final', async () => {
    const unavailable = new AppError('platform_rejected', 'maintenance', {
      httpStatus: 503,
      platformCode: '602',
    });
    const afterOutage = fakePlatform([unavailable, 'ok']);
    expect(await submit(afterOutage)).toMatchObject({ sends: 2, confirmedByLookup: false });
    // Out of sends after the lookups showed it absent each time: not registered, safe to retry.
    const outage = fakePlatform([unavailable, unavailable, unavailable]);
    await expect(submit(outage)).rejects.toMatchObject({
      code: 'platform_rejected',
      details: { httpStatus: 503, outcome: 'not_registered', paymentReference: REFERENCE },
    });
    expect(outage.calls.sends).toBe(3);
    expect(afterOutage.calls.lookups).toBeGreaterThan(2);
    // The resend came only after the window: never at once.
    expect(afterOutage.now()).toBeGreaterThanOrEqual(WINDOW);
    expect(afterOutage.calls.sleeps.every((ms) => ms > 0 && ms <= 200)).toBe(true);

    const refused = new AppError('platform_rejected', 'insufficient', {
      httpStatus: 422,
      platformCode: '610',
    });
    const final = fakePlatform([refused]);
    await expect(submit(final)).rejects.toMatchObject({
      code: 'platform_rejected',
      message: 'insufficient',
      details: { platformCode: '610', paymentReference: REFERENCE, outcome: 'not_registered' },
    });
    expect(final.calls).toMatchObject({ sends: 1, lookups: 0 });
  });

  it('never resends when the outcome cannot be confirmed, and says which reference to check', async () => {
    const platform = fakePlatform(['lost-answer'], { lookupFails: true });
    const error = (await rejection(submit(platform))) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('offline');
    expect(error.message).toContain(REFERENCE);
    expect(error.message).toMatch(/Do not send it again: check .* reference RF18539007547034/);
    expect(error.details).toMatchObject({
      paymentReference: REFERENCE,
      outcome: 'unknown',
      float: 'Main',
      currency: 'GBP',
      amount: '2500.00',
      submittedAt: new Date(START).toISOString(),
    });
    expect(platform.calls.sends).toBe(1);
    // It kept trying for its whole limit, not just once.
    expect(platform.calls.lookups).toBeGreaterThan(5);
  });

  it('rides out lookups that fail for a while', async () => {
    const platform = fakePlatform(['lost-answer'], { lookupFails: (call) => call < 3 });
    expect(await submit(platform)).toMatchObject({ sends: 1, confirmedByLookup: true });
    expect(platform.calls.lookups).toBe(4);
  });

  it('on a resend, takes a 433 "reference already taken" as a sign to look again, not as an error', async () => {
    // The first POST is registered but answered with a 504, and lookups lag behind for two windows:
    // the resend meets "already taken", and the lookups that follow find the first one.
    const gateway = new AppError('platform_rejected', 'gateway timeout', { httpStatus: 504 });
    const platform = fakePlatform([{ registeredThen: gateway }, 'ok'], { lookupLag: 2 * WINDOW });
    const outcome = await submit(platform);
    expect(outcome).toMatchObject({ sends: 2, confirmedByLookup: true });
    expect(platform.registered).toHaveLength(1);
  });

  it('matches references the way the platform normalises them (case, spaces)', async () => {
    const platform = fakePlatform(['lost-normalised']);
    const outcome = await submit(platform, { paymentReference: 'inv 2026 42' });
    expect(outcome).toMatchObject({
      sends: 1,
      confirmedByLookup: true,
      transfer: { paymentReference: 'INV202642' },
    });
  });

  it('refuses a typed reference the platform already lists, before sending anything', async () => {
    const platform = fakePlatform(['ok', 'ok']);
    await submit(platform, { paymentReference: 'INV-7' });
    const error = (await rejection(
      submit(platform, { paymentReference: 'inv-7', amount: '10.00' }),
    )) as AppError;
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/inv-7 is already used by another transfer request/);
    expect(error.details).toMatchObject({
      issues: [{ field: 'payment_reference', problem: expect.stringMatching(/already used/) }],
      outcome: 'not_sent',
    });
    expect(platform.calls.sends).toBe(1);
  });

  it('never takes an older request with a reused reference for this one', async () => {
    // A platform that accepts reused references already holds an identical request from yesterday.
    const platform = fakePlatform([new AppError('platform_rejected', 'bad gateway', { httpStatus: 502 })]);
    platform.registered.push({
      float: 'Main',
      currency: 'GBP',
      requestedAmount: '2500.00',
      paymentReference: REFERENCE,
      createdAt: isoAt(START - 86_400_000),
      visibleAt: 0,
    });
    const error = (await rejection(submit(platform))) as AppError;
    expect(error.code).toBe('invalid_input');
    expect(error.details).toMatchObject({ outcome: 'not_registered', paymentReference: REFERENCE });
    expect(platform.calls.sends).toBe(1);
  });

  it('accepts a request created a little before the start (clock skew), in any offset notation', async () => {
    const platform = fakePlatform(['lost-answer']);
    platform.deps.now = () => START + 5 * 60_000; // this computer's clock runs 5 minutes fast
    expect(await submit(platform)).toMatchObject({ confirmedByLookup: true });
    expect(parsePlatformTime('2026-11-22 11:00+0100')).toBe(START);
    expect(parsePlatformTime('2026-11-22T10:00:00.5Z')).toBe(START + 500);
    expect(parsePlatformTime('2026-11-22T05:00:00-05')).toBe(START);
    expect(parsePlatformTime('22/11/2026')).toBeUndefined();
  });

  it('narrows an answer at the list cap by float, currency and date; still full, the outcome is unknown', async () => {
    const found = fakePlatform(['lost-answer'], { cap: 3 });
    expect(await submit(found)).toMatchObject({ confirmedByLookup: true });

    const full = fakePlatform([new AppError('timeout', 'no answer', { sent: true })], { cap: 3 });
    full.registered.push({
      float: 'Main',
      currency: 'GBP',
      requestedAmount: '1.00',
      paymentReference: REFERENCE,
      createdAt: isoAt(START),
      visibleAt: 0,
    });
    const error = (await rejection(
      submitTransfer(full.deps, submission, { policy: { ...POLICY, listCap: 3 } }),
    )) as AppError;
    expect(error.details).toMatchObject({ outcome: 'unknown', paymentReference: REFERENCE });
    expect(full.calls.filters).toContainEqual({
      paymentReference: REFERENCE,
      float: 'Main',
      currency: 'GBP',
      startDate: '2026-11-21',
    });
  });

  it('a cancel while the POST is out still finds out: registered → the outcome; absent → the cancel', async () => {
    const registered = new AbortController();
    const platform = fakePlatform([{ cancelMidPost: true, controller: registered }]);
    const outcome = await submit(platform, {}, registered.signal);
    expect(outcome).toMatchObject({ sends: 1, confirmedByLookup: true });

    const absent = new AbortController();
    const nothing = fakePlatform([{ cancelMidPost: false, controller: absent }]);
    await expect(submit(nothing, {}, absent.signal)).rejects.toBe(absent.signal.reason);
    expect(nothing.calls.sends).toBe(1);
    expect(nothing.now()).toBeGreaterThanOrEqual(WINDOW);
  });

  it('a cancel before anything was sent (waiting for the rate limiter) is the cancel itself', async () => {
    const controller = new AbortController();
    const platform = fakePlatform([{ cancelBeforeSend: controller }]);
    await expect(submit(platform, {}, controller.signal)).rejects.toBe(controller.signal.reason);
    expect(platform.calls.lookups).toBe(0);
  });

  it('gives up after three sends that never left, with the last error', async () => {
    const platform = fakePlatform(['not-sent', 'not-sent', 'not-sent', 'ok']);
    await expect(submit(platform)).rejects.toMatchObject({
      code: 'offline',
      details: { paymentReference: REFERENCE, outcome: 'not_sent' },
    });
    expect(platform.calls.sends).toBe(3);
    expect(platform.registered).toHaveLength(0);
  });

  it('recognises a "reference already taken" refusal in the platform\'s shapes', () => {
    const taken = (details: Record<string, unknown>) => new AppError('invalid_input', 'x', details);
    expect(isReferenceTaken(taken({ issues: [{ field: 'payment_reference', problem: 'taken' }] }))).toBe(
      true,
    );
    expect(
      isReferenceTaken(
        taken({ issues: [{ field: '', problem: 'The payment reference has already been taken.' }] }),
      ),
    ).toBe(true);
    expect(isReferenceTaken(taken({ issues: [{ field: 'amount', problem: 'too large' }] }))).toBe(false);
    expect(isReferenceTaken(new AppError('platform_rejected', 'x', {}))).toBe(false);
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
      const error = (await rejection(submit(platform, change))) as AppError;
      expect(error.code).toBe('invalid_input');
      expect(error.details?.issues).toEqual([expect.objectContaining({ field })]);
      expect(error.details?.outcome).toBe('not_sent');
    }
    expect(platform.calls.sends).toBe(0);
    expect(await submit(platform, { amount: '0.01' })).toMatchObject({ sends: 1 });
    platform.registered.length = 0;
    expect(await submit(platform, { amount: '99999999.99' })).toMatchObject({ sends: 1 });
  });
});
