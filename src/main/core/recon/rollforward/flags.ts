/**
 * The anomalies of a float's roll-forward, each with a one-line message for a person (the report,
 * the command line), its amounts and dates in the workspace's format. The screen words its own from
 * the values (renderer rollforward-words.ts).
 */
import { dateText, moneyText, type FormatPreferences } from '../../../../shared/domain/formats';
import type { Money } from '../../../../shared/domain/money';
import { BOUND_TOLERANCE_DAYS } from './bounds';
import type { ApprovalInput, RollForwardFlag, SnapshotRef } from './types';

/** Which float, and how its messages write money and dates. */
type Where = { currency: string; float: string };
type Words = { where: Where; format: FormatPreferences };

/** "1 Nov 2026" (or 2026-11-01) of a bound instant: the calendar day of the bound as written. */
const day = (instant: string, format: FormatPreferences): string => dateText(instant.slice(0, 10), format);
const show = (money: Money, format: FormatPreferences): string =>
  moneyText(money.amount, money.currency, format);

const named = (where: Where): string => `${where.currency} float "${where.float}"`;

export function noOpening(
  { where, format }: Words,
  periodStartsAt: string,
  toleranceDays: number = BOUND_TOLERANCE_DAYS,
): RollForwardFlag {
  return {
    ...where,
    kind: 'no_opening_snapshot',
    periodStartsAt,
    toleranceDays,
    message: `${named(where)} has no balance recorded within ${toleranceDays} days of the period start (${day(periodStartsAt, format)}): the opening balance is unknown (not 0), so the float is left out of the total. Enter the opening balance from the platform's statement.`,
  };
}

export function noClosing(
  { where, format }: Words,
  periodEndsAt: string,
  toleranceDays: number = BOUND_TOLERANCE_DAYS,
): RollForwardFlag {
  return {
    ...where,
    kind: 'no_closing_snapshot',
    periodEndsAt,
    toleranceDays,
    message: `${named(where)} has no balance recorded within ${toleranceDays} days of the period end (${day(periodEndsAt, format)}): the closing balance is unknown (not 0), so the float is left out of the total. Enter the balance at the start of ${day(periodEndsAt, format)} from the platform's statement.`,
  };
}

export function noSnapshotInPeriod({ where, format }: Words, snapshot: SnapshotRef): RollForwardFlag {
  return {
    ...where,
    kind: 'no_snapshot_in_period',
    snapshot,
    message: `${named(where)} has no balance recorded in the period: opening and closing are the same balance (recorded ${day(snapshot.recordedAt, format)}); sync the floats to see the period's movement.`,
  };
}

export function unexplainedCredit(
  { where, format }: Words,
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
    message: `${named(where)}: the available balance rose by ${show(amounts.rise, format)} between ${day(from.recordedAt, format)} and ${day(to.recordedAt, format)}, approved top-ups explain ${show(amounts.topUps, format)}; ${show(amounts.amount, format)} came in unexplained.`,
  };
}

export function withoutBankPayment(
  { where, format }: Words,
  approval: ApprovalInput,
  amount: Money,
): RollForwardFlag {
  return {
    ...where,
    kind: 'approval_without_bank_payment',
    requestId: approval.requestId,
    paymentReference: approval.paymentReference,
    amount,
    approvedSeenAt: approval.observedAt,
    message: `${named(where)}: top-up ${approval.paymentReference} (${show(amount, format)}) was approved, but no bank payment is matched to it.`,
  };
}

export function overPrecise(
  { where, format }: Words,
  source: { snapshot: SnapshotRef } | { requestId: number; paymentReference: string },
  amount: Money,
  allowedDecimals: number,
): RollForwardFlag {
  const what =
    'snapshot' in source
      ? `the balance recorded on ${day(source.snapshot.recordedAt, format)}`
      : `top-up ${source.paymentReference}`;
  return {
    ...where,
    kind: 'over_precise_amount',
    source,
    amount,
    allowedDecimals,
    message: `${named(where)}: ${what} is ${show(amount, format)}, more decimals than the ${allowedDecimals} ${where.currency} has; it is kept exactly, not rounded.`,
  };
}

export function notCounted(
  { where, format }: Words,
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
    message: `${named(where)}: ${count} ${count === 1 ? 'request' : 'requests'} (${show(total, format)}) first seen already approved on ${day(seenAt, format)}, created before the interval began, so when they were approved is unknown; not counted as top-ups (a rise they caused shows as an unexplained credit).`,
  };
}

export function otherCurrency({ where, format }: Words, approval: ApprovalInput): RollForwardFlag {
  return {
    ...where,
    kind: 'approval_in_other_currency',
    requestId: approval.requestId,
    paymentReference: approval.paymentReference,
    amount: approval.amount,
    message: `${named(where)}: top-up ${approval.paymentReference} was approved as ${show(approval.amount, format)}, not in ${where.currency}; not counted as a top-up of this float.`,
  };
}

export function unknownCurrency({ where }: Words): RollForwardFlag {
  return {
    ...where,
    kind: 'unknown_currency',
    message: `${named(where)}: ${where.currency} is not a known ISO 4217 currency, so its decimals are unknown; amounts are shown exactly as recorded.`,
  };
}
