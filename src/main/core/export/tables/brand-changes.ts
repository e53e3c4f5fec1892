/** The brand change log: every change a sync observed, oldest first (old and new values as JSON text). */
import type { ExportRequest } from '../../../../shared/ipc/contract-export';
import type { ExportColumn, ExportTable } from '../columns';
import { integerOf, type ExportSource } from './source';

type Filters = Extract<ExportRequest, { table: 'brand-changes' }>['filters'];

interface ChangeRow {
  observed_at: string;
  slug: string;
  name: string;
  kind: string;
  attribute: string | null;
  old_value: string | null;
  new_value: string | null;
  sync_run_id: bigint | null;
}

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
  const optional = (value: string | undefined): [string | null, string | null] => [
    value ?? null,
    value ?? null,
  ];
  const brand = filters.brand ?? null;
  const params = [
    source.workspaceId,
    brand,
    brand,
    brand,
    ...optional(filters.from),
    ...optional(filters.to),
    filters.kinds === undefined ? null : JSON.stringify(filters.kinds),
    filters.kinds === undefined ? null : JSON.stringify(filters.kinds),
  ];
  const statement = source.db
    .prepare<typeof params, ChangeRow>(
      `SELECT c.observed_at, b.slug, b.name, c.kind, c.attribute, c.old_value, c.new_value, c.sync_run_id
         FROM brand_changes c JOIN brands b ON b.id = c.brand_id
        WHERE b.workspace_id = ? AND (? IS NULL OR b.slug = ? OR b.name = ?)
          AND (? IS NULL OR substr(c.observed_at, 1, 10) >= ?) AND (? IS NULL OR substr(c.observed_at, 1, 10) <= ?)
          AND (? IS NULL OR c.kind IN (SELECT value FROM json_each(?)))
        ORDER BY c.id`,
    )
    .safeIntegers(true);
  return {
    title: 'Brand changes',
    columns: COLUMNS,
    rows: { [Symbol.iterator]: () => statement.iterate(...params) },
    totalRows: null,
  };
}
