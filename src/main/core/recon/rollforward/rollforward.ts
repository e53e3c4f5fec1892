/**
 * Float roll-forward per float and per currency for a period. Pure and exact:
 * amounts are BigInt at the currency's scale (wider only for an over-precise value, kept exactly).
 *
 *   opening (snapshot) + approved top-ups − spend (derived) = closing (snapshot)
 *
 * Spend is never observed, only derived, so the identity holds by construction and its difference
 * is exactly 0; what the data cannot explain is carried by flags: a rise of the balance beyond the
 * approved top-ups (unexplained credit, with its interval), an approval with no matched bank payment
 * (only when the matched set is given), a missing opening or closing snapshot (never read as 0), an
 * over-precise amount.
 *
 * Periods are whole UTC days, boundaries inclusive: see period.ts. A top-up belongs to the period
 * when the sync that first saw it approved recorded a balance after the opening snapshot and up to
 * the closing one (see float-rollforward.ts). A float with no snapshot up to the period end and no
 * top-up in the period is left out: the ledger did not know it yet.
 */
import { formatPreferencesOf } from '../../../../shared/domain/formats';
import { DEFAULT_SETTINGS } from '../../settings/defaults';
import { currencyExponent } from '../../../../shared/domain/currency';
import type { Money } from '../../../../shared/domain/money';
import { scaleFor, toMoney, toScaled } from './amounts';
import { BOUND_TOLERANCE_DAYS, dayOfBound } from './bounds';
import type { EnteredAtBounds } from './balance-window';
import { rollForwardFloat } from './float-rollforward';
import { DAY_MS, periodBounds } from './period';
import type {
  ApprovalInput,
  CurrencyRollForward,
  FloatRollForward,
  RollForwardFlag,
  RollForwardInput,
  RollForwardReport,
  SnapshotInput,
} from './types';

export type * from './types';
export { periodBounds } from './period';
export { BOUND_TOLERANCE_DAYS } from './bounds';

const keyOf = (currency: string, name: string): string => `${currency} ${name}`;

const byName = (a: string, b: string): number =>
  a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true }) || (a < b ? -1 : a > b ? 1 : 0);

function currencyTotals(currency: string, floats: readonly FloatRollForward[]): CurrencyRollForward {
  const included = floats.filter((float) => float.complete);
  const excluded = floats
    .filter((float) => !float.complete)
    .map((float) => ({
      float: float.float,
      missing: [
        ...(float.opening === null ? ['opening' as const] : []),
        ...(float.closing === null ? ['closing' as const] : []),
      ],
    }));
  const base = { currency, floats: included.map((float) => float.float), excluded };
  if (included.length === 0) return { ...base, totals: null };
  const exponent = currencyExponent(currency) ?? 0;
  const amounts = (float: FloatRollForward): Money[] => [
    float.opening?.available as Money,
    float.closing?.available as Money,
    float.topUpTotal,
    float.unexplainedCredit,
  ];
  const scale = scaleFor(
    exponent,
    included.flatMap(amounts).map((money) => money.amount),
  );
  const sum = (pick: (float: FloatRollForward) => Money): bigint =>
    included.reduce((total, float) => total + toScaled(pick(float).amount, scale), 0n);
  const out = (value: bigint): Money => toMoney(value, scale, currency, exponent);
  const opening = sum((float) => float.opening?.available as Money);
  const closing = sum((float) => float.closing?.available as Money);
  const topUps = sum((float) => float.topUpTotal);
  const spend = opening + topUps - closing;
  return {
    ...base,
    totals: {
      opening: out(opening),
      topUps: out(topUps),
      spend: { amount: out(spend), derived: true, formula: 'opening + approved top-ups − closing' },
      closing: out(closing),
      difference: out(opening + topUps - spend - closing),
      unexplainedCredit: out(sum((float) => float.unexplainedCredit)),
    },
  };
}

/** A new workspace's format, for callers that give none (tests, benchmarks). */
const DEFAULT_FORMAT = formatPreferencesOf(DEFAULT_SETTINGS);

export function rollForward(input: RollForwardInput): RollForwardReport {
  const bounds = periodBounds(input.period);
  const floats = new Map<
    string,
    {
      currency: string;
      name: string;
      snapshots: SnapshotInput[];
      approvals: ApprovalInput[];
      entered: EnteredAtBounds;
    }
  >();
  const entry = (currency: string, name: string) => {
    const key = keyOf(currency, name);
    let found = floats.get(key);
    if (found === undefined) {
      found = { currency, name, snapshots: [], approvals: [], entered: {} };
      floats.set(key, found);
    }
    return found;
  };
  for (const float of input.floats) entry(float.currency, float.name).snapshots.push(...float.snapshots);
  for (const approval of input.approvals) entry(approval.currency, approval.float).approvals.push(approval);
  const [startDay, endDay] = [dayOfBound(bounds.startMs), dayOfBound(bounds.endMs)];
  for (const balance of input.entered ?? []) {
    const side = balance.asOf === startDay ? 'start' : balance.asOf === endDay ? 'end' : undefined;
    if (side !== undefined) entry(balance.currency, balance.float).entered[side] = balance;
  }

  const results: FloatRollForward[] = [];
  const flags: RollForwardFlag[] = [];
  const ordered = [...floats.values()].sort((a, b) =>
    a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : byName(a.name, b.name),
  );
  for (const float of ordered) {
    // Each time read once (not once per comparison: a float can hold 100,000 approvals).
    const approvals = float.approvals
      .map((approval) => ({ approval, at: Date.parse(approval.observedAt) }))
      .sort(
        (a, b) =>
          a.at - b.at ||
          (a.approval.paymentReference < b.approval.paymentReference
            ? -1
            : a.approval.paymentReference > b.approval.paymentReference
              ? 1
              : 0) ||
          a.approval.requestId - b.approval.requestId,
      )
      .map(({ approval }) => approval);
    const outcome = rollForwardFloat(
      { currency: float.currency, float: float.name },
      float.snapshots,
      approvals,
      bounds,
      input.matchedRequestReferences,
      input.format ?? DEFAULT_FORMAT,
      { ...float.entered, toleranceMs: (input.boundToleranceDays ?? BOUND_TOLERANCE_DAYS) * DAY_MS },
    );
    if (outcome === null) continue;
    results.push(outcome.result);
    flags.push(...outcome.flags);
  }

  const currencies = [...new Set(results.map((float) => float.currency))].map((currency) =>
    currencyTotals(
      currency,
      results.filter((float) => float.currency === currency),
    ),
  );
  return {
    period: {
      from: input.period.from,
      to: input.period.to,
      dayRule: 'utc',
      startsAt: bounds.startsAt,
      endsAt: bounds.endsAt,
    },
    bankPayments: input.matchedRequestReferences === undefined ? 'not_checked' : 'checked',
    boundToleranceDays: input.boundToleranceDays ?? BOUND_TOLERANCE_DAYS,
    floats: results,
    currencies,
    flags,
  };
}
