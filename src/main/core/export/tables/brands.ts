/** The brands table: the brands the Brands screen lists for the same filters, their key attributes. */
import type { ExportRequest } from '../../../../shared/ipc/contract-export';
import { parseLossless } from '../../platform/wire';
import { CatalogueIndexCache } from '../../catalogue/facet-index';
import type { FacetFilters } from '../../catalogue/facets';
import { searchCatalogue, type CatalogueSearchInput } from '../../catalogue/search';
import { BrandsRepository, type BrandRow } from '../../ledger/repositories/brands';
import { CatalogueSearchRepository } from '../../ledger/repositories/catalogue-search';
import { currencyColumn, type ExportColumn, type ExportTable } from '../columns';
import type { ExportSource } from './source';

type Filters = Extract<ExportRequest, { table: 'brands' }>['filters'];

/** The row with its JSON read once (numbers as exact text). */
interface BrandView extends BrandRow {
  brand: Record<string, unknown>;
}

function field(view: BrandView, ...path: string[]): unknown {
  let value: unknown = view.brand;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const textOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const listOf = (value: unknown): string | null =>
  Array.isArray(value)
    ? value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(', ')
    : null;

const COLUMNS: ExportColumn<BrandView>[] = [
  { key: 'slug', header: 'Slug', kind: 'reference', value: (r) => r.slug, width: 24 },
  { key: 'name', header: 'Name', kind: 'text', value: (r) => r.name, width: 32 },
  { key: 'type', header: 'Type', kind: 'text', value: (r) => textOf(field(r, 'type')) },
  { key: 'status', header: 'Status', kind: 'text', value: (r) => r.status_code },
  {
    key: 'status_reason',
    header: 'Status reason',
    kind: 'text',
    value: (r) => textOf(field(r, 'status', 'reason')),
  },
  currencyColumn((r) => r.currency),
  // A percentage: written as the exact number the platform sent (no currency, so no padding).
  { key: 'discount', header: 'Discount (%)', kind: 'amount', value: (r) => textOf(field(r, 'discount')) },
  {
    key: 'countries',
    header: 'Countries served',
    kind: 'text',
    value: (r) => listOf(field(r, 'countries_served')),
  },
  { key: 'categories', header: 'Categories', kind: 'text', value: (r) => listOf(field(r, 'categories')) },
  {
    key: 'delivery',
    header: 'Delivery methods',
    kind: 'text',
    value: (r) => listOf(field(r, 'delivery_methods')),
  },
  { key: 'first_seen_at', header: 'First seen at', kind: 'timestamp', value: (r) => r.first_seen_at },
  { key: 'last_seen_at', header: 'Last seen at', kind: 'timestamp', value: (r) => r.last_seen_at },
  { key: 'vanished_at', header: 'Vanished at', kind: 'timestamp', value: (r) => r.vanished_at },
];

function* views(rows: Iterable<BrandRow>): Iterable<BrandView> {
  for (const row of rows) {
    let brand: Record<string, unknown> = {};
    try {
      const parsed = parseLossless(row.data);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
        brand = parsed as Record<string, unknown>;
    } catch {
      // Stored text that no longer parses: the row still shows its columns.
    }
    yield { ...row, brand };
  }
}

/**
 * The catalogue search input of the export's filters, as the Brands screen asks (catalogue:search):
 * the text, the facets (a shorthand such as `currency` adds its value to that facet), vanished brands
 * only when asked, and the screen's sort (default: relevance with text, else name).
 */
export function catalogueInput(filters: Filters = {}): CatalogueSearchInput {
  const facets: FacetFilters = { ...filters.facets };
  const also = (facet: 'currency' | 'status' | 'country' | 'category', value: string | undefined): void => {
    if (value !== undefined) facets[facet] = [...new Set([...(facets[facet] ?? []), value])];
  };
  also('currency', filters.currency);
  also('status', filters.status);
  also('country', filters.country);
  also('category', filters.category);
  const input: CatalogueSearchInput = { filters: facets, offset: 0, limit: Number.MAX_SAFE_INTEGER };
  const text = filters.text?.trim();
  if (text) input.text = text;
  if (filters.includeVanished !== undefined) input.includeVanished = filters.includeVanished;
  if (filters.sort !== undefined) input.sort = filters.sort;
  if (filters.direction !== undefined) input.direction = filters.direction;
  return input;
}

/**
 * The brands the Brands screen finds for the same filters, in its order: the catalogue's own search
 * (full text with FTS5: prefixes, accents folded, bm25 ranking) on the export's snapshot. The search
 * answers the slugs (a catalogue's worth, small); each brand's row is then read as it is written.
 */
export function brandsTable(source: ExportSource, filters: Filters = {}): ExportTable<BrandView> {
  const repository = new CatalogueSearchRepository(source.db);
  const cache = new CatalogueIndexCache(repository, source.workspaceId);
  const slugs = searchCatalogue(repository, cache, catalogueInput(filters)).brands.map((brand) => brand.slug);
  const brands = new BrandsRepository(source.db);
  function* rows(): Iterable<BrandRow> {
    for (const slug of slugs) {
      const row = brands.brand(source.workspaceId, slug);
      if (row !== undefined) yield row;
    }
  }
  return {
    title: 'Brands',
    columns: COLUMNS,
    rows: { [Symbol.iterator]: () => views(rows())[Symbol.iterator]() },
    totalRows: slugs.length,
  };
}
