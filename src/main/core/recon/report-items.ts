/**
 * The items of the reconciliation as of a date (recon:items, and the frozen report of a sign-off):
 * every request and debit bank line with its state, age, match, resolution and lock, oldest first.
 */
import type { ReconItem } from '../../../shared/ipc/contract-recon';
import type { FormatPreferences } from '../../../shared/domain/formats';
import type { ReconContext } from './context';
import type { DecisionState } from './decision-state';
import { lineLabel } from './item-rows';
import { toReconMatch } from './explain';
import { lineDetail, matchDetails, requestDetail } from './match-details';
import type { ItemState } from './match/states';
import { derived } from './memo';
import type { LockIndex } from './signoff/locks';
import { isOutOfScope } from './policy/scope';
import { reconcileAsOf, type MatchView } from './report';
import type { ReconWorld } from './world';

const CLOSED_UNPAID = {
  reasonCode: 'closed_unpaid',
  note: 'Removed or cancelled on the platform before any payment: nothing is owed either way.',
};

/** The decision of each resolution in force, by "kind row". */
export function resolutionDecisions(state: DecisionState): Map<string, number> {
  return new Map(
    state.resolutions.map(({ decisionId, payload }) => [`${payload.kind} ${payload.row}`, decisionId]),
  );
}

export function toItem(
  format: FormatPreferences,
  world: ReconWorld,
  decisions: Map<string, number>,
  locks: LockIndex,
  views: MatchView[],
  item: ItemState,
): ReconItem {
  const view = item.match === null ? undefined : views[item.match];
  const match =
    view === undefined
      ? null
      : {
          ...toReconMatch(
            {
              ...view.current.payload.match,
              lineIds: view.lineIds,
              requestReferences: view.requestReferences,
            },
            format,
            view.current.decisionId > 0 ? view.current.decisionId : undefined,
          ),
          ...matchDetails(world, view.lineIds, view.requestReferences),
        };
  const row =
    item.kind === 'line' ? world.lineByKey.get(item.id)?.id : world.requestByKey.get(item.id)?.rowId;
  const decisionId = decisions.get(`${item.kind} ${row}`);
  const lock = row === undefined ? undefined : (item.kind === 'line' ? locks.lines : locks.requests).get(row);
  const lockedBy = lock === undefined ? null : { signOffId: lock.signOffId, asOf: lock.asOf };
  const resolution = item.resolution
    ? { reasonCode: item.resolution.reasonCode, note: item.resolution.note, decisionId }
    : item.automatic === 'closed_unpaid'
      ? CLOSED_UNPAID
      : null;
  // What a line and a request item both say of themselves, in the order the report writes it.
  const head = { id: item.id, state: item.state, ageing: item.ageing, date: item.date };
  if (item.kind === 'line') {
    const line = world.lineByKey.get(item.id)!;
    return {
      kind: 'line',
      ...head,
      amount: { amount: line.amount, currency: line.currency },
      label: lineLabel(line),
      match,
      resolution,
      lockedBy,
      line: lineDetail(line),
    };
  }
  const request = world.requestByKey.get(item.id)!;
  return {
    kind: 'request',
    ...head,
    amount: request.requested,
    label: request.float,
    match,
    resolution,
    lockedBy,
    request: requestDetail(request),
  };
}

const text = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The default order of the items: oldest first; on one day requests before bank lines, then by id. */
export function byDateKindId(
  a: Pick<ItemState, 'date' | 'kind' | 'id'>,
  b: Pick<ItemState, 'date' | 'kind' | 'id'>,
): number {
  return text(a.date, b.date) || text(b.kind, a.kind) || text(a.id, b.id);
}

/** Every item's state as of the date, oldest first (kept with the reading: see memo.ts). */
export function orderedStates(
  context: ReconContext,
  world: ReconWorld,
  state: DecisionState,
  asOf: string,
): ItemState[] {
  return derived({ world, state, locks: context.lockIndex() }, `ordered ${asOf}`, () => {
    const { report } = reconcileAsOf(context, world, state, asOf);
    return [...report.requests, ...report.lines].sort(byDateKindId);
  });
}

/** Every item as of the date (requests and debit lines, all states), oldest first. */
export function allItems(
  context: ReconContext,
  world: ReconWorld,
  state: DecisionState,
  asOf: string,
  keep: (item: ItemState) => boolean = () => true,
): ReconItem[] {
  return toItems(context, world, state, asOf, orderedStates(context, world, state, asOf).filter(keep));
}

function toItems(
  context: ReconContext,
  world: ReconWorld,
  state: DecisionState,
  asOf: string,
  items: readonly ItemState[],
): ReconItem[] {
  const { views } = reconcileAsOf(context, world, state, asOf);
  const decisions = resolutionDecisions(state);
  const locks = context.lockIndex();
  const policy = context.policy();
  const format = context.format();
  return items.map((item) => {
    const shown = toItem(format, world, decisions, locks, views, item);
    return isOutOfScope(item, policy) ? { ...shown, outOfScope: true } : shown;
  });
}
