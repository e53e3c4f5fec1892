/** The brand change log: every change a sync observed, oldest first (old and new values as JSON text). */
import type { ExportRequest } from '../../../../shared/ipc/contract-export';
import { BrandsRepository, type BrandChangeExportRow as ChangeRow } from '../../ledger/repositories/brands';
import type { ExportColumn, ExportTable } from '../columns';
import { integerOf, type ExportSource } from './source';

type Filters = Extract<ExportRequest, { table: 'brand-changes' }>['filters'];

const COLUMNS: ExportColumn<ChangeRow>[] = [
  { key: 'observed_at', header: 'Observed at', kind: 'timestamp', value: (r) => r.observed_at },
  { key: 'slug', header: 'Brand slug', kind: 'reference', value: (r) => r.slug, width: 24 },
  { key: 'name', header: 'Brand', kind: 'text', value: (r) => r.name, width: 32 },
  { key: 'kind', header: 'Change', kind: 'text', value: (r) => r.kind },
  { key: 'attribute', header: 'Attribute', kind: 'text', value: (r) => r.attribute },
  { key: 'old_value', header: 'Old value', kind: 'text', value: (r) => r.old_value, width: 40 },
  { key: 'new_value', header: 'New value', kind: 'text', value: (r) => r.new_value, width: 40 },
  { key: 'sync_run', header: 'Sync run', kind: 'integer', value: (r) => integerOf(r.sync_run_id) },
];

export function brandChangesTable(source: ExportSource, filters: Filters = {}): ExportTable<ChangeRow> {
  return {
    title: 'Brand changes',
    columns: COLUMNS,
    rows: new BrandsRepository(source.db).exportChanges(source.workspaceId, filters),
    totalRows: null,
  };
}
