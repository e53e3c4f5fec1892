/**
 * The reconciliation as of a date: every transfer request and every bank payment with its state
 * and age (the items: report-items.ts), and the summary (recon:summary, recon:run): counts per state, the matched
 * totals per currency and the float roll-forward difference over the statements' coverage. The
 * states and ages are match/states.ts's rules, fed with the matches and resolutions in force.
 */
import type { Money } from '../../../shared/domain/money';
import type { ReconSummary } from '../../../shared/ipc/contract-recon';
import { ReconInputsRepository } from '../ledger/repositories/recon-inputs';
import type { ReconContext } from './context';
import type { CurrentMatch, DecisionState } from './decision-state';
import { matchTotals, sumAmounts, type MatchTotals } from './explain';
import { derived } from './memo';
import { resolveOptions } from './match/options';
import {
  CLOSED_STATES,
  reconcileStates,
  stateCounts,
  type ItemState,
  type StateReport,
} from './match/states';
import type { Locks, Match } from './match/types';
import { inScopeReport } from './policy/scope';
import { matchedReferences, rollForwardReport } from './rollforward-report';
import { matchLine, matchRequest, type ReconWorld } from './world';

/** A match in force with the ids its rows have now. */
export interface MatchView {
  current: CurrentMatch;
  lineIds: string[];
  requestReferences: string[];
  totals: MatchTotals | null;
}

function matchViews(world: ReconWorld, state: Pick<DecisionState, 'matches'>): MatchView[] {
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
  return derived({ world, state, locks: context.lockIndex() }, `states ${asOf}`, () =>
    computeReconciliation(context, world, state, asOf),
  );
}

function computeReconciliation(
  context: ReconContext,
  world: ReconWorld,
  state: DecisionState,
  asOf: string,
): Reconciliation {
  return reconcileWorld(context, world, state, asOf, context.locks());
}

/**
 * The states of the items of `world` (the whole workspace's, or a few items with every match they
 * are in: a state depends only on the item, its match, its resolution and lock, and the coverage).
 */
export function reconcileWorld(
  context: ReconContext,
  world: ReconWorld,
  state: Pick<DecisionState, 'matches' | 'resolutions'>,
  asOf: string,
  locks: Locks,
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
    covered: () => new ReconInputsRepository(context.db).coverage(context.workspaceId),
    resolutions: state.resolutions.flatMap(({ payload }) => {
      const item =
        payload.kind === 'line' ? world.lineByRow.get(payload.row) : world.requestByRow.get(payload.row);
      return item === undefined
        ? []
        : [{ kind: payload.kind, id: item.key, reasonCode: payload.reasonCode, note: payload.note }];
    }),
    locks,
    asOf,
    window: { daysBefore, daysAfter },
  });
  return { report, views };
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
  const currencySet = new Set<string>();
  const openByCurrency = new Map<string, number>();
  for (const item of report.requests) {
    if (item.match !== null) counted.add(item.match);
    const currency = currencyOf(item);
    currencySet.add(currency);
    if (!CLOSED_STATES.has(item.state)) openByCurrency.set(currency, (openByCurrency.get(currency) ?? 0) + 1);
  }
  for (const item of report.lines) {
    if (item.match !== null) counted.add(item.match);
    currencySet.add(currencyOf(item));
  }
  const amounts = new Map<string, { paid: string[]; requested: string[] }>();
  for (const index of counted) {
    const totals = views[index]?.totals;
    if (!totals) continue;
    let entry = amounts.get(totals.currency);
    if (entry === undefined) amounts.set(totals.currency, (entry = { paid: [], requested: [] }));
    entry.paid.push(totals.paid.amount);
    entry.requested.push(totals.requested.amount);
  }
  return [...currencySet].sort().map((currency) => {
    const { paid, requested } = amounts.get(currency) ?? { paid: [], requested: [] };
    const [paidTotal, requestedTotal] = sumAmounts(currency, [paid, requested]) as [Money, Money];
    const openRequests = openByCurrency.get(currency) ?? 0;
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
  const start = context.policy().startDate ?? '';
  return derived(
    { world, state, locks: context.lockIndex() },
    `summary ${asOf} ${suggestions} ${start}`,
    () => computeSummary(context, world, state, asOf, suggestions),
  );
}

function computeSummary(
  context: ReconContext,
  world: ReconWorld,
  state: DecisionState,
  asOf: string,
  suggestions: number,
): ReconSummary {
  const all = reconcileAsOf(context, world, state, asOf);
  // Items before the reconciliation start date are counted apart, in no state.
  const scoped = inScopeReport(all.report, context.policy());
  const reconciliation = { ...all, report: scoped.report };
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
    ...(scoped.outOfScope === null ? {} : { outOfScope: scoped.outOfScope }),
  };
}
