/**
 * The audit log table: the hash-chained entries in order, details as their canonical JSON text, who
 * acted in words (the code in a column of its own, for machines).
 */
import { actorLabel } from '../../../../shared/domain/recon-words';
import type { ExportRequest } from '../../../../shared/ipc/contract-export';
import type { ExportColumn, ExportTable } from '../columns';
import { AuditLogRepository, type AuditRow, type AuditRowsFilter } from '../../ledger/repositories/audit-log';
import { integerOf, type ExportSource } from './source';

export type { AuditRow };

type Filters = Extract<ExportRequest, { table: 'audit' }>['filters'];

/** The name of the person who acted, as the entry's details keep it (`by`, since names were kept). */
export function signerOf(details: string): string | null {
  if (!details.includes('"by"')) return null;
  try {
    const parsed: unknown = JSON.parse(details);
    const by = (parsed as { by?: unknown } | null)?.by;
    return typeof by === 'string' && by.trim() !== '' ? by : null;
  } catch {
    return null;
  }
}

export const AUDIT_COLUMNS: ExportColumn<AuditRow>[] = [
  { key: 'seq', header: 'Seq', kind: 'integer', value: (r) => integerOf(r.seq), width: 8 },
  { key: 'at', header: 'At', kind: 'timestamp', value: (r) => r.at },
  { key: 'action', header: 'Action', kind: 'text', value: (r) => r.action, width: 20 },
  { key: 'subject', header: 'Subject', kind: 'reference', value: (r) => r.subject, width: 24 },
  {
    key: 'actor',
    header: 'Actor',
    kind: 'text',
    value: (r) => actorLabel(r.actor, signerOf(r.details)),
    width: 28,
  },
  { key: 'details', header: 'Details', kind: 'text', value: (r) => r.details, width: 60 },
  { key: 'hash', header: 'Hash', kind: 'reference', value: (r) => r.hash, width: 66 },
  { key: 'prev_hash', header: 'Previous hash', kind: 'reference', value: (r) => r.prev_hash, width: 66 },
  { key: 'actor_code', header: 'Actor code', kind: 'text', value: (r) => r.actor, width: 10 },
];

/** Entries as stored (details: the stored canonical JSON text, byte for byte), streamed in seq order. */
function auditRows(source: ExportSource, title: string, filter: AuditRowsFilter): ExportTable<AuditRow> {
  return {
    title,
    columns: AUDIT_COLUMNS,
    rows: new AuditLogRepository(source.db).exportRows(source.workspaceId, filter),
    totalRows: null,
  };
}

export function auditTable(source: ExportSource, filters: Filters = {}): ExportTable<AuditRow> {
  return auditRows(source, 'Audit log', { from: filters.from, to: filters.to, action: filters.action });
}

/**
 * The reconciliation report's Audit part, the same columns and cells as the audit log export: for a
 * sign-off's frozen report the entries up to the sign-off's own entry (`seq <= ?`), else the entries
 * before the day after the report's date. Streamed, never loaded whole.
 */
export function reportAuditTable(
  source: ExportSource,
  bound: { uptoSeq: number } | { before: string },
): ExportTable<AuditRow> {
  return auditRows(source, 'Audit', bound);
}
