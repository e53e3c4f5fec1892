/**
 * The Audit sheet: the hash-chained audit log up to the report's date (its end), or for a
 * sign-off's frozen report, up to the sign-off's own entry. The rows are streamed from the ledger
 * with the bound in SQL, and are the audit log export's rows exactly (same columns, the stored
 * details text byte for byte): audit.ts.
 */
import { nextDay } from '../../../../../shared/domain/iso-dates';
import type { ExportTable } from '../../columns';
import { reportAuditTable, type AuditRow } from '../audit';
import type { ReconReportData } from './report-data';

export function auditTable(data: ReconReportData): ExportTable<AuditRow> {
  const signOff = data.signOff;
  return reportAuditTable(
    data.source,
    // The report's audit bound is exclusive: everything dated up to the end of its day.
    signOff === null ? { before: nextDay(data.asOf) } : { uptoSeq: signOff.auditSeq },
  );
}
