/**
 * The items of one workspace's reconciliation, each with the id the matcher and the contract use:
 * a bank line by its bank transaction id, a request by its payment reference. The ledger keys a
 * line by account too, and a request by its creation instant too; on the rare clash (the same bank
 * id in two accounts, one reference used twice) the id is qualified — `id@ACCOUNT`,
 * `reference@created-utc` — so every id names exactly one row. Decisions store row ids, so a
 * qualification appearing later never changes what a decision covers.
 */
import type { StoredBankLine } from '../ledger/repositories/bank-statements';
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

function keyed<T>(
  items: readonly T[],
  base: (item: T) => string,
  qualifier: (item: T) => string,
): Array<T & { key: string }> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(base(item), (counts.get(base(item)) ?? 0) + 1);
  return items.map((item) => {
    const id = base(item);
    return { ...item, key: (counts.get(id) ?? 0) > 1 ? `${id}@${qualifier(item)}` : id };
  });
}

export function buildWorld(
  lines: readonly StoredBankLine[],
  requests: readonly ReconRequestRow[],
): ReconWorld {
  const reconLines = keyed(
    lines,
    (line) => line.bankTransactionId,
    (line) => line.accountKey || '-',
  );
  const reconRequests = keyed(
    requests,
    (request) => request.paymentReference,
    (request) => request.createdUtc,
  );
  return {
    lines: reconLines,
    requests: reconRequests,
    lineByKey: new Map(reconLines.map((line) => [line.key, line])),
    requestByKey: new Map(reconRequests.map((request) => [request.key, request])),
    lineByRow: new Map(reconLines.map((line) => [line.id, line])),
    requestByRow: new Map(reconRequests.map((request) => [request.rowId, request])),
  };
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
