/**
 * One float's roll-forward over a period (pure). The snapshots from the opening one to the closing
 * one form intervals; each approval is placed in the interval whose closing snapshot first holds it
 * (the runway's rule: the sync that saw it approved also recorded that balance), then:
 *
 *   spend (derived) = opening + approved top-ups − closing
 *
 * and every interval whose balance rose by more than its top-ups is flagged as an unexplained credit.
 */
import type { FormatPreferences } from '../../../../shared/domain/formats';
import { currencyExponent } from '../../../../shared/domain/currency';
import type { Money } from '../../../../shared/domain/money';
import { scaleFor, toMoney, toScaled } from './amounts';
import { placeApprovals } from './approval-placement';
import { instant, windowOf, type EnteredAtBounds, type Timed } from './balance-window';
import * as flag from './flags';
import { BOUND_TOLERANCE_MS, type BoundBasis } from './bounds';
import { DAY_MS, type PeriodBounds } from './period';
import type {
  ApprovalInput,
  BalanceAt,
  FloatRollForward,
  RollForwardFlag,
  RollForwardTopUp,
  SnapshotInput,
  SnapshotRef,
} from './types';

export interface FloatOutcome {
  result: FloatRollForward;
  flags: RollForwardFlag[];
}

/** Decimals the value needs ("10.500" → 1). */
function neededDecimals(amount: string): number {
  const point = amount.indexOf('.');
  return point === -1 ? 0 : amount.slice(point + 1).replace(/0+$/, '').length;
}

const ref = (snapshot: SnapshotInput): SnapshotRef => ({
  snapshotId: snapshot.snapshotId,
  recordedAt: snapshot.recordedAt,
  platformRefreshedAt: snapshot.platformRefreshedAt,
});

export function rollForwardFloat(
  where: { currency: string; float: string },
  snapshots: readonly SnapshotInput[],
  approvals: readonly ApprovalInput[],
  bounds: PeriodBounds,
  matched: ReadonlySet<string> | undefined,
  format: FormatPreferences,
  entered: EnteredAtBounds = {},
): FloatOutcome | null {
  const { currency } = where;
  const words = { where, format };
  const known = currencyExponent(currency);
  const exponent = known ?? 0;
  const { window, opening, closing } = windowOf(snapshots, bounds, entered);
  const hasOpening = opening !== undefined;
  const toleranceDays = (entered.toleranceMs ?? BOUND_TOLERANCE_MS) / DAY_MS;
  const sameCurrency = approvals.filter((approval) => approval.amount.currency === currency);
  const foreign = approvals.filter((approval) => {
    if (approval.amount.currency === currency) return false;
    const atMs = instant(approval.observedAt, `Approval of ${approval.paymentReference}`);
    return atMs > bounds.startMs && atMs <= bounds.endMs;
  });
  const { counted, late } = placeApprovals(window, hasOpening, sameCurrency, bounds);
  if (window.length === 0 && counted.length === 0 && late.size === 0 && foreign.length === 0) return null;

  const lateApprovals = [...late.values()].flat();
  const scale = scaleFor(exponent, [
    ...window.map((snapshot) => snapshot.available),
    ...[...counted.map((entry) => entry.approval), ...lateApprovals].map(
      (approval) => approval.amount.amount,
    ),
  ]);
  const scaled = (amount: string): bigint => toScaled(amount, scale);
  const out = (value: bigint): Money => toMoney(value, scale, currency, exponent);

  const flags: RollForwardFlag[] = [];
  if (!opening) flags.push(flag.noOpening(words, bounds.startsAt, toleranceDays));
  if (!closing) flags.push(flag.noClosing(words, bounds.endsAt, toleranceDays));
  if (opening && closing && window.length === 1) flags.push(flag.noSnapshotInPeriod(words, ref(opening)));
  if (known === undefined) flags.push(flag.unknownCurrency(words));
  else {
    for (const snapshot of window)
      if (neededDecimals(snapshot.available) > known)
        flags.push(
          flag.overPrecise(words, { snapshot: ref(snapshot) }, out(scaled(snapshot.available)), known),
        );
    for (const { approval } of counted)
      if (neededDecimals(approval.amount.amount) > known)
        flags.push(
          flag.overPrecise(
            words,
            { requestId: approval.requestId, paymentReference: approval.paymentReference },
            out(scaled(approval.amount.amount)),
            known,
          ),
        );
  }

  const credited = window.map(() => 0n);
  let topUpTotal = 0n;
  for (const { approval, index } of counted) {
    const amount = scaled(approval.amount.amount);
    topUpTotal += amount;
    if (index !== null) credited[index] = (credited[index] ?? 0n) + amount;
  }
  let unexplained = 0n;
  for (let index = 1; index < window.length; index++) {
    const before = window[index - 1] as Timed;
    const after = window[index] as Timed;
    const rise = scaled(after.available) - scaled(before.available);
    const explained = credited[index] ?? 0n;
    if (rise - explained > 0n) {
      unexplained += rise - explained;
      flags.push(
        flag.unexplainedCredit(words, ref(before), ref(after), {
          amount: out(rise - explained),
          rise: out(rise),
          topUps: out(explained),
        }),
      );
    }
  }
  for (const [index, list] of late) {
    const seenAt =
      index === null ? (list[0] as ApprovalInput).observedAt : (window[index] as Timed).recordedAt;
    const total = list.reduce((sum, approval) => sum + scaled(approval.amount.amount), 0n);
    flags.push(
      flag.notCounted(
        words,
        seenAt,
        list.map((approval) => approval.paymentReference),
        out(total),
      ),
    );
  }

  const topUps: RollForwardTopUp[] = counted.map(({ approval, index }) => {
    const amount = out(scaled(approval.amount.amount));
    const bankPayment =
      matched === undefined
        ? 'not_checked'
        : matched.has(approval.paymentReference)
          ? 'matched'
          : 'not_found';
    if (bankPayment === 'not_found') flags.push(flag.withoutBankPayment(words, approval, amount));
    return {
      requestId: approval.requestId,
      paymentReference: approval.paymentReference,
      status: approval.status,
      amount,
      amountSource: approval.amountSource,
      approvedSeenAt: approval.observedAt,
      syncRunId: approval.syncRunId,
      creditedBy: index === null ? null : ref(window[index] as Timed),
      bankPayment,
    };
  });
  for (const approval of foreign) flags.push(flag.otherCurrency(words, approval));

  const complete = opening !== undefined && closing !== undefined;
  let spend: FloatRollForward['spend'] = null;
  let difference: Money | null = null;
  if (complete) {
    const [open, close] = [scaled(opening.available), scaled(closing.available)];
    const derived = open + topUpTotal - close;
    spend = { amount: out(derived), derived: true, formula: 'opening + approved top-ups − closing' };
    difference = out(open + topUpTotal - derived - close);
  }
  const balance = (point: Timed | undefined): BalanceAt | null =>
    point === undefined
      ? null
      : {
          snapshot: point.basis?.kind === 'entered' ? null : ref(point),
          basis: point.basis as BoundBasis,
          available: out(scaled(point.available)),
        };
  return {
    flags,
    result: {
      currency,
      float: where.float,
      opening: balance(opening),
      closing: balance(closing),
      snapshotsInPeriod: window.length - (hasOpening ? 1 : 0),
      topUps,
      topUpTotal: out(topUpTotal),
      spend,
      difference,
      unexplainedCredit: out(unexplained),
      complete,
    },
  };
}
