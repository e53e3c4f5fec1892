/**
 * recon:rollforward — the float roll-forward of a period (rollforward/) with the bank payments
 * checked: a request counts as paid when a match in force covers it.
 */
import { addMoney, money, type Money } from '../../../shared/domain/money';
import type { ChannelOutput } from '../../../shared/ipc/contract';
import { rollForward, type RollForwardFlag, type RollForwardReport } from './rollforward/rollforward';
import { RollForwardRepository } from './rollforward/rollforward-data';
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
  return rollForward({ period, ...data, matchedRequestReferences: matched });
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

export function rollForwardOutput(report: RollForwardReport): RollForwardOutput {
  return {
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
    flags: report.flags.map((flag) => ({
      kind: flag.kind,
      message: flag.message,
      float: flag.float || null,
      at: flagTime(flag),
    })),
  };
}
