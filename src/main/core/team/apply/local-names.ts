/**
 * A colleague's change names bank lines by account, bank id and booking date and requests by
 * payment reference and creation instant (shared-decision.ts); this finds the rows they are in
 * this ledger, or says in words which are not here yet.
 */
import type { LineName, RequestName } from '../shared-decision';
import type { ReconLine, ReconRequest, ReconWorld } from '../../recon/world';

export interface LocalNames {
  line(name: LineName): ReconLine | undefined;
  request(name: RequestName): ReconRequest | undefined;
}

const lineIndexKey = (account: string, bankId: string, date: string): string =>
  `${account}\u0000${bankId}\u0000${date}`;
const requestIndexKey = (reference: string, created: string): string => `${reference}\u0000${created}`;

/** Made once per exchange: the items of a ledger do not change while decisions are applied. */
export function localNames(world: ReconWorld): LocalNames {
  const lines = new Map(
    world.lines.map((line) => [
      lineIndexKey(line.accountKey, line.bankTransactionId, line.bookingDate),
      line,
    ]),
  );
  const requests = new Map(
    world.requests.map((request) => [requestIndexKey(request.paymentReference, request.createdUtc), request]),
  );
  return {
    line: (name) => lines.get(lineIndexKey(name.account, name.bankId, name.date)),
    request: (name) => requests.get(requestIndexKey(name.reference, name.created)),
  };
}

export type Found<T> = { found: T; missing: [] } | { found: null; missing: string[] };

/** The local rows of these names, or the words of those missing ("bank line 123 of 2026-10-02"). */
export function localRows(
  names: LocalNames,
  lines: readonly LineName[],
  requests: readonly RequestName[],
): Found<{ lines: ReconLine[]; requests: ReconRequest[] }> {
  const missing: string[] = [];
  const foundLines = lines.flatMap((name) => {
    const line = names.line(name);
    if (line === undefined) missing.push(`bank line ${name.bankId} of ${name.date}`);
    return line === undefined ? [] : [line];
  });
  const foundRequests = requests.flatMap((name) => {
    const request = names.request(name);
    if (request === undefined) missing.push(`request ${name.reference}`);
    return request === undefined ? [] : [request];
  });
  return missing.length > 0
    ? { found: null, missing }
    : { found: { lines: foundLines, requests: foundRequests }, missing: [] };
}

/** "Waits for bank line 123 of 2026-10-02 and request FD…, not on this desktop yet". */
export function waitingFor(missing: readonly string[]): string {
  return `Waits for ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ` and ${missing.length - 3} more` : ''}: not on this desktop yet (import the statement or sync the platform).`;
}
