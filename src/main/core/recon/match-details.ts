/**
 * Bank lines and requests as people know them (booking date, amount, texts; reference, float,
 * amounts, date), and a match's totals with its differences, for every place a match or an item is
 * shown: recon:items, recon:suggestions and the audit text of decisions.
 */
import type {
  ReconLineDetail,
  ReconMatchTotals,
  ReconRequestDetail,
} from '../../../shared/ipc/contract-recon';
import { dateText, moneyText, type FormatPreferences } from '../../../shared/domain/formats';
import { matchTotals, sumAmounts } from './explain';
import { CONTENT_ID_PREFIX } from './statements/line-id';
import type { ReconLine, ReconRequest, ReconWorld } from './world';

export function lineDetail(line: ReconLine): ReconLineDetail {
  return {
    id: line.key,
    bookingDate: line.bookingDate,
    valueDate: line.valueDate,
    amount: { amount: line.amount, currency: line.currency },
    counterparty: line.counterpartyName,
    remittance: line.remittance,
    reference: line.reference,
    bankId: line.bankTransactionId.startsWith(CONTENT_ID_PREFIX) ? null : line.bankTransactionId,
  };
}

export function requestDetail(request: ReconRequest): ReconRequestDetail {
  return {
    reference: request.key,
    float: request.float,
    requested: request.requested,
    approved: request.approved,
    // The day as the platform wrote it (its own offset), as the request's item date.
    createdDate: request.createdAt.slice(0, 10),
    status: request.status,
  };
}

const negated = (amount: string): string => (amount.startsWith('-') ? amount.slice(1) : `-${amount}`);

/** Paid, requested, approved and the differences (paid − requested, paid − approved). */
export function detailedTotals(
  world: ReconWorld,
  lineIds: readonly string[],
  requestReferences: readonly string[],
): ReconMatchTotals | null {
  const totals = matchTotals(world, lineIds, requestReferences);
  if (totals === null) return null;
  const { currency, paid, requested, approved } = totals;
  const [difference, differenceApproved] = sumAmounts(currency, [
    [paid.amount, negated(requested.amount)],
    approved === null ? [] : [paid.amount, negated(approved.amount)],
  ]) as [ReconMatchTotals['difference'], ReconMatchTotals['difference']];
  return {
    paid,
    requested,
    approved,
    difference,
    differenceApproved: approved === null ? null : differenceApproved,
  };
}

/** The details a match carries in the contract (items it names that no longer exist are left out). */
export function matchDetails(
  world: ReconWorld,
  lineIds: readonly string[],
  requestReferences: readonly string[],
): { lines: ReconLineDetail[]; requests: ReconRequestDetail[]; totals: ReconMatchTotals | null } {
  return {
    lines: lineIds.flatMap((key) => {
      const line = world.lineByKey.get(key);
      return line === undefined ? [] : [lineDetail(line)];
    }),
    requests: requestReferences.flatMap((key) => {
      const request = world.requestByKey.get(key);
      return request === undefined ? [] : [requestDetail(request)];
    }),
    totals: detailedTotals(world, lineIds, requestReferences),
  };
}

/**
 * "Bank line booked 2026-10-02, -2500.00 GBP, reference FDK7Q2M9X1" — how the audit text names a
 * line (no counterparty or account: the audit log holds no personal data).
 */
export function lineWords(line: ReconLine): string {
  const reference = line.reference === null ? '' : `, reference ${line.reference}`;
  return `Bank line booked ${line.bookingDate}, ${line.amount} ${line.currency}${reference}`;
}

/** "Request FDK7Q2M9X1 (float main, requested 2500.00 GBP, created 2026-10-01)". */
export function requestWords(request: ReconRequest): string {
  const approved =
    request.approved === null ? '' : `, approved ${request.approved.amount} ${request.approved.currency}`;
  return (
    `Request ${request.key} (float ${request.float}, requested ${request.requested.amount} ` +
    `${request.requested.currency}${approved}, created ${request.createdAt.slice(0, 10)})`
  );
}

/** The words of a match's bank lines and requests for an audit entry, by their rows. */
export function matchWords(
  world: ReconWorld,
  rows: { lines: readonly number[]; requests: readonly number[] },
): { bankLines: string[]; requests: string[] } {
  return {
    bankLines: rows.lines.flatMap((row) => {
      const line = world.lineByRow.get(row);
      return line === undefined ? [] : [lineWords(line)];
    }),
    requests: rows.requests.flatMap((row) => {
      const request = world.requestByRow.get(row);
      return request === undefined ? [] : [requestWords(request)];
    }),
  };
}

/**
 * How a message names a line: "bank line 2026100200000101" by the bank's id, or — when FloatDesk
 * computed the id (the statement gave none) — "the bank line booked 2026-10-02 for -£75.50", in the
 * workspace's format.
 */
export function lineName(
  line: Pick<ReconLine, 'key' | 'bookingDate' | 'amount' | 'currency'>,
  format: FormatPreferences,
): string {
  return line.key.startsWith(CONTENT_ID_PREFIX)
    ? `the bank line booked ${dateText(line.bookingDate, format)} for ${moneyText(line.amount, line.currency, format)}`
    : `bank line ${line.key}`;
}
