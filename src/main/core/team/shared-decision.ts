/**
 * A reconciliation decision as the team shares it. Desktops number their rows differently, so a
 * shared decision names each bank line the way every desktop knows it (account, the bank's id and
 * the booking date) and each request by its payment reference and creation instant; an undo names
 * the team-wide id of the decision it takes back. Who made it is the server's to say; the name the
 * person gave in Settings travels along for the screens.
 */
import type { Ledger } from '../ledger/db';
import { BankStatementsRepository } from '../ledger/repositories/bank-statements';
import { ReconDecisionsRepository, type StoredDecision } from '../ledger/repositories/recon-decisions';
import { ReconInputsRepository } from '../ledger/repositories/recon-inputs';
import { TeamReplicaRepository } from '../ledger/repositories/team-replica';
import { canonicalJson } from '../../../shared/domain/canonical-json';

export interface LineName {
  account: string;
  bankId: string;
  date: string;
}

export interface RequestName {
  reference: string;
  created: string;
}

export interface Namer {
  line(row: number): LineName;
  request(row: number): RequestName;
}

interface Readers {
  lines: BankStatementsRepository;
  requests: ReconInputsRepository;
}

/** Names for these bank lines and requests of this ledger, as every desktop of the team knows them. */
export function namesOf(db: Ledger, workspaceId: number, lines: number[], requests: number[]): Namer {
  return namer(
    { lines: new BankStatementsRepository(db), requests: new ReconInputsRepository(db) },
    workspaceId,
    lines,
    requests,
  );
}

function namer(readers: Readers, workspaceId: number, lines: number[], requests: number[]): Namer {
  const lineRows = new Map(readers.lines.linesByIds(workspaceId, lines).map((line) => [line.id, line]));
  const requestRows = new Map(
    readers.requests.requestsByIds(workspaceId, requests).map((request) => [request.rowId, request]),
  );
  return {
    line: (row) => {
      const line = lineRows.get(row);
      if (line === undefined)
        throw new Error(`A shared decision names bank line ${row}, which is not in the ledger`);
      return { account: line.accountKey, bankId: line.bankTransactionId, date: line.bookingDate };
    },
    request: (row) => {
      const request = requestRows.get(row);
      if (request === undefined)
        throw new Error(`A shared decision names request ${row}, which is not in the ledger`);
      return { reference: request.paymentReference, created: request.createdUtc };
    },
  };
}

const numbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number') : [];

/** "L1,2|R3" (suggestion-key.ts) into its rows. */
function signatureRows(signature: string): { lines: number[]; requests: number[] } {
  const [lines = '', requests = ''] = signature.replace(/^L/, '').split('|R');
  const parse = (text: string): number[] => (text === '' ? [] : text.split(',').map(Number));
  return { lines: parse(lines), requests: parse(requests) };
}

/** The rows a decision's payload names, in every place a payload names rows. */
function rowsOf(payload: Record<string, unknown>): { lines: number[]; requests: number[] } {
  const lines = numbers(payload.lines);
  const requests = numbers(payload.requests);
  if (typeof payload.row === 'number') (payload.kind === 'line' ? lines : requests).push(payload.row);
  for (const signature of Array.isArray(payload.signatures) ? payload.signatures : []) {
    if (typeof signature !== 'string') continue;
    const rows = signatureRows(signature);
    lines.push(...rows.lines);
    requests.push(...rows.requests);
  }
  return { lines, requests };
}

function renamed(payload: Record<string, unknown>, names: Namer): Record<string, unknown> {
  const shared: Record<string, unknown> = { ...payload };
  if (Array.isArray(payload.lines)) shared.lines = numbers(payload.lines).map(names.line);
  if (Array.isArray(payload.requests)) shared.requests = numbers(payload.requests).map(names.request);
  if (typeof payload.row === 'number')
    shared.row = payload.kind === 'line' ? names.line(payload.row) : names.request(payload.row);
  if (Array.isArray(payload.signatures))
    shared.signatures = payload.signatures.map((signature) => {
      const rows = signatureRows(String(signature));
      return { lines: rows.lines.map(names.line), requests: rows.requests.map(names.request) };
    });
  return shared;
}

function subjectOf(shared: Record<string, unknown>, kind: string): string {
  const names = [
    ...((shared.lines as LineName[] | undefined) ?? []).map((line) => `line:${line.account}/${line.bankId}`),
    ...((shared.requests as RequestName[] | undefined) ?? []).map(
      (request) => `request:${request.reference}`,
    ),
  ];
  const row = shared.row as Partial<LineName & RequestName> | undefined;
  if (row?.bankId !== undefined) names.push(`line:${row.account}/${row.bankId}`);
  if (row?.reference !== undefined) names.push(`request:${row.reference}`);
  const subject = names.sort().join(' ') || `decision:${kind}`;
  return subject.length > 500 ? `${subject.slice(0, 497)}...` : subject;
}

/**
 * What queues decisions for the team, in the caller's transaction; undefined when the workspace is
 * in no team (asked once, so a run storing thousands of matches asks once too).
 */
export function decisionSharer(
  db: Ledger,
  workspaceId: number,
): ((decision: StoredDecision) => void) | undefined {
  if (!new TeamReplicaRepository(db).joined(workspaceId)) return undefined;
  return sharerOf(db, workspaceId);
}

/** Its repositories are made once, so their statements are prepared once for many decisions. */
function sharerOf(db: Ledger, workspaceId: number): (decision: StoredDecision) => void {
  const replica = new TeamReplicaRepository(db);
  const readers = { lines: new BankStatementsRepository(db), requests: new ReconInputsRepository(db) };
  return (decision) => {
    const rows = rowsOf(decision.payload);
    const payload = renamed(decision.payload, namer(readers, workspaceId, rows.lines, rows.requests));
    if (decision.undoes !== null)
      payload.undoes = replica.changeOfDecision(workspaceId, decision.undoes) ?? null;
    payload.actorName = decision.actorName;
    replica.queue(
      workspaceId,
      {
        kind: `decision.${decision.kind}`,
        subject: subjectOf(payload, decision.kind),
        payload: canonicalJson(payload),
        madeAt: decision.createdAt,
      },
      decision.id,
    );
  };
}

/** On joining: every decision made here before, in the order it was made. */
export function shareEarlierDecisions(db: Ledger, workspaceId: number): number {
  const ids = new TeamReplicaRepository(db).unsharedDecisionIds(workspaceId);
  const decisions = new ReconDecisionsRepository(db);
  const share = sharerOf(db, workspaceId);
  db.transaction(() => {
    for (const decision of decisions.byIds(workspaceId, ids).sort((a, b) => a.id - b.id)) share(decision);
  })();
  return ids.length;
}
