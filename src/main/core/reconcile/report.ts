/**
 * The reconciliation as of a date: every transfer request and every bank payment with its state
 * and age (recon:items), and the summary (recon:summary, recon:run): counts per state, the matched
 * totals per currency and the float roll-forward difference over the statements' coverage. The
 * states and ages are match/states.ts's rules, fed with the matches and resolutions in force.
 */
import type { Money } from '../../../shared/domain/money';
import type { ChannelInput, ChannelOutput } from '../../../shared/ipc/contract';
import type { ReconItem, ReconSummary } from '../../../shared/ipc/contract-reconcile';
import { ReconInputsRepository } from '../ledger/repositories/recon-inputs';
import type { ReconContext } from './context';
import type { CurrentMatch, DecisionState } from './decision-state';
import { matchTotals, sumAmounts, toReconMatch, type MatchTotals } from './explain';
import { loadAll } from './load';
import { resolveOptions } from './match/options';
import {
  CLOSED_STATES,
  reconcileStates,
  stateCounts,
  type ItemState,
  type StateReport,
} from './match/states';
import type { Match } from './match/types';
import { matchedReferences, rollForwardReport } from './rollforward-report';
import { openSuggestions } from './suggestions-view';
import { matchLine, matchRequest, type ReconWorld } from './world';

export { openSuggestions };

/** A match in force with the ids its rows have now. */
interface MatchView {
  current: CurrentMatch;
  lineIds: string[];
  requestReferences: string[];
  totals: MatchTotals | null;
}

const CLOSED_UNPAID = {
  reasonCode: 'closed_unpaid',
  note: 'Removed or cancelled on the platform before any payment: nothing is owed either way.',
};

function matchViews(world: ReconWorld, state: DecisionState): MatchView[] {
  return state.matches.flatMap((current) => {
    const lines = current.payload.lines.map((row) => world.lineByRow.get(row));
    const requests = current.payload.requests.map((row) => world.requestByRow.get(row));
    if (lines.some((line) => line === undefined) || requests.some((request) => request === undefined))
      return [];
    const lineIds = lines.map((line) => line!.key);
    const requestReferences = requests.map((request) => request!.key);
    return [{ current, lineIds, requestReferences, totals: matchTotals(world, lineIds, requestReferences) }];
  });
}

export interface Reconciliation {
  report: StateReport;
  views: MatchView[];
}

/** The states of every item as of `asOf` (match/states.ts), from the decisions in force. */
export function reconcileAsOf(
  context: ReconContext,
  world: ReconWorld,
  state: DecisionState,
  asOf: string,
): Reconciliation {
  const views = matchViews(world, state);
  const { daysBefore, daysAfter } = resolveOptions(context.options);
  const report = reconcileStates({
    requests: world.requests.map(matchRequest),
    lines: world.lines.map(matchLine),
    // states.ts reads which lines and requests a match pairs, nothing else of it.
    matches: views.map(
      (view) => ({ lineIds: view.lineIds, requestReferences: view.requestReferences }) as Match,
    ),
    covered: new ReconInputsRepository(context.db).coverage(context.workspaceId),
    resolutions: state.resolutions.flatMap(({ payload }) => {
      const item =
        payload.kind === 'line' ? world.lineByRow.get(payload.row) : world.requestByRow.get(payload.row);
      return item === undefined
        ? []
        : [{ kind: payload.kind, id: item.key, reasonCode: payload.reasonCode, note: payload.note }];
    }),
    locks: context.locks(),
    asOf,
    window: { daysBefore, daysAfter },
  });
  return { report, views };
}

/** The decision of each resolution in force, by "kind row". */
function resolutionDecisions(state: DecisionState): Map<string, number> {
  return new Map(
    state.resolutions.map(({ decisionId, payload }) => [`${payload.kind} ${payload.row}`, decisionId]),
  );
}

