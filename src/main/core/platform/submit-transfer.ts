import { checkPaymentReference, compactReference } from '../../../shared/domain/creditor-reference';
import {
  canonicalDecimal,
  compareDecimal,
  decimalPlaces,
  isDecimalString,
} from '../../../shared/domain/money';
import { TRANSFER_AMOUNT_MAX, TRANSFER_AMOUNT_MIN, TRANSFER_LIST_CAP } from '../../../shared/domain/platform';
import { AppError, invalidInput, type ErrorCode, type FieldIssue } from '../../../shared/ipc/errors';

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

export interface TransferSubmission {
  float: string;
  currency: string;
  /** Decimal text, e.g. "2500.00". */
  amount: string;
  /** Typed by a person; when absent a new ISO 11649 creditor reference is generated. */
  paymentReference?: string;
  financeEmail?: string;
  proformaInvoice?: Readonly<Record<string, string>>;
}

export interface RegisteredTransfer {
  float: string;
  currency: string;
  amount: string;
  paymentReference: string;
}

export interface FoundTransfer {
  float: string;
  currency: string;
  requestedAmount: string;
  paymentReference: string;
  /** created_at as the platform wrote it (ISO 8601 with a UTC offset). */
  createdAt: string;
}

/** GET float/transfer-requests filters used to find a submission. */
export interface LookupFilters {
  paymentReference: string;
  float?: string;
  currency?: string;
  /** YYYY-MM-DD */
  startDate?: string;
}

/** One POST: registered, or failed — and then whether the request may have reached the platform. */
export type SendResult =
  | { ok: true; transfer: RegisteredTransfer }
  | {
      ok: false;
      error: unknown;
      /** False only when the request certainly never left (nothing was written to a connection). */
      sent: boolean;
    };

export interface SubmissionDeps {
  /** POST float/request-payment-transfer once (never retried inside); never rejects. */
  send: (
    submission: TransferSubmission & { paymentReference: string },
    signal: AbortSignal | undefined,
  ) => Promise<SendResult>;
  /** GET float/transfer-requests (a safe, retried read). */
  lookup: (filters: LookupFilters, signal: AbortSignal | undefined) => Promise<FoundTransfer[]>;
  newReference: () => string;
  /** Epoch ms: the clock that signs requests (the platform holds it within minutes of its own). */
  now: () => number;
  /** Monotonic ms (performance.now), for the lookup window. */
  monotonicNow: () => number;
  /** Waits ms; rejects with signal.reason on abort. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** In [0, 1), for jitter. */
  random: () => number;
}

export interface SubmissionPolicy {
  /** Most POSTs for one submission (each resend only after the request was shown absent). */
  maxSends: number;
  /**
   * After an unclear send, how long the platform is given to show the request before it is concluded
   * absent (the client sets it to twice the headers timeout).
   */
  lookupWindowMs: number;
  /** Overall time limit of the lookups after one unclear send (their own signal). */
  lookupLimitMs: number;
  /** created_at may be this much before the submission started (clock skew). */
  clockSkewMs: number;
  /** Most items GET float/transfer-requests answers with (platform-notes.md: 50). */
  listCap: number;
  /** First backoff step for lookups and resends; doubles each time, capped by maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_SUBMISSION_POLICY: Readonly<SubmissionPolicy> = {
  maxSends: 3,
  lookupWindowMs: 60_000,
  lookupLimitMs: 120_000,
  clockSkewMs: 10 * 60_000,
  listCap: TRANSFER_LIST_CAP,
  backoffMs: 250,
  maxBackoffMs: 5_000,
};

export interface SubmitOptions {
  /** Cancels the submission; see submitTransfer for what a cancel after sending does. */
  signal?: AbortSignal;
  policy?: Partial<SubmissionPolicy>;
}

export interface SubmissionOutcome {
  transfer: RegisteredTransfer;
  /** How many times the request was sent (1 unless an earlier send was shown not to have arrived). */
  sends: number;
  /** True when the answer was lost and the request was found on the platform by its reference. */
  confirmedByLookup: boolean;
}

/** What the platform shows for a submission's reference (confirmSubmission). */
export type SubmissionCheck =
  /** A request matching reference, float, currency, amount (and time, when given) is registered. */
  | { status: 'registered'; transfer: RegisteredTransfer }
  /** The platform lists no request with this reference. */
  | { status: 'not_found' }
  /** The reference belongs to other requests only (older, or for another float or amount). */
  | { status: 'reference_taken'; found: FoundTransfer[] }
  /** The answer held the list cap even narrowed: absence cannot be shown. */
  | { status: 'ambiguous' };

/** What a submission is expected to have registered. */
export interface ExpectedTransfer {
  paymentReference: string;
  float: string;
  currency: string;
  amount: string;
  /** Epoch ms when the submission started; a request created before it (less the skew) is not it. */
  submittedAt?: number;
}

/** Did the platform certainly not act on the request? Then the error is final and safe to show. */
function isClearRefusal(error: unknown): boolean {
  if (!(error instanceof AppError)) return false;
  if (error.code === 'invalid_input' || error.code === 'auth_failed' || error.code === 'rate_limited')
    return true;
  if (error.code === 'platform_rejected') {
    const status = Number(error.details?.httpStatus ?? 0);
    return status >= 400 && status < 500;
  }
  return false;
}

