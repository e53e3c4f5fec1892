import { AppError, invalidInput, type ErrorCode } from '../../../shared/ipc/errors';
import {
  isClearRefusal,
  isReferenceTaken,
  validateSubmission,
  sameReference,
  checkSubmission,
} from './submit-checks';
import {
  type TransferSubmission,
  type RegisteredTransfer,
  type FoundTransfer,
  type SubmissionDeps,
  type SubmissionPolicy,
  DEFAULT_SUBMISSION_POLICY,
  type SubmitOptions,
  type SubmissionOutcome,
  type ExpectedTransfer,
} from './submit-types';

export * from './submit-types';
export { checkSubmission, isReferenceTaken, parsePlatformTime, validateSubmission } from './submit-checks';

/**
 * A top-up is never sent twice. The client always sends its own payment reference, and:
 *
 * - It resends on its own only when the request certainly never left this computer (the connection
 *   was refused or timed out, or it failed before a byte was written: `sent: false`), after a backoff.
 * - When the outcome is unclear (a timeout, a reset, a 5xx, a garbled answer, a cancel while the
 *   request was out), it looks the reference up on the platform, repeatedly with backoff, for a
 *   bounded window (at least the headers timeout: the platform may still be processing the first
 *   POST) and with its own time limit, whatever the caller's signal says. Found: the request is
 *   registered (confirmedByLookup). Absent at the end of the window: resend (or, after a cancel,
 *   report the cancellation). Still unknown: an AppError with details {paymentReference, outcome:
 *   'unknown', ...} telling the person to check that reference instead of sending again.
 * - On a resend, a 433 about payment_reference ("already taken") means the earlier send may have
 *   landed after all: it triggers another lookup instead of being shown.
 * - A reference typed by a person is looked up before the first send: one the platform already
 *   lists is refused ('reference already used') and nothing is sent.
 *
 * A request found by lookup counts as this submission only if its reference matches after
 * compactReference (case and spaces), its float, currency and amount match, and it was created at
 * or after the submission started, less a clock-skew allowance: an older request with a reused
 * reference never confirms a new one. A lookup answer holding the list cap (50) is narrowed by float,
 * currency and a date window; still at the cap, it cannot show absence (ambiguous).
 */

type Verdict =
  | { kind: 'registered'; transfer: RegisteredTransfer }
  | { kind: 'absent' }
  | { kind: 'taken'; found: FoundTransfer[] }
  | { kind: 'unknown'; problem: unknown };

function backoff(step: number, policy: SubmissionPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxBackoffMs, policy.backoffMs * 2 ** Math.min(step, 20));
  // Equal jitter: never less than half the step, so a lookup loop cannot spin.
  return Math.max(1, Math.floor(ceiling / 2 + random() * (ceiling / 2)));
}

/**
 * After an unclear send: look the submission up until it shows, or until a look that started after
 * the window says it is absent. Runs under its own time limit (AbortSignal.timeout), independent of
 * the caller's signal: a cancel must not stop FloatDesk from finding out what happened.
 */
async function confirmAfterSend(
  deps: SubmissionDeps,
  expected: ExpectedTransfer,
  policy: SubmissionPolicy,
): Promise<Verdict> {
  const limit = AbortSignal.timeout(policy.lookupLimitMs);
  const start = deps.monotonicNow();
  const settleAt = start + policy.lookupWindowMs;
  const giveUpAt = start + policy.lookupLimitMs;
  let problem: unknown = undefined;
  for (let round = 0; ; round++) {
    const began = deps.monotonicNow();
    try {
      const check = await checkSubmission(deps.lookup, expected, policy, limit);
      if (check.status === 'registered') return { kind: 'registered', transfer: check.transfer };
      if (check.status === 'ambiguous') {
        problem = new AppError(
          'malformed_response',
          `The platform lists more than ${policy.listCap} transfer requests with this reference.`,
          { paymentReference: expected.paymentReference, reason: 'list cap reached' },
        );
      } else if (began >= settleAt) {
        return check.status === 'reference_taken'
          ? { kind: 'taken', found: check.found }
          : { kind: 'absent' };
      }
    } catch (error) {
      problem = error;
    }
    const now = deps.monotonicNow();
    if (limit.aborted || now >= giveUpAt) return { kind: 'unknown', problem };
    let wait = backoff(round, policy, deps.random);
    if (now < settleAt) wait = Math.min(wait, Math.max(1, Math.ceil(settleAt - now)));
    try {
      await deps.sleep(wait, limit);
    } catch {
      return { kind: 'unknown', problem };
    }
  }
}

