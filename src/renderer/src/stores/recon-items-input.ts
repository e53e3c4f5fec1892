import { readSearchAmount } from '../features/reconciliation/search-amount';
import type { ReconView } from '../features/reconciliation/recon-query';
import type { ReconInput } from './recon-client';

/** The open items asked for: the page's view of them and the first row of the page. */
export type ItemsQuery = ReconView & { offset: number };

/** A range bound as typed, read exactly; left out when it does not read (the field says why). */
function bound(text: string | undefined): string | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const typed = readSearchAmount(text);
  return typed.ok ? typed.amount : undefined;
}

/**
 * The recon:items input of a query. The search goes as text, and as an amount too when it reads as
 * one in the chosen number format ("25,000.00"), so either finds the item. Pure but for the format.
 */
export function itemsInput(query: ItemsQuery, limit: number): ReconInput<'recon:items'> {
  const search = query.search?.trim() ?? '';
  const typed = search === '' ? null : readSearchAmount(search);
  const amountMin = bound(query.min);
  const amountMax = bound(query.max);
  return {
    ...(query.asOf === undefined ? {} : { asOf: query.asOf }),
    ...(query.state === undefined ? {} : { states: [query.state] }),
    ...(query.ageing === undefined ? {} : { ageing: query.ageing }),
    ...(search === '' ? {} : { search }),
    ...(typed?.ok ? { searchAmount: typed.amount } : {}),
    ...(query.currency === undefined ? {} : { currencies: [query.currency] }),
    ...(query.float === undefined ? {} : { floats: [query.float] }),
    ...(query.direction === undefined ? {} : { direction: query.direction }),
    ...(amountMin === undefined ? {} : { amountMin }),
    ...(amountMax === undefined ? {} : { amountMax }),
    ...(query.sort === undefined ? {} : { sort: query.sort }),
    offset: query.offset,
    limit,
  };
}

/** Two queries ask for the same items (offset aside). */
export function sameItemsQuery(a: ReconView, b: ReconView): boolean {
  const key = (view: ReconView) =>
    JSON.stringify([
      view.asOf,
      view.state,
      view.ageing,
      view.search,
      view.currency,
      view.float,
      view.direction,
      view.min,
      view.max,
      view.sort?.column,
      view.sort?.descending,
    ]);
  return key(a) === key(b);
}
