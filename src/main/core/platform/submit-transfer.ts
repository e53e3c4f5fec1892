import { checkPaymentReference } from '../../../shared/domain/creditor-reference';
import {
  canonicalDecimal,
  compareDecimal,
  decimalPlaces,
  isDecimalString,
} from '../../../shared/domain/money';
import { TRANSFER_AMOUNT_MAX, TRANSFER_AMOUNT_MIN } from '../../../shared/domain/platform';
import { AppError, invalidInput, type FieldIssue } from '../../../shared/ipc/errors';

/**
 * A top-up is never sent twice. The client always sends its own payment reference; when the outcome
 * of a send is unclear (the connection dropped, a timeout, a 5xx, a garbled answer) it looks the
 * reference up on the platform and resends only if the platform has no such request.
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
}

export interface SubmissionDeps {
  /** POST float/request-payment-transfer, sent exactly once per call (never retried inside). */
  send: (submission: TransferSubmission & { paymentReference: string }) => Promise<RegisteredTransfer>;
  /** GET float/transfer-requests?payment_reference=… (a safe, retried read). */
  lookup: (paymentReference: string) => Promise<FoundTransfer[]>;
  newReference: () => string;
}

export interface SubmissionOutcome {
  transfer: RegisteredTransfer;
  /** How many times the request was sent (1 unless an unclear outcome was checked and found absent). */
  sends: number;
  /** True when the answer was lost and the request was found on the platform by its reference. */
  confirmedByLookup: boolean;
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

function sameRequest(found: FoundTransfer, submission: TransferSubmission): boolean {
  return (
    found.float === submission.float &&
    found.currency === submission.currency &&
    canonicalDecimal(found.requestedAmount) === canonicalDecimal(submission.amount)
  );
}

export async function submitTransfer(
  deps: SubmissionDeps,
  submission: TransferSubmission,
  maxSends = 3,
): Promise<SubmissionOutcome> {
  const issues = validateSubmission(submission);
  if (issues.length > 0) throw invalidInput('transfer request', issues);
  const request = { ...submission, paymentReference: submission.paymentReference ?? deps.newReference() };

  for (let sends = 1; ; sends++) {
    try {
      return { transfer: await deps.send(request), sends, confirmedByLookup: false };
    } catch (error) {
      if (isClearRefusal(error)) throw error;
      let found: FoundTransfer[];
      try {
        found = await deps.lookup(request.paymentReference);
      } catch (lookupError) {
        throw new AppError(
          'offline',
          `FloatDesk could not confirm whether the top-up with reference ${request.paymentReference} reached the platform. Do not send it again: FloatDesk checks this reference before any resend.`,
          {
            paymentReference: request.paymentReference,
            sendError: String(error),
            lookupError: String(lookupError),
          },
        );
      }
      const match = found.find((candidate) => candidate.paymentReference === request.paymentReference);
      if (match) {
        if (!sameRequest(match, request)) {
          throw new AppError(
            'platform_rejected',
            `The platform already holds a different request with reference ${request.paymentReference}. Use another reference.`,
            { paymentReference: request.paymentReference, found: match },
          );
        }
        return {
          transfer: {
            float: match.float,
            currency: match.currency,
            amount: match.requestedAmount,
            paymentReference: match.paymentReference,
          },
          sends,
          confirmedByLookup: true,
        };
      }
      if (sends >= maxSends) throw error;
    }
  }
}