function describe(error: unknown): string {
  if (error instanceof AppError) return `${error.code}: ${error.message}`;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

function expectationDetails(expected: ExpectedTransfer): Record<string, unknown> {
  return {
    paymentReference: expected.paymentReference,
    float: expected.float,
    currency: expected.currency,
    amount: expected.amount,
    submittedAt: expected.submittedAt === undefined ? null : new Date(expected.submittedAt).toISOString(),
  };
}

/** The outcome cannot be confirmed: never "send again", always "check this reference". */
function unknownOutcome(expected: ExpectedTransfer, sendError: unknown, problem: unknown): AppError {
  // The lookup's own failure (offline, rate limited, ...) says most; its time limit running out is a timeout.
  const code: ErrorCode =
    problem instanceof AppError && problem.code !== 'invalid_input' && problem.code !== 'internal'
      ? problem.code
      : 'timeout';
  const reference = expected.paymentReference;
  return new AppError(
    code,
    `FloatDesk could not confirm whether the top-up with reference ${reference} reached the platform. ` +
      `Do not send it again: check the platform's transfer requests for reference ${reference}; ` +
      'FloatDesk will match it on the next sync.',
    {
      ...expectationDetails(expected),
      outcome: 'unknown',
      sendError: describe(sendError),
      lookupError: problem === undefined ? null : describe(problem),
    },
  );
}

function referenceUsed(expected: ExpectedTransfer, found: readonly FoundTransfer[], sent: boolean): AppError {
  const problem = 'is already used by another transfer request on the platform';
  const error = invalidInput('transfer request', [{ field: 'payment_reference', problem }]);
  return new AppError(
    'invalid_input',
    `The payment reference ${expected.paymentReference} is already used by another transfer request on the platform: choose another reference.`,
    {
      ...error.details,
      ...expectationDetails(expected),
      outcome: sent ? 'not_registered' : 'not_sent',
      found: found.slice(0, 5).map((item) => ({
        float: item.float,
        currency: item.currency,
        amount: item.requestedAmount,
        paymentReference: item.paymentReference,
        createdAt: item.createdAt,
      })),
    },
  );
}

/** A typed reference the platform already lists is refused before anything is sent. */
async function refuseUsedReference(
  deps: SubmissionDeps,
  expected: ExpectedTransfer,
  signal: AbortSignal | undefined,
): Promise<void> {
  const items = await deps.lookup({ paymentReference: expected.paymentReference }, signal);
  const used = items.filter((item) => sameReference(item.paymentReference, expected.paymentReference));
  if (used.length > 0) throw referenceUsed(expected, used, false);
}

/** What a failed submission left at the platform, in every AppError it throws (details.outcome). */
export type SubmissionFailureOutcome =
  /** Nothing reached the platform: safe to send again. */
  | 'not_sent'
  /** The platform refused it, or lookups showed it absent after the window: not registered. */
  | 'not_registered'
  /** It may or may not be registered: check the reference (confirmSubmission), never resend. */
  | 'unknown';

/** The error with the submission's reference and outcome in its details (a cancellation as it is). */
function settled(error: unknown, outcome: SubmissionFailureOutcome, reference: string | undefined): unknown {
  if (!(error instanceof AppError) || error.details?.outcome !== undefined) return error;
  return new AppError(error.code, error.message, {
    ...error.details,
    ...(reference === undefined ? {} : { paymentReference: reference }),
    outcome,
  });
}

/**
 * Register a top-up exactly once, whatever the network does (see the top of this file).
 *
 * Every AppError it throws carries details.outcome (SubmissionFailureOutcome) and, once there is one,
 * details.paymentReference; 'unknown' also carries float, currency, amount and submittedAt for
 * confirmSubmission.
 *
 * Cancellation (options.signal): before the request left, the submission stops with the signal's
 * reason. After it may have left, FloatDesk still finds out what happened: registered → the outcome
 * is returned (the cancel came too late); absent → the signal's reason; unknown → the unknown-outcome
 * AppError. Nothing is ever resent after a cancel.
 */
export async function submitTransfer(
  deps: SubmissionDeps,
  submission: TransferSubmission,
  options: SubmitOptions = {},
): Promise<SubmissionOutcome> {
  const policy: SubmissionPolicy = { ...DEFAULT_SUBMISSION_POLICY, ...options.policy };
  const { signal } = options;
  const issues = validateSubmission(submission);
  if (issues.length > 0)
    throw settled(invalidInput('transfer request', issues), 'not_sent', submission.paymentReference);
  const typed = submission.paymentReference !== undefined;
  const request = { ...submission, paymentReference: submission.paymentReference ?? deps.newReference() };
  const reference = request.paymentReference;
  const expected: ExpectedTransfer = {
    paymentReference: reference,
    float: request.float,
    currency: request.currency,
    amount: request.amount,
    submittedAt: deps.now(),
  };
  signal?.throwIfAborted();
  if (typed) {
    try {
      await refuseUsedReference(deps, expected, signal);
    } catch (error) {
      throw settled(error, 'not_sent', reference);
    }
  }

  let anySent = false;
  for (let sends = 1; ; sends++) {
    const result = await deps.send(request, signal);
    if (result.ok) return { transfer: result.transfer, sends, confirmedByLookup: false };
    const { error } = result;
    const cancelled = signal?.aborted === true;
    const notRegistered = (): unknown => settled(error, anySent ? 'not_registered' : 'not_sent', reference);

    if (!result.sent) {
      // Certainly never reached the platform.
      if (cancelled || isClearRefusal(error) || sends >= policy.maxSends) throw notRegistered();
      await deps.sleep(backoff(sends - 1, policy, deps.random), signal);
      continue;
    }
    anySent = true;
    const takenOnResend = sends > 1 && isReferenceTaken(error);
    if (!cancelled && isClearRefusal(error) && !takenOnResend) throw notRegistered();

    const verdict = await confirmAfterSend(deps, expected, policy);
    switch (verdict.kind) {
      case 'registered':
        return { transfer: verdict.transfer, sends, confirmedByLookup: true };
      case 'unknown':
        throw unknownOutcome(expected, error, verdict.problem);
      case 'taken':
        throw referenceUsed(expected, verdict.found, true);
      case 'absent':
        if (cancelled) throw signal?.reason;
        if (takenOnResend || sends >= policy.maxSends) throw notRegistered();
    }
  }
}
