import { checkPaymentReference, compactReference } from '../../../shared/domain/creditor-reference';
import {
  canonicalDecimal,
  compareDecimal,
  decimalPlaces,
  isDecimalString,
} from '../../../shared/domain/money';
import { TRANSFER_AMOUNT_MAX, TRANSFER_AMOUNT_MIN } from '../../../shared/domain/platform';
import { AppError, type FieldIssue } from '../../../shared/ipc/errors';
import type {
  ExpectedTransfer,
  FoundTransfer,
  LookupFilters,
  SubmissionCheck,
  SubmissionDeps,
  SubmissionPolicy,
  TransferSubmission,
} from './submit-types';

/** Pure checks of a top-up submission, and the lookup that decides whether the platform holds it. */
export function isClearRefusal(error: unknown): boolean {
  if (!(error instanceof AppError)) return false;
  const { code } = error;
  if (code === 'invalid_input' || code === 'auth_failed' || code === 'clock_skew' || code === 'rate_limited')
    return true;
  if (error.code === 'platform_rejected') {
    const status = Number(error.details?.httpStatus ?? 0);
    return status >= 400 && status < 500;
  }
  return false;
}

export const REFERENCE_FIELD = /payment[\s_-]?reference/i;
export const TAKEN_WORDS = /taken|already|exist|used|unique|duplicate/i;

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

export const PLATFORM_TIME =
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

export const sameReference = (a: string, b: string) => compactReference(a) === compactReference(b);

export function isExpected(found: FoundTransfer, expected: ExpectedTransfer, clockSkewMs: number): boolean {
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

export const DAY_MS = 86_400_000;

/** YYYY-MM-DD of an epoch ms, in UTC. */
export function utcDay(ms: number): string {
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
