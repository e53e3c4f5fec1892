/**
 * A page of recon:items built from its kept rows (kept-items.ts) and targeted reads of what the page
 * shows: its bank lines and requests, and its matches with their other items. However large the
 * ledger, a page reads a page's worth of it.
 */
import type { ReconItem } from '../../../shared/ipc/contract-recon';
import { ReconDecisionsRepository } from '../ledger/repositories/recon-decisions';
import type { KeptItemRow } from '../ledger/repositories/recon-item-rows';
import type { ReconContext } from './context';
import type { CurrentMatch, MatchPayload } from './decision-state';
import { matchTotals } from './explain';
import type { ItemState } from './match/states';
import type { LockRef } from './signoff/locks';
import type { MatchView } from './report';
import { readPageWorld } from './page-world';
import { toItem } from './report-items';

export function keptPage(context: ReconContext, rows: readonly KeptItemRow[]): ReconItem[] {
  const decisionIds = [
    ...new Set(rows.flatMap((row) => (row.matchDecision === null ? [] : [row.matchDecision]))),
  ];
  const matches: CurrentMatch[] = new ReconDecisionsRepository(context.db)
    .byIds(context.workspaceId, decisionIds)
    .map((decision) => ({
      decisionId: decision.id,
      kind: decision.kind as CurrentMatch['kind'],
      payload: decision.payload as unknown as MatchPayload,
    }));
  const rowsOf = (kind: 'line' | 'request'): number[] => [
    ...new Set([
      ...rows.filter((row) => row.kind === kind).map((row) => row.rowId),
      ...matches.flatMap((match) => (kind === 'line' ? match.payload.lines : match.payload.requests)),
    ]),
  ];
  const world = readPageWorld(context, rowsOf('line'), rowsOf('request'));
  const views: MatchView[] = matches.map((current) => {
    const lineIds = current.payload.lines.map((row) => world.lineByRow.get(row)!.key);
    const requestReferences = current.payload.requests.map((row) => world.requestByRow.get(row)!.key);
    return { current, lineIds, requestReferences, totals: matchTotals(world, lineIds, requestReferences) };
  });
  const viewIndex = new Map(matches.map((match, index) => [match.decisionId, index]));
  const decisions = new Map<string, number>();
  const lockedLines = new Map<number, LockRef>();
  const lockedRequests = new Map<number, LockRef>();
  for (const row of rows) {
    if (row.resolutionDecision !== null) decisions.set(`${row.kind} ${row.rowId}`, row.resolutionDecision);
    if (row.lockSignOff !== null)
      (row.kind === 'line' ? lockedLines : lockedRequests).set(row.rowId, {
        signOffId: row.lockSignOff,
        asOf: row.lockAsOf!,
      });
  }
  const locks = { lines: lockedLines, requests: lockedRequests, decisions: new Map<number, LockRef>() };
  const format = context.format();
  return rows.map((row) => {
    const item: ItemState = {
      kind: row.kind,
      id: row.itemId,
      state: row.state as ItemState['state'],
      date: row.date,
      ageDays: row.ageDays,
      ageing: row.ageing as ItemState['ageing'],
      match: row.matchDecision === null ? null : (viewIndex.get(row.matchDecision) ?? null),
      resolution:
        row.resolutionReason === null
          ? null
          : {
              kind: row.kind,
              id: row.itemId,
              reasonCode: row.resolutionReason,
              note: row.resolutionNote ?? '',
            },
      automatic: row.automatic as ItemState['automatic'],
    };
    const shown = toItem(format, world, decisions, locks, views, item);
    return row.outOfScope ? { ...shown, outOfScope: true } : shown;
  });
}
