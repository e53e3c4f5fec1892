/**
 * The open items as flat rows, one per item in the default order (oldest first), holding exactly
 * what the search, filters, order and totals read (item-list.ts, kept in the file: kept-items.ts): the columns a
 * SQL view of the items would have, so those rules can later become a WHERE, ORDER BY and GROUP BY.
 * Amounts are BigInt at one scale shared by every row, so sizes compare exactly across currencies.
 */
import { MATCH_RULE_NAMES, RECON_STATES } from '../../../shared/ipc/contract-recon';
import { exponentOf, fastScaled, significantDecimals, toScaled } from './match/amounts';
import type { ItemState } from './match/states';
import type { MatchView } from './report';
import type { ReconLine, ReconWorld } from './world';

export interface ItemRow {
  /** Position in the default order. */
  index: number;
  kind: 'request' | 'line';
  id: string;
  /** Position of the state in RECON_STATES. */
  stateRank: number;
  state: ItemState['state'];
  ageing: ItemState['ageing'];
  ageDays: number | null;
  date: string;
  currency: string;
  /** The amount in units of 10^-scale (ItemRows.scale), signed: bank payments are negative. */
  scaled: bigint;
  /** `scaled` as a number: exact below 2^53, and never out of order (the sort compares it first). */
  approx: number;
  /** Money out: a negative amount (a bank payment). Requests count as money in. */
  out: boolean;
  float: string | null;
  /** Lower-cased, for the order of the text column. */
  label: string;
  /** Lower-cased id, float, bank reference, counterparty and payment text, for the search. */
  haystack: string;
  /** Order of the match column: none, matched (by rule, surest first), resolved (by reason). */
  matchGroup: 0 | 1 | 2;
  matchRank: number;
  matchText: string;
}

export interface ItemRows {
  rows: ItemRow[];
  /** Decimals of every row's `scaled`: the most any amount needs, at least its currency's. */
  scale: number;
  currencies: string[];
  floats: string[];
}

/** What a bank line is called where no reference names it: its payment text first. */
export function lineLabel(line: ReconLine): string {
  return line.remittance ?? line.counterpartyName ?? line.reference ?? '';
}

const STATE_RANK = new Map<string, number>(RECON_STATES.map((state, index) => [state, index]));
const RULE_RANK = new Map<string, number>(MATCH_RULE_NAMES.map((rule, index) => [rule, index]));

function amountOf(world: ReconWorld, item: ItemState): { amount: string; currency: string } {
  if (item.kind === 'line') {
    const line = world.lineByKey.get(item.id)!;
    return { amount: line.amount, currency: line.currency };
  }
  return world.requestByKey.get(item.id)!.requested;
}

function matchKey(
  item: ItemState,
  views: readonly MatchView[],
): Pick<ItemRow, 'matchGroup' | 'matchRank' | 'matchText'> {
  if (item.resolution !== null || item.automatic !== null) {
    return { matchGroup: 2, matchRank: 0, matchText: item.resolution?.reasonCode ?? item.automatic ?? '' };
  }
  const view = item.match === null ? undefined : views[item.match];
  if (view === undefined) return { matchGroup: 0, matchRank: 0, matchText: '' };
  const { rule, score } = view.current.payload.match;
  // Rule first, then the surer match first.
  return { matchGroup: 1, matchRank: (RULE_RANK.get(rule) ?? 99) * 2 - score, matchText: '' };
}

export function itemRows(
  world: ReconWorld,
  items: readonly ItemState[],
  views: readonly MatchView[],
  /** At least this scale (that of rows kept before, which these join). */
  minScale = 0,
): ItemRows {
  const amounts = items.map((item) => amountOf(world, item));
  let scale = minScale;
  for (const { amount, currency } of amounts) {
    scale = Math.max(scale, exponentOf(currency));
    if (fastScaled(amount, scale) === null) scale = Math.max(scale, significantDecimals(amount));
  }
  const currencies = new Set<string>();
  const floats = new Set<string>();
  const rows = items.map((item, index): ItemRow => {
    const { amount, currency } = amounts[index]!;
    const scaled = fastScaled(amount, scale) ?? toScaled(amount, scale);
    currencies.add(currency);
    let float: string | null = null;
    let label: string;
    let haystack: string;
    if (item.kind === 'line') {
      const line = world.lineByKey.get(item.id)!;
      label = lineLabel(line);
      haystack = [item.id, line.reference, line.counterpartyName, line.remittance]
        .filter((part) => part !== null)
        .join('\n');
    } else {
      float = world.requestByKey.get(item.id)!.float;
      floats.add(float);
      label = float;
      haystack = `${item.id}\n${float}`;
    }
    return {
      index,
      kind: item.kind,
      id: item.id,
      stateRank: STATE_RANK.get(item.state) ?? RECON_STATES.length,
      state: item.state,
      ageing: item.ageing,
      ageDays: item.ageDays,
      date: item.date,
      currency,
      scaled,
      approx: Number(scaled),
      out: scaled < 0n,
      float,
      label: label.toLowerCase(),
      haystack: haystack.toLowerCase(),
      ...matchKey(item, views),
    };
  });
  return { rows, scale, currencies: [...currencies].sort(), floats: [...floats].sort() };
}
