/**
 * The auto-match policy applied to a run's proposed matches, with the ledger's amounts and dates
 * (the pure rules: auto-match-policy.ts).
 */
import type { FormatPreferences } from '../../../../shared/domain/formats';
import type { ItemRows } from '../../ledger/repositories/recon-decisions';
import { sumAmounts } from '../explain';
import type { MatchRule } from '../match/types';
import type { ReconWorld } from '../world';
import {
  autoMatchVerdict,
  beforeStart,
  type AutoMatchPolicy,
  type MatchAmounts,
  type Verdict,
} from './auto-match-policy';

/** Paid and expected (approved, else requested) totals of the rows; currency null when mixed. */
export function matchAmounts(world: ReconWorld, rows: ItemRows): MatchAmounts {
  const lines = rows.lines.map((row) => world.lineByRow.get(row)!);
  const requests = rows.requests.map((row) => world.requestByRow.get(row)!);
  const currency = lines[0]!.currency;
  const expected = requests.map((request) => request.approved ?? request.requested);
  const mixed =
    lines.some((line) => line.currency !== currency) || expected.some((value) => value.currency !== currency);
  if (mixed) return { currency: null, paid: '0', expected: '0', allApproved: false };
  const [paid, owed] = sumAmounts(currency, [
    lines.map((line) => line.amount),
    expected.map((value) => value.amount),
  ]);
  return {
    currency,
    paid: paid!.amount.startsWith('-') ? paid!.amount.slice(1) : `-${paid!.amount}`,
    expected: owed!.amount,
    allApproved: requests.every((request) => request.approved !== null),
  };
}

/** How many of the rows' items are dated before the start: none, some or all. */
export function scopeOf(world: ReconWorld, rows: ItemRows, policy: AutoMatchPolicy): 'in' | 'some' | 'out' {
  if (policy.startDate === null) return 'in';
  const dates = [
    ...rows.lines.map((row) => world.lineByRow.get(row)!.bookingDate),
    ...rows.requests.map((row) => world.requestByRow.get(row)!.createdAt),
  ];
  const before = dates.filter((date) => beforeStart(date, policy)).length;
  return before === 0 ? 'in' : before === dates.length ? 'out' : 'some';
}

export function judgePlanned(
  world: ReconWorld,
  rule: MatchRule,
  rows: ItemRows,
  policy: AutoMatchPolicy,
  format: FormatPreferences,
): Verdict {
  const outOfScope = scopeOf(world, rows, policy) !== 'in';
  return autoMatchVerdict(rule, matchAmounts(world, rows), policy, format, outOfScope);
}
