/**
 * A match by hand is checked against the same thresholds the engine uses (match/options.ts): the
 * amount must lie within the tolerance (the smaller of absolute and percent) of the requested or
 * the approved amount, and each booking within the date window of each request. A breach is
 * matched anyway, with a warning that says what is outside and by how much, its amounts and dates
 * in the workspace's format. Exact: BigInt at a scale that holds every amount and the tolerance.
 */
import { dateText, moneyText, type FormatPreferences } from '../../../shared/domain/formats';
import { dayNumber, exponentOf, fromScaled, significantDecimals, toScaled } from './match/amounts';
import { resolveOptions, resolveTolerance, toleranceDecimals, toleranceFor } from './match/options';
import type { MatchOptions } from './match/types';
import type { MatchTotals } from './explain';
import { lineName } from './match-details';
import type { ReconLine, ReconRequest } from './world';

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const abs = (value: bigint): bigint => (value < 0n ? -value : value);

function amountWarning(totals: MatchTotals, options: MatchOptions, format: FormatPreferences): string | null {
  const { currency } = totals;
  const spec = resolveOptions(options).toleranceSpec(currency);
  const amounts = [totals.paid, totals.requested, ...(totals.approved ? [totals.approved] : [])].map(
    (m) => m.amount,
  );
  const scale = Math.max(exponentOf(currency), toleranceDecimals(spec), ...amounts.map(significantDecimals));
  const paid = toScaled(totals.paid.amount, scale);
  const requestedGap = abs(paid - toScaled(totals.requested.amount, scale));
  const approvedGap = totals.approved === null ? null : abs(paid - toScaled(totals.approved.amount, scale));
  const gap = approvedGap !== null && approvedGap < requestedGap ? approvedGap : requestedGap;
  const tolerance = toleranceFor(resolveTolerance(spec, scale), abs(paid));
  if (gap <= tolerance) return null;
  const money = (amount: string): string => moneyText(amount, currency, format);
  const text = (value: bigint): string => money(fromScaled(value, scale, exponentOf(currency)));
  const against =
    approvedGap !== null && approvedGap < requestedGap
      ? `approved ${money(totals.approved!.amount)}`
      : `requested ${money(totals.requested.amount)}`;
  return `The amount paid (${money(totals.paid.amount)}) differs from the amount ${against} by ${text(gap)}, more than the tolerance of ${text(tolerance)}.`;
}

function dateWarnings(
  lines: readonly ReconLine[],
  requests: readonly ReconRequest[],
  options: MatchOptions,
  format: FormatPreferences,
): string[] {
  const { daysBefore, daysAfter } = resolveOptions(options);
  const warnings: string[] = [];
  for (const line of lines) {
    for (const request of requests) {
      const apart = dayNumber(line.bookingDate) - dayNumber(request.createdAt);
      if (apart >= -daysBefore && apart <= daysAfter) continue;
      const days = Math.abs(apart) === 1 ? '1 day' : `${Math.abs(apart)} days`;
      warnings.push(
        `${capitalised(lineName(line, format))} was booked on ${dateText(line.bookingDate, format)}, ${days} ${apart < 0 ? 'before' : 'after'} request ${request.key} of ${dateText(request.createdAt.slice(0, 10), format)}: outside the window of ${daysBefore} day(s) before to ${daysAfter} day(s) after.`,
      );
    }
  }
  return warnings;
}

/** Every breach of the tolerance or the date window, in words; empty when the match is within both. */
export function manualMatchWarnings(
  totals: MatchTotals,
  lines: readonly ReconLine[],
  requests: readonly ReconRequest[],
  options: MatchOptions,
  format: FormatPreferences,
): string[] {
  const amount = amountWarning(totals, options, format);
  return [...(amount === null ? [] : [amount]), ...dateWarnings(lines, requests, options, format)];
}
