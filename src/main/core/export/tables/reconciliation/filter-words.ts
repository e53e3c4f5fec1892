/**
 * The open-items filter of a reconciliation export, and its words. A filter is applied only when the
 * person chose explicitly to export what it selects (`onlyFiltered`); otherwise the report is
 * complete. It is the filter of recon:items (item-list.ts), so the file holds exactly the open items
 * the screen lists for it. A sign-off's frozen report is exported whole, as it was signed off.
 */
import { itemFilterWords } from '../../../../../shared/domain/recon-item-words';
import type { ChannelInput } from '../../../../../shared/ipc/contract';
import type { ExportRequest } from '../../../../../shared/ipc/contract-export';

export type ReportFilters = NonNullable<Extract<ExportRequest, { table: 'reconciliation' }>['filters']>;

/** The search and filters of recon:items (item-list.ts applies them). */
export type ItemFilterQuery = Omit<ChannelInput<'recon:items'>, 'asOf' | 'offset' | 'limit' | 'sort'>;

/** The recon:items filter the export applies, or null when the report is complete. */
export function itemQueryOf(filters: ReportFilters): ItemFilterQuery | null {
  if (filters.onlyFiltered !== true || filters.signOffId !== undefined) return null;
  const { states, ageing, search, searchAmount, currencies, floats, direction, amountMin, amountMax } =
    filters;
  const query: ItemFilterQuery = {
    ...(states === undefined || states.length === 0 ? {} : { states }),
    ...(ageing === undefined ? {} : { ageing }),
    ...(search === undefined || search.trim() === '' ? {} : { search }),
    ...(searchAmount === undefined ? {} : { searchAmount }),
    ...(currencies === undefined || currencies.length === 0 ? {} : { currencies }),
    ...(floats === undefined || floats.length === 0 ? {} : { floats }),
    ...(direction === undefined ? {} : { direction }),
    ...(amountMin === undefined ? {} : { amountMin }),
    ...(amountMax === undefined ? {} : { amountMax }),
  };
  return Object.keys(query).length === 0 ? null : query;
}

/**
 * "Only open items with state Awaiting payment or Variance; currency GBP; search “ACME”; amount
 * 100.00 GBP to 500.00 GBP", or null when nothing is filtered out. With a state filter and a
 * reconciliation start date, it says that items before that date are left out (as on the screen:
 * they are counted apart from the states).
 */
export function appliedFilter(filters: ReportFilters, startDate: string | null = null): string | null {
  const query = itemQueryOf(filters);
  if (query === null) return null;
  const words = itemFilterWords(query);
  if (query.states !== undefined && startDate !== null)
    words.push(`not those dated before the reconciliation start date ${startDate}`);
  return `Only open items with ${words.join('; ')}`;
}
