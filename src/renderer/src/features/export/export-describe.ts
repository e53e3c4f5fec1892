import { formatNumber } from '../../lib/format-money';
import type { TransferFilters, TransferSort } from '@shared/ipc/contract-transfers';
import { formatDate } from '../../lib/format-time';
import type { AgeingBucket, ReconState } from '../../stores/recon-items-store';
import { AGEING_LABELS, STATE_LABELS } from '../reconciliation/recon-text';
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

/** "State: Awaiting payment; age: 3–7 days", or null when the screen shows every open item. */
export function reconFilterWords(view: { state?: ReconState; ageing?: AgeingBucket }): string | null {
  const filters = [
    view.state === undefined ? null : `State: ${STATE_LABELS[view.state]}`,
    view.ageing === undefined ? null : `age: ${AGEING_LABELS[view.ageing]}`,
  ].filter((word): word is string => word !== null);
  return filters.length === 0 ? null : filters.join('; ');
}

export function reconDescription(view: { asOf?: string; state?: ReconState; ageing?: AgeingBucket }): string {
  const asOf = view.asOf === undefined || view.asOf === '' ? 'as of today' : `as of ${formatDate(view.asOf)}`;
  return `The reconciliation report ${asOf}: summary, roll-forward, matches, every open item, resolutions, and the audit log.`;
}