function toItem(
  world: ReconWorld,
  decisions: Map<string, number>,
  views: MatchView[],
  item: ItemState,
): ReconItem {
  const view = item.match === null ? undefined : views[item.match];
  const match =
    view === undefined
      ? null
      : toReconMatch(
          { ...view.current.payload.match, lineIds: view.lineIds, requestReferences: view.requestReferences },
          view.current.decisionId > 0 ? view.current.decisionId : undefined,
        );
  const row =
    item.kind === 'line' ? world.lineByKey.get(item.id)?.id : world.requestByKey.get(item.id)?.rowId;
  const decisionId = decisions.get(`${item.kind} ${row}`);
  const resolution = item.resolution
    ? { reasonCode: item.resolution.reasonCode, note: item.resolution.note, decisionId }
    : item.automatic === 'closed_unpaid'
      ? CLOSED_UNPAID
      : null;
  if (item.kind === 'line') {
    const line = world.lineByKey.get(item.id)!;
    return {
      kind: 'line',
      id: item.id,
      state: item.state,
      ageing: item.ageing,
      date: item.date,
      amount: { amount: line.amount, currency: line.currency },
      label: line.remittance ?? line.counterpartyName ?? line.reference ?? '',
      match,
      resolution,
    };
  }
  const request = world.requestByKey.get(item.id)!;
  return {
    kind: 'request',
    id: item.id,
    state: item.state,
    ageing: item.ageing,
    date: item.date,
    amount: request.requested,
    label: request.float,
    match,
    resolution,
  };
}

function currencyRows(
  world: ReconWorld,
  { report, views }: Reconciliation,
  rollForward: ReadonlyMap<string, Money | null>,
): ReconSummary['currencies'] {
  const currencyOf = (item: ItemState): string =>
    item.kind === 'line'
      ? world.lineByKey.get(item.id)!.currency
      : world.requestByKey.get(item.id)!.requested.currency;
  const counted = new Set<number>();
  for (const item of [...report.requests, ...report.lines]) if (item.match !== null) counted.add(item.match);
  const currencies = [...new Set([...report.requests, ...report.lines].map(currencyOf))].sort();
  return currencies.map((currency) => {
    const paid: string[] = [];
    const requested: string[] = [];
    for (const index of counted) {
      const totals = views[index]?.totals;
      if (!totals || totals.currency !== currency) continue;
      paid.push(totals.paid.amount);
      requested.push(totals.requested.amount);
    }
    const [paidTotal, requestedTotal] = sumAmounts(currency, [paid, requested]) as [Money, Money];
    const openRequests = report.requests.filter(
      (item) => !CLOSED_STATES.has(item.state) && currencyOf(item) === currency,
    ).length;
    return {
      currency,
      paid: paidTotal,
      matchedRequested: requestedTotal,
      openRequests,
      rollForwardDifference: rollForward.get(currency) ?? null,
    };
  });
}

export function summarize(
  context: ReconContext,
  world: ReconWorld,
  state: DecisionState,
  asOf: string,
  suggestions: number,
): ReconSummary {
  const reconciliation = reconcileAsOf(context, world, state, asOf);
  // The roll-forward runs over what the statements cover up to the as-of date.
  const coverage = new ReconInputsRepository(context.db).coverage(context.workspaceId);
  const from = coverage.reduce((first, span) => (span.from < first ? span.from : first), asOf);
  const rollForward = rollForwardReport(context, { from, to: asOf }, matchedReferences(world, state));
  const differences = new Map(
    rollForward.currencies.map((row) => [row.currency, row.totals?.difference ?? null]),
  );
  return {
    asOf,
    states: stateCounts(reconciliation.report).states,
    suggestions,
    currencies: currencyRows(world, reconciliation, differences),
  };
}

const text = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Oldest first; on one day requests before bank lines, then by id. */
function byDateKindId(a: ReconItem, b: ReconItem): number {
  return text(a.date, b.date) || text(b.kind, a.kind) || text(a.id, b.id);
}

export function listItems(
  context: ReconContext,
  input: ChannelInput<'recon:items'>,
): ChannelOutput<'recon:items'> {
  const asOf = input.asOf ?? context.today();
  const { world, state } = loadAll(context);
  const { report, views } = reconcileAsOf(context, world, state, asOf);
  const decisions = resolutionDecisions(state);
  const wanted = input.states ? new Set(input.states) : null;
  const items = [...report.requests, ...report.lines]
    .filter(
      (item) =>
        (wanted === null || wanted.has(item.state)) && (!input.ageing || item.ageing === input.ageing),
    )
    .map((item) => toItem(world, decisions, views, item))
    .sort(byDateKindId);
  const offset = input.offset ?? 0;
  return { total: items.length, items: items.slice(offset, offset + (input.limit ?? 100)) };
}
