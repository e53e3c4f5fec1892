import { itemFilterWords, type WordFormats } from '@shared/domain/recon-item-words';
import { numberFormatShape, writeAmount } from '@shared/domain/typed-amount';
import { formatMoney, formatNumber } from '../../lib/format-money';
import { formatPreferences } from '../../lib/format-preferences';
import type { TransferFilters, TransferSort } from '@shared/ipc/contract-transfers';
import { formatDate } from '../../lib/format-time';
import { itemsInput } from '../../stores/recon-items-input';
import type { ReconView } from '../reconciliation/recon-query';
import { sortDescription } from '../transfers/columns';

/** The line under an export dialog's title that says which rows will leave. Pure. */

function transferFilterWords(filters: TransferFilters): string[] {
  const words: string[] = [];
  if (filters.float) words.push(`float “${filters.float}”`);
  if (filters.currency) words.push(filters.currency);
  if (filters.paymentReference) words.push(`reference “${filters.paymentReference}”`);
  if (filters.from) words.push(`from ${formatDate(filters.from)}`);
  if (filters.to) words.push(`to ${formatDate(filters.to)}`);
  if (filters.statuses && filters.statuses.length > 0) words.push(`status ${filters.statuses.join(' or ')}`);
  if (filters.text) words.push(`text “${filters.text}”`);
  return words;
}

export function transfersDescription(
  view: { filters: TransferFilters; sort: TransferSort },
  total: number | null,
): string {
  const words = transferFilterWords(view.filters);
  const count =
    total === null
      ? 'The transfer requests'
      : `The ${formatNumber(total)} transfer request${total === 1 ? '' : 's'}`;
  const which = words.length === 0 ? ' in the ledger' : ` that match the filters (${words.join(', ')})`;
  return `${count}${which}, sorted by ${sortDescription(view.sort.column, view.sort.direction)}.`;
}

/** Amounts and dates of the filter's words in the chosen formats. */
const SCREEN_FORMATS: WordFormats = {
  date: formatDate,
  money: (amount, currency) =>
    currency === null
      ? writeAmount(amount, numberFormatShape(formatPreferences().locale))
      : formatMoney(amount, currency),
};

/**
 * "state Awaiting payment; currency GBP; search “ACME”; amount £100.00 to £500.00" — the words the
 * exported file uses for the same filter (recon-item-words.ts), or null when the screen shows every
 * open item.
 */
export function reconFilterWords(view: ReconView): string | null {
  const words = itemFilterWords(itemsInput({ ...view, offset: 0 }, 1), SCREEN_FORMATS);
  return words.length === 0 ? null : words.join('; ');
}

export function reconDescription(view: ReconView): string {
  const asOf = view.asOf === undefined || view.asOf === '' ? 'as of today' : `as of ${formatDate(view.asOf)}`;
  return `The reconciliation report ${asOf}: summary, roll-forward, matches, every open item, resolutions, and the audit log.`;
}
