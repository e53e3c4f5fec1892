/**
 * The open-items filter of a reconciliation export, in words. A filter is applied only when the
 * person chose explicitly to export what it selects (`onlyFiltered`); otherwise the report is complete.
 */
import { stateWords } from '../../../../../shared/domain/recon-words';
import type { ExportRequest } from '../../../../../shared/ipc/contract-export';
import { AGEING_LABELS } from './items-parts';

export type ReportFilters = NonNullable<Extract<ExportRequest, { table: 'reconciliation' }>['filters']>;

/** "State: Awaiting payment or Variance; age: 3 to 7 days", or null when nothing is filtered out. */
export function appliedFilter(filters: ReportFilters): string | null {
  if (filters.onlyFiltered !== true) return null;
  const parts: string[] = [];
  if (filters.states !== undefined && filters.states.length > 0)
    parts.push(`State: ${filters.states.map(stateWords).join(' or ')}`);
  if (filters.ageing !== undefined) parts.push(`age: ${AGEING_LABELS[filters.ageing]}`);
  return parts.length === 0 ? null : `Only open items with ${parts.join('; ')}`;
}
