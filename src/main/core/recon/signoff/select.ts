/**
 * Which items a sign-off as of a date locks (pure): every match in force whose bank lines were all
 * booked, and whose requests were all created, on or before the date, and every item of which is
 * `matched` as of the date; every resolution in force whose item is dated on or before it and is
 * `resolved` as of the date. A decision another sign-off in force already locks is left out, and
 * so is a line or request already locked. Everything else is open (variance, refund_expected,
 * paid_awaiting_approval, ...): it is not locked and carries forward.
 */
import type { ReconState, StateReport } from '../match/states';
import type { DecisionState } from '../decision-state';
import type { ReconWorld } from '../world';
import type { LockIndex, LockRef } from './locks';

/** Each item's state as of the sign-off date, by row (match/states.ts's report, keyed by id). */
export interface RowStates {
  lines: ReadonlyMap<number, ReconState>;
  requests: ReadonlyMap<number, ReconState>;
}

export function rowStates(world: ReconWorld, report: StateReport): RowStates {
  const lines = new Map<number, ReconState>();
  const requests = new Map<number, ReconState>();
  for (const item of report.lines) {
    const row = world.lineByKey.get(item.id)?.id;
    if (row !== undefined) lines.set(row, item.state);
  }
  for (const item of report.requests) {
    const row = world.requestByKey.get(item.id)?.rowId;
    if (row !== undefined) requests.set(row, item.state);
  }
  return { lines, requests };
}

interface DatedRow {
  row: number;
  /** YYYY-MM-DD: a line's booking date, a request's creation date as the platform wrote it. */
  date: string;
}

/** A match or a resolution in force, with the dates of what it covers. */
export interface SettledDecision {
  decisionId: number;
  kind: 'match' | 'resolution';
  lines: DatedRow[];
  requests: DatedRow[];
}

export interface LockSelection {
  /** One entry per line or request and the decision that settled it. */
  items: Array<{ decisionId: number; kind: 'line' | 'request'; row: number }>;
  lockedLines: number;
  lockedRequests: number;
}

/** The matches and resolutions in force; a decision naming a row no longer in the ledger is left out. */
export function settledDecisions(world: ReconWorld, state: DecisionState): SettledDecision[] {
  const line = (row: number): DatedRow | undefined => {
    const found = world.lineByRow.get(row);
    return found && { row, date: found.bookingDate.slice(0, 10) };
  };
  const request = (row: number): DatedRow | undefined => {
    const found = world.requestByRow.get(row);
    return found && { row, date: found.createdAt.slice(0, 10) };
  };
  const settled = [
    ...state.matches.map(({ decisionId, payload }) => ({
      decisionId,
      kind: 'match' as const,
      lines: payload.lines.map(line),
      requests: payload.requests.map(request),
    })),
    ...state.resolutions.map(({ decisionId, payload }) => ({
      decisionId,
      kind: 'resolution' as const,
      lines: payload.kind === 'line' ? [line(payload.row)] : [],
      requests: payload.kind === 'request' ? [request(payload.row)] : [],
    })),
  ];
  return settled.flatMap((decision) =>
    decision.lines.includes(undefined) || decision.requests.includes(undefined)
      ? []
      : [decision as SettledDecision],
  );
}

/** Settled as of the date: every item in the state its decision gives (or locked already). */
function settledAsOf(decision: SettledDecision, states: RowStates, locked: LockIndex): boolean {
  const wanted: ReconState = decision.kind === 'match' ? 'matched' : 'resolved';
  const settled = (state: ReconState | undefined, lockedAlready: boolean): boolean =>
    state === wanted || (lockedAlready && state === 'signed_off');
  return (
    decision.lines.every(({ row }) => settled(states.lines.get(row), locked.lines.has(row))) &&
    decision.requests.every(({ row }) => settled(states.requests.get(row), locked.requests.has(row)))
  );
}

export function selectLocks(
  settled: readonly SettledDecision[],
  locked: LockIndex,
  asOf: string,
  states: RowStates,
): LockSelection {
  const items: LockSelection['items'] = [];
  const lines = new Set<number>();
  const requests = new Set<number>();
  for (const decision of settled) {
    if (locked.decisions.has(decision.decisionId)) continue;
    const dated = [...decision.lines, ...decision.requests];
    if (dated.length === 0 || dated.some((item) => item.date > asOf)) continue;
    if (!settledAsOf(decision, states, locked)) continue;
    for (const { row } of decision.lines) {
      if (locked.lines.has(row)) continue;
      items.push({ decisionId: decision.decisionId, kind: 'line', row });
      lines.add(row);
    }
    for (const { row } of decision.requests) {
      if (locked.requests.has(row)) continue;
      items.push({ decisionId: decision.decisionId, kind: 'request', row });
      requests.add(row);
    }
  }
  return { items, lockedLines: lines.size, lockedRequests: requests.size };
}

/** The locks in force with a new sign-off's added (to compute its report before it is stored). */
export function withSelection(locked: LockIndex, selection: LockSelection, ref: LockRef): LockIndex {
  const lines = new Map(locked.lines);
  const requests = new Map(locked.requests);
  const decisions = new Map(locked.decisions);
  for (const item of selection.items) {
    decisions.set(item.decisionId, ref);
    (item.kind === 'line' ? lines : requests).set(item.row, ref);
  }
  return { lines, requests, decisions };
}
