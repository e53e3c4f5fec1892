/**
 * What the reconciliation workbook is built from, read once through the reconciliation service: the
 * live report as of a date, or a signed-off period's frozen report (recon:signoff.report).
 *
 * A documented exception to "exports stream from the ledger": the report's items are built in memory
 * (all of them, once, shared by the Matches and Open items parts), because the report is computed by
 * the reconciliation service, not read row by row — as it is for the screen. Its size is the
 * reconciliation's working set (bank lines and requests of the period), not the whole ledger. The
 * Audit part does stream (audit-part.ts).
 */
import type { SignOff } from '../../../../../shared/ipc/contract-signoff';
import type { ReconItem, ReconSummary } from '../../../../../shared/ipc/contract-recon';
import { isoNow } from '../../../clock';
import { ReconInputsRepository } from '../../../ledger/repositories/recon-inputs';
import { CLOSED_STATES } from '../../../recon/match/states';
import { readPolicy } from '../../../recon/policy/recon-settings';
import { ReconService } from '../../../recon/service';
import type { ExportSource } from '../source';
import type { ItemFilterQuery } from './filter-words';

export interface ReconReportData {
  source: ExportSource;
  service: ReconService;
  asOf: string;
  /** Set when the report is a sign-off's frozen one. */
  signOff: SignOff | null;
  /** The reconciliation start date in force (Settings → Reconciliation), null for a frozen report. */
  startDate: string | null;
  summary(): ReconSummary;
  items(): ReconItem[];
  /**
   * The open items (not matched, resolved or signed off) in the report's order; with a query, only
   * those recon:items keeps for it — the very filter of the screen (item-list.ts).
   */
  openItems(query: ItemFilterQuery | null): ReconItem[];
}

const isOpen = (item: ReconItem): boolean => !CLOSED_STATES.has(item.state);

/** The roll-forward period: from the first day the bank statements cover up to the as-of date. */
export function rollForwardPeriod(data: ReconReportData): { from: string; to: string } {
  const coverage = new ReconInputsRepository(data.source.db).coverage(data.source.workspaceId);
  const from = coverage.reduce((first, span) => (span.from < first ? span.from : first), data.asOf);
  return { from, to: data.asOf };
}

export function reconReportData(
  source: ExportSource,
  filters: { asOf?: string; signOffId?: number },
): ReconReportData {
  const service = new ReconService(source.db, source.workspaceId, source.clock, 'user');
  if (filters.signOffId !== undefined) {
    const frozen = service.signOffReport({ id: filters.signOffId });
    return {
      source,
      service,
      asOf: frozen.signOff.asOf,
      signOff: frozen.signOff,
      startDate: null,
      summary: () => frozen.summary,
      items: () => frozen.items,
      // Exported whole, as signed off (filter-words.ts never gives a query for it).
      openItems: () => frozen.items.filter(isOpen),
    };
  }
  const asOf = filters.asOf ?? isoNow(source.clock).slice(0, 10);
  let items: ReconItem[] | undefined;
  const all = (): ReconItem[] => (items ??= service.items({ asOf, limit: Number.MAX_SAFE_INTEGER }).items);
  return {
    source,
    service,
    asOf,
    signOff: null,
    startDate: readPolicy(source.db, source.workspaceId).startDate,
    summary: () => service.summary({ asOf }),
    items: all,
    openItems: (query) =>
      (query === null
        ? all()
        : service.items({ ...query, asOf, limit: Number.MAX_SAFE_INTEGER }).items
      ).filter(isOpen),
  };
}
