/**
 * A period's facts read from its reconciliation report (a sign-off's frozen report, or the report
 * as of the date for a draft): the matches whose payment was booked in the period, once each, and
 * the items resolved in it. Pure: the same items in any order give the same facts.
 */
import type { ReconItem, ReconLineDetail } from '../../../shared/ipc/contract-recon';
import type { MatchedTopUp, ResolvedItem } from './types';
import { compareDecimal, type Money } from '../../../shared/domain/money';
import { awaitingApproval, closedAtPlatform } from './request-states';

export interface Period {
  from: string;
  to: string;
}

const within = (date: string, period: Period): boolean => date >= period.from && date <= period.to;

/** The approved amount now against the one posted (exact: "990.0" is "990.00"). */
const sameAmount = (approved: Money, posted: string | null): boolean =>
  posted !== null && compareDecimal(approved.amount, posted) === 0;

/** How the previous sign-off's journals posted a request: into its float, or as a refund due. */
export interface PostedAs {
  refund: boolean;
  /** The approved amount its top-up entry posted into the float (null for a refund). */
  approved: string | null;
}

/**
 * The top-ups a match in the report pays, dated by the last bank line of the match. `postedBefore`:
 * what the previous sign-off's journals posted, by payment reference (postedReferencesOf its frozen
 * report), or null when there is no earlier sign-off. A top-up paid before the period and not posted
 * then — it awaited the platform's approval, or was matched only since — is taken into this period,
 * so every top-up is posted once, in the first period whose journals find it matched and decided.
 * One posted into its float and since removed or cancelled is taken again, to be reversed; one whose
 * approved amount the platform has changed since it was posted is taken again, for the difference.
 */
export function topUpsOf(
  items: readonly ReconItem[],
  period: Period,
  postedBefore: ReadonlyMap<string, PostedAs> | null = null,
): MatchedTopUp[] {
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
    const closed = closedAtPlatform(match.requests);
    const before = match.requests.map((request) => postedBefore?.get(request.reference));
    const earlier = postedBefore !== null && paidOn < period.from;
    const carriedIn = earlier && before.every((posted) => posted === undefined);
    const intoFloat = earlier && before.every((posted) => posted !== undefined && !posted.refund);
    const reversed = intoFloat && closed;
    const adjusted =
      intoFloat &&
      !closed &&
      match.requests.every((request) => request.approved !== null) &&
      match.requests.some((request, index) => !sameAmount(request.approved!, before[index]!.approved));
    if (!within(paidOn, period) && !carriedIn && !reversed && !adjusted) continue;
    topUps.push({
      currency: match.lines[0]!.amount.currency,
      requests: match.requests.map((request, index) => ({
        paymentReference: request.reference,
        float: request.float,
        approved: request.approved?.amount ?? null,
        ...(reversed || adjusted ? { posted: before[index]!.approved ?? '0' } : {}),
      })),
      lines: match.lines.map((line) => ({
        bankTransactionId: line.bankId ?? '',
        bookingDate: line.bookingDate,
        amount: line.amount.amount,
      })),
      closed,
      ...(reversed ? { reversal: true } : {}),
      ...(adjusted ? { adjustment: true } : {}),
    });
  }
  return topUps;
}

/**
 * Payment references of the top-ups a report's journals post: matched, and approved (or removed or
 * cancelled: a refund due). Those awaiting approval are listed, not posted, and so not named here.
 */
export function postedReferencesOf(items: readonly ReconItem[]): Map<string, PostedAs> {
  const posted = new Map<string, PostedAs>();
  for (const { match } of items) {
    if (match?.requests === undefined || match.lines === undefined || awaitingApproval(match.requests))
      continue;
    const refund = closedAtPlatform(match.requests);
    for (const request of match.requests)
      posted.set(request.reference, { refund, approved: refund ? null : (request.approved?.amount ?? null) });
  }
  return posted;
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
      date: item.date,
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
