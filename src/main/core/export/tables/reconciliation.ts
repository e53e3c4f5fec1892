/**
 * The reconciliation report as export tables: Summary, Roll-forward, Matches, Open items,
 * Resolutions and Audit, in that order (one workbook of six sheets, or with `part` just that one),
 * built from the reconciliation service as of `asOf` (default today), or from a sign-off's frozen
 * report. The report is complete: the open-items filters apply only when chosen explicitly.
 */
import type { ExportRequest, RECON_EXPORT_PARTS } from '../../../../shared/ipc/contract-export';
import type { Clock } from '../../clock';
import type { Ledger } from '../../ledger/db';
import type { ExportTable } from '../columns';
import { throwIfAborted } from '../csv';
import { auditTable } from './reconciliation/audit-part';
import { matchesTable, openItemsTable } from './reconciliation/items-parts';
import { reconReportData, type ReconReportData } from './reconciliation/report-data';
import { resolutionsTable } from './reconciliation/resolutions-part';
import { rollForwardTable } from './reconciliation/rollforward-part';
import { summaryTable } from './reconciliation/summary-part';

type ReconFilters = NonNullable<Extract<ExportRequest, { table: 'reconciliation' }>['filters']>;
type Part = (typeof RECON_EXPORT_PARTS)[number];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each part has its own row type
type AnyTable = ExportTable<any>;

/** Each part's table, in the workbook's order. */
const PARTS: ReadonlyArray<[Part, (data: ReconReportData, filters: ReconFilters) => AnyTable]> = [
  ['summary', (data, filters) => summaryTable(data, filters)],
  ['roll-forward', (data) => rollForwardTable(data)],
  ['matches', (data) => matchesTable(data)],
  ['open-items', (data, filters) => openItemsTable(data, filters)],
  ['resolutions', (data) => resolutionsTable(data)],
  ['audit', (data) => auditTable(data)],
];

/**
 * The same tables built a part at a time for the runner: between parts (each may read the whole
 * report) it yields to the event loop and checks the cancel signal, so a cancel is seen between steps.
 */
export async function reconciliationTablesStepwise(
  source: { db: Ledger; workspaceId: number; clock: Clock },
  filters: ReconFilters | undefined,
  signal?: AbortSignal,
): Promise<AnyTable[]> {
  const wanted = filters ?? {};
  const step = async (): Promise<void> => {
    await new Promise((resolve) => setImmediate(resolve));
    throwIfAborted(signal);
  };
  await step();
  const data = reconReportData(source, wanted);
  const tables: AnyTable[] = [];
  for (const [part, build] of PARTS) {
    if (wanted.part !== undefined && wanted.part !== part) continue;
    await step();
    tables.push(build(data, wanted));
  }
  await step();
  return tables;
}

export function reconciliationTables(
  source: { db: Ledger; workspaceId: number; clock: Clock },
  filters: ReconFilters | undefined,
): AnyTable[] {
  const wanted = filters ?? {};
  const data = reconReportData(source, wanted);
  return PARTS.filter(([part]) => wanted.part === undefined || wanted.part === part).map(([, build]) =>
    build(data, wanted),
  );
}
