/**
 * What stays open as of a date — counts and totals per state and currency — and the roll-forward
 * differences that are not zero: what a person sees and acknowledges before signing off, and what
 * recon:signoff checks that acknowledgement against.
 */
import type { ChannelOutput } from '../../../../shared/ipc/contract';
import { RECON_STATES, type ReconItem, type ReconSummary } from '../../../../shared/ipc/contract-recon';
import type { ReconContext } from '../context';
import type { DecisionState } from '../decision-state';
import { sumAmounts } from '../explain';
import { CLOSED_STATES } from '../match/states';
import { summarize } from '../report';
import { allItems } from '../report-items';
import type { ReconWorld } from '../world';

export type OpenTotals = ChannelOutput<'recon:open-totals'>;

const isZero = (amount: string): boolean => /^-?0*(\.0*)?$/.test(amount);

/**
 * Per state (in the summary's order) and currency (alphabetical): how many open items, and their
 * amounts summed — counted as the summary counts them: requests, and bank payments only when no
 * request pairs with them (a bank line matched to a request in variance is that request's payment,
 * not a second open item; summed with it, the two would cancel out to 0.00).
 */
export function openRows(items: readonly ReconItem[]): OpenTotals['open'] {
  const groups = new Map<string, { state: ReconItem['state']; currency: string; amounts: string[] }>();
  for (const item of items) {
    if (CLOSED_STATES.has(item.state)) continue;
    if (item.kind === 'line' && item.state !== 'unmatched_bank_payment') continue;
    const key = `${item.state} ${item.amount.currency}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = { state: item.state, currency: item.amount.currency, amounts: [] };
      groups.set(key, group);
    }
    group.amounts.push(item.amount.amount);
  }
  const order = (state: ReconItem['state']): number => RECON_STATES.indexOf(state);
  const sorted = [...groups.values()].sort(
    (a, b) =>
      order(a.state) - order(b.state) || (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0),
  );
  return sorted.map(({ state, currency, amounts }) => ({
    state,
    count: amounts.length,
    total: sumAmounts(currency, [amounts])[0]!,
  }));
}

export function openTotalsOf(summary: ReconSummary, items: readonly ReconItem[]): OpenTotals {
  const open = openRows(items);
  const differences = summary.currencies
    .map((c) => c.rollForwardDifference)
    .filter((d): d is NonNullable<typeof d> => d !== null && !isZero(d.amount));
  return {
    asOf: summary.asOf,
    open,
    suggestions: summary.suggestions,
    differences,
    needsAcknowledgement: open.length > 0 || summary.suggestions > 0 || differences.length > 0,
  };
}

/** The open totals as of a date, from one reading of the ledger (the caller's). */
export function openTotals(
  context: ReconContext,
  world: ReconWorld,
  state: DecisionState,
  asOf: string,
  suggestions: number,
): OpenTotals {
  const summary = summarize(context, world, state, asOf, suggestions);
  return openTotalsOf(summary, allItems(context, world, state, asOf));
}
