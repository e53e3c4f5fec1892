/**
 * recon:items: the search, filters, order and page of the items as of a date, with their totals
 * and the choices of the filters, as one query over the kept items (kept-items.ts). The rules:
 * every word of the search in the item's references, bank texts or float (any case), or the
 * amount's size equal to the amount searched; sizes compared exactly, bounds included; requests
 * are money in; a state asked for means the items counted in it (out-of-scope ones are apart);
 * any order is stable (then oldest first) and puts items with no age last, both ways.
 */
import type { ChannelInput, ChannelOutput } from '../../../shared/ipc/contract';
import type { ItemTotals } from '../../../shared/ipc/contract-recon';
import type {
  KeptItemReading,
  KeptItemRow,
  KeptItemTotals,
  KeptItemWhere,
  ReconItemRowsRepository,
} from '../ledger/repositories/recon-item-rows';
import type { ReconContext } from './context';
import { keptItemsAsOf, orderKey, sizeKey } from './kept-items';
import { keptPage } from './kept-page';
import { exponentOf, fromScaled, significantDecimals, toScaled } from './match/amounts';

type ItemsInput = ChannelInput<'recon:items'>;

/** The words of a search, lower-cased; every one must be found. */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
}

/** A size bound at the reading's scale: the whole units of 10^-scale at or below it, and above. */
function scaledBound(text: string, scale: number): { floor: bigint; ceil: bigint; exact: boolean } {
  const decimals = significantDecimals(text);
  if (decimals <= scale) {
    const value = toScaled(text, scale);
    return { floor: value, ceil: value, exact: true };
  }
  const fine = toScaled(text, decimals);
  const factor = 10n ** BigInt(decimals - scale);
  const floor = fine >= 0n ? fine / factor : -((-fine + factor - 1n) / factor);
  return { floor, ceil: floor + 1n, exact: false };
}

/** The conditions of the query over the kept rows (sizes as fixed-width keys: kept-items.ts). */
export function keptWhere(input: ItemsInput, reading: KeptItemReading): KeptItemWhere {
  const width = reading.keyWidth;
  const fits = (value: bigint): boolean => value >= 0n && value.toString().length <= width;
  const where: KeptItemWhere = {};
  if (input.states !== undefined) {
    where.states = input.states;
    where.inScopeOnly = true;
  }
  if (input.ageing !== undefined) where.ageing = input.ageing;
  if (input.currencies !== undefined) where.currencies = input.currencies;
  if (input.floats !== undefined) where.floats = input.floats;
  if (input.direction !== undefined) where.out = input.direction === 'out';
  if (input.amountMin !== undefined) {
    const { ceil, exact, floor } = scaledBound(input.amountMin, reading.scale);
    const min = exact ? floor : ceil;
    if (min > 0n) where.sizeMin = fits(min) ? sizeKey(min, width) : 'none';
  }
  if (input.amountMax !== undefined) {
    const { floor } = scaledBound(input.amountMax, reading.scale);
    if (floor < 0n) where.sizeMin = 'none';
    else if (fits(floor)) where.sizeMax = sizeKey(floor, width);
  }
  const words = searchWords(input.search);
  if (words.length > 0 || input.searchAmount !== undefined) {
    const size = input.searchAmount === undefined ? null : scaledBound(input.searchAmount, reading.scale);
    const sizeEquals =
      size !== null && size.exact && fits(size.floor)
        ? ([orderKey(size.floor, width), orderKey(-size.floor, width)] as const)
        : null;
    where.search = { words, sizeEquals };
  }
  return where;
}

function itemTotals(sums: readonly KeptItemTotals[], scale: number): ItemTotals[] {
  return sums.map((sum) => {
    const money = (value: bigint) => ({
      amount: fromScaled(value, scale, exponentOf(sum.currency)),
      currency: sum.currency,
    });
    return {
      currency: sum.currency,
      count: sum.count,
      moneyIn: money(sum.moneyIn),
      moneyInCount: sum.inCount,
      moneyOut: money(sum.moneyOut),
      moneyOutCount: sum.outCount,
      net: money(sum.moneyIn + sum.moneyOut),
    };
  });
}

/** What the query keeps over the kept rows: how many, one page of them, and the totals of all. */
export function queryKeptItems(
  rows: ReconItemRowsRepository,
  workspaceId: number,
  reading: KeptItemReading,
  input: ItemsInput,
): { total: number; page: KeptItemRow[]; totals: ItemTotals[] } {
  const where = keptWhere(input, reading);
  return {
    ...keptTotals(rows, workspaceId, reading, where),
    page: rows.select(workspaceId, where, input.sort, {
      offset: input.offset ?? 0,
      limit: input.limit ?? 100,
    }),
  };
}

/**
 * How many items the conditions keep and their totals. With no condition, or currencies only, they
 * are the totals of every item kept with the reading (per currency): no rows are read.
 */
function keptTotals(
  rows: ReconItemRowsRepository,
  workspaceId: number,
  reading: KeptItemReading,
  where: KeptItemWhere,
): { total: number; totals: ItemTotals[] } {
  const conditions = Object.keys(where);
  const sums =
    conditions.length === 0
      ? reading.totals
      : conditions.length === 1 && where.currencies !== undefined
        ? reading.totals.filter((sum) => where.currencies!.includes(sum.currency))
        : rows.totals(workspaceId, where);
  return {
    total: sums.reduce((count, sum) => count + sum.count, 0),
    totals: itemTotals(sums, reading.scale),
  };
}

export function listItems(context: ReconContext, input: ItemsInput): ChannelOutput<'recon:items'> {
  const { reading, rows } = keptItemsAsOf(context, input.asOf ?? context.today());
  const read = () => {
    const { total, page, totals } = queryKeptItems(rows, context.workspaceId, reading, input);
    return {
      total,
      items: keptPage(context, page),
      totals,
      choices: { currencies: reading.currencies, floats: reading.floats },
    };
  };
  return context.db.inTransaction ? read() : context.db.transaction(read).deferred();
}
