import type { Money } from '@shared/domain/money';
import type { TransferFormIssue } from '@shared/domain/transfer-form';
import type { ErrorShape } from '@shared/ipc/errors';

/** What became of a New transfer request submission, read from the core's answer or error. */

/** The earlier request the core found for the same float, currency and amount within 7 days. */
export interface PossibleDuplicate {
  paymentReference: string;
  at: string;
  amount: string;
  currency: string;
  float: string;
}

export type SubmitOutcome =
  | {
      kind: 'registered';
      paymentReference: string;
      transferId: number | null;
      message: string;
      /** What was requested: the after-send instructions quote it. */
      amount: Money;
    }
  /** Not sent: it looks like an earlier request; the person may send it anyway. */
  | { kind: 'duplicate'; earlier: PossibleDuplicate; message: string }
  | { kind: 'unknown'; paymentReference: string; message: string }
  /** Not sent: no network; the form was kept as a draft (its id, when the core said). */
  | { kind: 'offline'; draftId: number | null; message: string }
  | { kind: 'failed'; error: ErrorShape };

export function duplicateOf(error: ErrorShape): PossibleDuplicate | null {
  const found = error.details?.possibleDuplicate as Partial<PossibleDuplicate> | undefined;
  const text = (value: unknown): value is string => typeof value === 'string';
  if (!found || ![found.paymentReference, found.at, found.amount, found.currency, found.float].every(text))
    return null;
  return found as PossibleDuplicate;
}

export function issuesFrom(error: ErrorShape): TransferFormIssue[] {
  const issues = error.details?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (issue): issue is TransferFormIssue =>
      typeof issue === 'object' &&
      issue !== null &&
      typeof issue.field === 'string' &&
      typeof issue.problem === 'string',
  );
}
