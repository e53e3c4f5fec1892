/**
 * A period's facts read from its reconciliation report (a sign-off's frozen report, or the report
 * as of the date for a draft): the matches whose payment was booked in the period, once each, and
 * the items resolved in it. Pure: the same items in any order give the same facts.
 */
import type { ReconItem, ReconLineDetail } from '../../../shared/ipc/contract-reconcile';
import type { MatchedTopUp, ResolvedItem } from './types';

export interface Period {
  from: string;
  to: string;
}

const within = (date: string, period: Period): boolean => date >= period.from && date <= period.to;

const CLOSED_STATUSES = new Set(['removed', 'cancelled']);

/** The top-ups a match in the report pays, dated by the last bank line of the match. */
export function topUpsOf(items: readonly ReconItem[], period: Period): MatchedTopUp[] {
  const seen = new Set<string>();
  const topUps: MatchedTopUp[] = [];
  for (const { match } of items) {
    if (match === null || match.lines === undefined || match.requests === undefined) continue;
    const key = `${[...match.lineIds].sort().join(' ')}\u0000${[...match.requestReferences].sort().join(' ')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const paidOn = match.lines.reduce(
      (last, line) => (line.bookingDate > last ? line.bookingDate : last),
      '',
    );
    if (!within(paidOn, period)) continue;
    topUps.push({
      currency: match.lines[0]!.amount.currency,
      requests: match.requests.map((request) => ({
        paymentReference: request.reference,
        float: request.float,
        approved: request.approved?.amount ?? null,
      })),
      lines: match.lines.map((line) => ({
        bankTransactionId: line.bankId ?? '',
        bookingDate: line.bookingDate,
        amount: line.amount.amount,
      })),
      closed: match.requests.some((request) => CLOSED_STATUSES.has(request.status)),
    });
  }
  return topUps;
}

/** A bank line as the books name it: the bank's id, else its reference, else its date and amount. */
export function lineName(line: ReconLineDetail): string {
  return (
    line.bankId ??
    line.reference ??
    `of ${line.bookingDate} for ${line.amount.amount} ${line.amount.currency}`
  );
}

/** Items a person resolved without a match, dated in the period. */
export function resolutionsOf(items: readonly ReconItem[], period: Period): ResolvedItem[] {
  const seen = new Set<string>();
  const resolved: ResolvedItem[] = [];
  for (const item of items) {
    if (item.resolution === null || !within(item.date, period)) continue;
    const key = `${item.kind}\u0000${item.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    resolved.push({
      kind: item.kind,
      id: item.kind === 'line' && item.line !== undefined ? lineName(item.line) : item.id,
      reasonCode: item.resolution.reasonCode,
      note: item.resolution.note,
      currency: item.amount.currency,
      float: item.kind === 'request' ? (item.request?.float ?? item.label) : null,
      amount: item.amount.amount,
    });
  }
  return resolved;
}

/** Payment references of the requests a match in the report covers (the roll-forward's "paid"). */
export function matchedReferencesOf(items: readonly ReconItem[]): Set<string> {
  return new Set(
    items.filter((item) => item.kind === 'request' && item.match !== null).map((item) => item.id),
  );
}
