/**
 * The Resolutions sheet: every item a person resolved with a reason (in force as of the report's
 * date), with the reason in words (and its code), the note, who resolved it and when.
 */
import type { ReconItem } from '../../../../../shared/ipc/contract-recon';
import { actorWords, reasonWords } from '../../../../../shared/domain/recon-words';
import { ReconDecisionsRepository } from '../../../ledger/repositories/recon-decisions';
import { amountColumn, currencyColumn, type ExportColumn, type ExportTable } from '../../columns';
import { itemText } from './items-parts';
import type { ReconReportData } from './report-data';

export interface ResolutionRow {
  item: ReconItem;
  reasonCode: string;
  note: string;
  by: string | null;
  at: string | null;
  decisionId: number | null;
}

export const RESOLUTION_COLUMNS: ExportColumn<ResolutionRow>[] = [
  {
    key: 'kind',
    header: 'Kind',
    kind: 'text',
    value: (r) => (r.item.kind === 'line' ? 'bank line' : 'request'),
    width: 10,
  },
  { key: 'id', header: 'Reference or bank id', kind: 'reference', value: (r) => r.item.id },
  { key: 'date', header: 'Date', kind: 'date', value: (r) => r.item.date },
  currencyColumn((r) => r.item.amount.currency),
  amountColumn(
    'amount',
    'Amount',
    (r) => r.item.amount.amount,
    (r) => r.item.amount.currency,
  ),
  { key: 'label', header: 'Float or bank text', kind: 'text', value: (r) => itemText(r.item), width: 30 },
  { key: 'reason', header: 'Reason', kind: 'text', value: (r) => reasonWords(r.reasonCode), width: 24 },
  { key: 'note', header: 'Note', kind: 'text', value: (r) => r.note, width: 40 },
  { key: 'by', header: 'Resolved by', kind: 'text', value: (r) => r.by, width: 24 },
  { key: 'at', header: 'Resolved at', kind: 'timestamp', value: (r) => r.at },
  { key: 'decision_id', header: 'Decision', kind: 'integer', value: (r) => r.decisionId },
  { key: 'reason_code', header: 'Reason code', kind: 'text', value: (r) => r.reasonCode, width: 16 },
];

export function resolutionRows(data: ReconReportData): ResolutionRow[] {
  const decisions = new ReconDecisionsRepository(data.source.db);
  return data.items().flatMap((item): ResolutionRow[] => {
    const resolution = item.resolution;
    if (resolution === null) return [];
    const decisionId = resolution.decisionId ?? null;
    const decision = decisionId === null ? undefined : decisions.get(data.source.workspaceId, decisionId);
    return [
      {
        item,
        reasonCode: resolution.reasonCode,
        note: resolution.note,
        // No decision: FloatDesk closed it itself (a request closed at the platform, never paid).
        by:
          decision === undefined
            ? 'FloatDesk, automatically'
            : actorWords(decision.actor, decision.actorName),
        at: decision?.createdAt ?? null,
        decisionId,
      },
    ];
  });
}

export function resolutionsTable(data: ReconReportData): ExportTable<ResolutionRow> {
  const rows = resolutionRows(data);
  return { title: 'Resolutions', columns: RESOLUTION_COLUMNS, rows, totalRows: rows.length };
}