const REFERENCE_FIELD = /payment[\s_-]?reference/i;
const TAKEN_WORDS = /taken|already|exist|used|unique|duplicate/i;

/** A validation refusal about the payment reference (e.g. "has already been taken"). */
export function isReferenceTaken(error: unknown): boolean {
  if (!(error instanceof AppError) || error.code !== 'invalid_input') return false;
  const issues = Array.isArray(error.details?.issues) ? (error.details.issues as FieldIssue[]) : [];
  if (issues.some((issue) => REFERENCE_FIELD.test(issue.field))) return true;
  const words = [String(error.details?.platformMessage ?? ''), ...issues.map((issue) => issue.problem)];
  return words.some((text) => REFERENCE_FIELD.test(text) && TAKEN_WORDS.test(text));
}

export function validateSubmission(submission: TransferSubmission): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const { amount } = submission;
  if (!submission.float.trim()) issues.push({ field: 'float', problem: 'is required' });
  if (!/^[A-Z]{3}$/.test(submission.currency))
    issues.push({ field: 'currency', problem: 'must be a three-letter code such as GBP' });
  if (!isDecimalString(amount)) {
    issues.push({ field: 'amount', problem: 'must be a number such as 2500.00' });
  } else if (decimalPlaces(amount) > 2) {
    issues.push({ field: 'amount', problem: 'may have at most two decimals' });
  } else {
    if (compareDecimal(amount, TRANSFER_AMOUNT_MIN) < 0 || compareDecimal(amount, TRANSFER_AMOUNT_MAX) > 0)
      issues.push({ field: 'amount', problem: `must be from ${TRANSFER_AMOUNT_MIN} to 99,999,999.99` });
  }
  if (submission.paymentReference !== undefined) {
    const problem = checkPaymentReference(submission.paymentReference);
    if (problem) issues.push(problem);
  }
  if (submission.financeEmail !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(submission.financeEmail)) {
    issues.push({ field: 'finance_email', problem: 'is not an e-mail address' });
  }
  return issues;
}

const PLATFORM_TIME =
  /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|([+-]\d{2})(?::?(\d{2}))?)$/;

/** created_at as epoch ms ("2026-11-02T09:00:00+00:00", "2026-11-02 09:00+0100", ...), or undefined. */
export function parsePlatformTime(text: string): number | undefined {
  const match = PLATFORM_TIME.exec(text);
  if (match === null) return undefined;
  const [, date, time, zone, hours, minutes] = match;
  const offset = zone === 'Z' ? 'Z' : `${hours}:${minutes ?? '00'}`;
  const ms = Date.parse(`${date}T${time}${offset}`);
  return Number.isNaN(ms) ? undefined : ms;
}

const sameReference = (a: string, b: string) => compactReference(a) === compactReference(b);

function isExpected(found: FoundTransfer, expected: ExpectedTransfer, clockSkewMs: number): boolean {
  if (found.float !== expected.float || found.currency !== expected.currency) return false;
  let amountsEqual: boolean;
  try {
    amountsEqual = canonicalDecimal(found.requestedAmount) === canonicalDecimal(expected.amount);
  } catch {
    return false;
  }
  if (!amountsEqual) return false;
  if (expected.submittedAt === undefined) return true;
  const created = parsePlatformTime(found.createdAt);
  return created !== undefined && created >= expected.submittedAt - clockSkewMs;
}

const DAY_MS = 86_400_000;

/** YYYY-MM-DD of an epoch ms, in UTC. */
function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** One look at the platform for a submission's reference (no polling). */
export async function checkSubmission(
  lookup: SubmissionDeps['lookup'],
  expected: ExpectedTransfer,
  policy: Pick<SubmissionPolicy, 'clockSkewMs' | 'listCap'>,
  signal: AbortSignal | undefined,
): Promise<SubmissionCheck> {
  const others = new Map<string, FoundTransfer>();
  const look = async (filters: LookupFilters): Promise<SubmissionCheck | 'full' | 'done'> => {
    const items = await lookup(filters, signal);
    for (const item of items) {
      if (!sameReference(item.paymentReference, expected.paymentReference)) continue;
      if (isExpected(item, expected, policy.clockSkewMs)) {
        return {
          status: 'registered',
          transfer: {
            float: item.float,
            currency: item.currency,
            amount: item.requestedAmount,
            paymentReference: item.paymentReference,
          },
        };
      }
      others.set(JSON.stringify([item.float, item.currency, item.requestedAmount, item.createdAt]), item);
    }
    return items.length >= policy.listCap ? 'full' : 'done';
  };
  let result = await look({ paymentReference: expected.paymentReference });
  if (result === 'full') {
    // The answer may have been cut: ask again for this float and currency from (about) the start,
    // a day early so that the platform's time zone cannot push the submission out of the window.
    const since = expected.submittedAt;
    result = await look({
      paymentReference: expected.paymentReference,
      float: expected.float,
      currency: expected.currency,
      ...(since === undefined ? {} : { startDate: utcDay(since - policy.clockSkewMs - DAY_MS) }),
    });
    if (result === 'full') return { status: 'ambiguous' };
  }
  if (result !== 'done') return result;
  return others.size > 0
    ? { status: 'reference_taken', found: [...others.values()] }
    : { status: 'not_found' };
}

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
