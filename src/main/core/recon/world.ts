/**
 * The items of one workspace's reconciliation, each with the id the matcher and the contract use:
 * a bank line by its bank transaction id, a request by its payment reference. The ledger keys a
 * line by account too, and a request by its creation instant too; on the rare clash (the same bank
 * id in two accounts, one reference used twice) the id is qualified — `id@ACCOUNT`,
 * `reference@created-utc` — so every id names exactly one row. Decisions store row ids, so a
 * qualification appearing later never changes what a decision covers.
 */
import type { StoredBankLine } from '../ledger/repositories/bank-line-reads';
import type { ReconRequestRow } from '../ledger/repositories/recon-inputs';
import type { BankLine, MatchRequest } from './match/types';

export interface ReconLine extends StoredBankLine {
  /** The id used by the matcher and the contract. */
  key: string;
}

export interface ReconRequest extends ReconRequestRow {
  key: string;
}

export interface ReconWorld {
  lines: ReconLine[];
  requests: ReconRequest[];
  lineByKey: ReadonlyMap<string, ReconLine>;
  requestByKey: ReadonlyMap<string, ReconRequest>;
  lineByRow: ReadonlyMap<number, ReconLine>;
  requestByRow: ReadonlyMap<number, ReconRequest>;
}

/** The id of a line: its bank id, qualified by its account when another line has the same bank id. */
export function lineKey(line: StoredBankLine, repeated: boolean): string {
  return repeated ? `${line.bankTransactionId}@${line.accountKey || '-'}` : line.bankTransactionId;
}

/** The id of a request: its reference, qualified by its creation instant when the reference repeats. */
export function requestKey(request: ReconRequestRow, repeated: boolean): string {
  return repeated ? `${request.paymentReference}@${request.createdUtc}` : request.paymentReference;
}

function counts<T>(items: readonly T[], base: (item: T) => string): Map<string, number> {
  const found = new Map<string, number>();
  for (const item of items) found.set(base(item), (found.get(base(item)) ?? 0) + 1);
  return found;
}

/** A world of rows whose ids are given (all of a workspace's, or those of one page). */
export function worldOf(lines: ReconLine[], requests: ReconRequest[]): ReconWorld {
  return {
    lines,
    requests,
    lineByKey: new Map(lines.map((line) => [line.key, line])),
    requestByKey: new Map(requests.map((request) => [request.key, request])),
    lineByRow: new Map(lines.map((line) => [line.id, line])),
    requestByRow: new Map(requests.map((request) => [request.rowId, request])),
  };
}

export function buildWorld(
  lines: readonly StoredBankLine[],
  requests: readonly ReconRequestRow[],
): ReconWorld {
  const bankIds = counts(lines, (line) => line.bankTransactionId);
  const references = counts(requests, (request) => request.paymentReference);
  return worldOf(
    lines.map((line) => ({ ...line, key: lineKey(line, (bankIds.get(line.bankTransactionId) ?? 0) > 1) })),
    requests.map((request) => ({
      ...request,
      key: requestKey(request, (references.get(request.paymentReference) ?? 0) > 1),
    })),
  );
}

/** A line as the matcher reads it (its id replaced by the world's key). */
export function matchLine(line: ReconLine): BankLine {
  return {
    bankTransactionId: line.key,
    bookingDate: line.bookingDate,
    valueDate: line.valueDate,
    amount: line.amount,
    currency: line.currency,
    reference: line.reference,
    remittance: line.remittance,
    counterpartyName: line.counterpartyName,
    counterpartyAccount: line.counterpartyAccount,
    sourceLine: line.sourceLine,
  };
}

export function matchRequest(request: ReconRequest): MatchRequest {
  return {
    paymentReference: request.key,
    createdAt: request.createdAt,
    float: request.float,
    currency: request.currency,
    requested: request.requested,
    approved: request.approved,
    status: request.status,
  };
}
