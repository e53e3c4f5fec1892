/** The anomalies of a float's roll-forward, each with a one-line message for a person. */
import type { Money } from '../../../../shared/domain/money';
import { show } from './amounts';
import { BOUND_TOLERANCE_DAYS } from './bounds';
import type { ApprovalInput, RollForwardFlag, SnapshotRef } from './types';

type Where = { currency: string; float: string };

/**
 * "2026-11-01" of an instant, for the plain-text message (the CLI and the exported file print it; the
 * screen says each flag in words of its own, through the chosen formats; the file keeps the exact
 * instant in a column of its own).
 */
const day = (instant: string): string => instant.slice(0, 10);

const named = (where: Where): string => `${where.currency} float "${where.float}"`;

export function noOpening(
  where: Where,
  periodStartsAt: string,
  toleranceDays: number = BOUND_TOLERANCE_DAYS,
): RollForwardFlag {
  return {
    ...where,
    kind: 'no_opening_snapshot',
    periodStartsAt,
    toleranceDays,
    message: `${named(where)} has no balance recorded within ${toleranceDays} days of the period start (${day(periodStartsAt)}): the opening balance is unknown (not 0), so the float is left out of the total. Enter the opening balance from the platform's statement.`,
  };
}

export function noClosing(
  where: Where,
  periodEndsAt: string,
  toleranceDays: number = BOUND_TOLERANCE_DAYS,
): RollForwardFlag {
  return {
    ...where,
    kind: 'no_closing_snapshot',
    periodEndsAt,
    toleranceDays,
    message: `${named(where)} has no balance recorded within ${toleranceDays} days of the period end (${day(periodEndsAt)}): the closing balance is unknown (not 0), so the float is left out of the total. Enter the balance at the start of ${day(periodEndsAt)} from the platform's statement.`,
  };
}

export function noSnapshotInPeriod(where: Where, snapshot: SnapshotRef): RollForwardFlag {
  return {
    ...where,
    kind: 'no_snapshot_in_period',
    snapshot,
    message: `${named(where)} has no balance recorded in the period: opening and closing are the same balance (recorded ${day(snapshot.recordedAt)}); sync the floats to see the period's movement.`,
  };
}

export function unexplainedCredit(
  where: Where,
  from: SnapshotRef,
  to: SnapshotRef,
  amounts: { amount: Money; rise: Money; topUps: Money },
): RollForwardFlag {
  return {
    ...where,
    kind: 'unexplained_credit',
    from,
    to,
    ...amounts,
    message: `${named(where)}: the available balance rose by ${show(amounts.rise)} between ${day(from.recordedAt)} and ${day(to.recordedAt)}, approved top-ups explain ${show(amounts.topUps)}; ${show(amounts.amount)} came in unexplained.`,
  };
}

export function withoutBankPayment(where: Where, approval: ApprovalInput, amount: Money): RollForwardFlag {
  return {
    ...where,
    kind: 'approval_without_bank_payment',
    requestId: approval.requestId,
    paymentReference: approval.paymentReference,
    amount,
    approvedSeenAt: approval.observedAt,
    message: `${named(where)}: top-up ${approval.paymentReference} (${show(amount)}) was approved, but no bank payment is matched to it.`,
  };
}

export function overPrecise(
  where: Where,
  source: { snapshot: SnapshotRef } | { requestId: number; paymentReference: string },
  amount: Money,
  allowedDecimals: number,
): RollForwardFlag {
  const what =
    'snapshot' in source
      ? `the balance recorded on ${day(source.snapshot.recordedAt)}`
      : `top-up ${source.paymentReference}`;
  return {
    ...where,
    kind: 'over_precise_amount',
    source,
    amount,
    allowedDecimals,
    message: `${named(where)}: ${what} is ${show(amount)}, more decimals than the ${allowedDecimals} ${where.currency} has; it is kept exactly, not rounded.`,
  };
}

export function notCounted(
  where: Where,
  seenAt: string,
  paymentReferences: string[],
  total: Money,
): RollForwardFlag {
  const count = paymentReferences.length;
  return {
    ...where,
    kind: 'approval_not_counted',
    seenAt,
    paymentReferences,
    total,
    message: `${named(where)}: ${count} ${count === 1 ? 'request' : 'requests'} (${show(total)}) first seen already approved on ${day(seenAt)}, created before the interval began, so when they were approved is unknown; not counted as top-ups (a rise they caused shows as an unexplained credit).`,
  };
}

export function otherCurrency(where: Where, approval: ApprovalInput): RollForwardFlag {
  return {
    ...where,
    kind: 'approval_in_other_currency',
    requestId: approval.requestId,
    paymentReference: approval.paymentReference,
    amount: approval.amount,
    message: `${named(where)}: top-up ${approval.paymentReference} was approved as ${show(approval.amount)}, not in ${where.currency}; not counted as a top-up of this float.`,
  };
}

export function unknownCurrency(where: Where): RollForwardFlag {
  return {
    ...where,
    kind: 'unknown_currency',
    message: `${named(where)}: ${where.currency} is not a known ISO 4217 currency, so its decimals are unknown; amounts are shown exactly as recorded.`,
  };
}
