/**
 * recon:rollforward — the float roll-forward of a period (rollforward/) with the bank payments
 * checked: a request counts as paid when a match in force covers it.
 */
import { addMoney, money, type Money } from '../../../shared/domain/money';
import type { ChannelOutput } from '../../../shared/ipc/contract';
import {
  rollForward,
  type BalanceAt,
  type RollForwardFlag,
  type RollForwardReport,
} from './rollforward/rollforward';
import { RollForwardRepository } from '../ledger/repositories/rollforward';
import type { ReconContext } from './context';
import type { DecisionState } from './decision-state';
import type { ReconWorld } from './world';

type RollForwardOutput = ChannelOutput<'recon:rollforward'>;

/** Payment references of the requests a match in force covers. */
export function matchedReferences(world: ReconWorld, state: DecisionState): Set<string> {
  const references = new Set<string>();
  for (const { payload } of state.matches) {
    for (const row of payload.requests) {
      const request = world.requestByRow.get(row);
      if (request !== undefined) references.add(request.paymentReference);
    }
  }
  return references;
}

export function rollForwardReport(
  context: ReconContext,
  period: { from: string; to: string },
  matched: ReadonlySet<string>,
): RollForwardReport {
  const data = new RollForwardRepository(context.db).load(context.workspaceId, period);
  return rollForward({ period, ...data, matchedRequestReferences: matched, format: context.format() });
}

function flagTime(flag: RollForwardFlag): string | null {
  switch (flag.kind) {
    case 'no_opening_snapshot':
      return flag.periodStartsAt;
    case 'no_closing_snapshot':
      return flag.periodEndsAt;
    case 'no_snapshot_in_period':
      return flag.snapshot.recordedAt;
    case 'unexplained_credit':
      return flag.to.recordedAt;
    case 'approval_without_bank_payment':
      return flag.approvedSeenAt;
    case 'over_precise_amount':
      return 'snapshot' in flag.source ? flag.source.snapshot.recordedAt : null;
    case 'approval_not_counted':
      return flag.seenAt;
    case 'approval_in_other_currency':
    case 'unknown_currency':
      return null;
  }
}

type FlagOutput = RollForwardOutput['flags'][number];

/** A flag with its values: the screen words it and formats its amounts and dates. */
function flagOutput(flag: RollForwardFlag): FlagOutput {
  const base = {
    message: flag.message,
    float: flag.float || null,
    currency: flag.currency,
    at: flagTime(flag),
  };
  switch (flag.kind) {
    case 'no_opening_snapshot':
      return { ...base, kind: flag.kind, bound: flag.periodStartsAt, toleranceDays: flag.toleranceDays };
    case 'no_closing_snapshot':
      return { ...base, kind: flag.kind, bound: flag.periodEndsAt, toleranceDays: flag.toleranceDays };
    case 'no_snapshot_in_period':
      return { ...base, kind: flag.kind, recordedAt: flag.snapshot.recordedAt };
    case 'unexplained_credit':
      return {
        ...base,
        kind: flag.kind,
        from: flag.from.recordedAt,
        to: flag.to.recordedAt,
        amount: flag.amount,
        rise: flag.rise,
        topUps: flag.topUps,
      };
    case 'approval_without_bank_payment':
      return {
        ...base,
        kind: flag.kind,
        paymentReference: flag.paymentReference,
        amount: flag.amount,
        approvedSeenAt: flag.approvedSeenAt,
      };
    case 'over_precise_amount':
      return {
        ...base,
        kind: flag.kind,
        recordedAt: 'snapshot' in flag.source ? flag.source.snapshot.recordedAt : null,
        paymentReference: 'snapshot' in flag.source ? null : flag.source.paymentReference,
        amount: flag.amount,
        allowedDecimals: flag.allowedDecimals,
      };
    case 'approval_not_counted':
      return {
        ...base,
        kind: flag.kind,
        seenAt: flag.seenAt,
        paymentReferences: flag.paymentReferences,
        total: flag.total,
      };
    case 'approval_in_other_currency':
      return { ...base, kind: flag.kind, paymentReference: flag.paymentReference, amount: flag.amount };
    case 'unknown_currency':
      return { ...base, kind: flag.kind };
  }
}

const atBound = (balance: BalanceAt | null) =>
  balance === null ? null : { amount: balance.available, basis: balance.basis };

export function rollForwardOutput(report: RollForwardReport): RollForwardOutput {
  return {
    toleranceDays: report.boundToleranceDays,
    currencies: report.currencies.map(({ currency, totals }) => {
      const topUps =
        totals?.topUps ??
        report.floats
          .filter((float) => float.currency === currency)
          .reduce((sum: Money, float) => addMoney(sum, float.topUpTotal), money('0', currency));
      return {
        currency,
        opening: totals?.opening ?? null,
        topUps,
        spend: totals?.spend.amount ?? null,
        closing: totals?.closing ?? null,
        difference: totals?.difference ?? null,
      };
    }),
    floats: report.floats.map((float) => ({
      currency: float.currency,
      float: float.float,
      opening: atBound(float.opening),
      closing: atBound(float.closing),
      topUps: float.topUpTotal,
      spend: float.spend?.amount ?? null,
    })),
    flags: report.flags.map(flagOutput),
  };
}
