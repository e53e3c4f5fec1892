/** Reads of the catalogue index (migration 0012) for search, facets and a brand's page. */
import type { Ledger } from '../db';
import { bringCatalogueUpToDate, CATALOGUE_GENERATION } from './catalogue-index';

/** One brand as the in-memory facet index loads it (lists as JSON arrays of strings). */
export interface CatalogueRow {
  id: number;
  slug: string;
  name: string;
  vanished: number;
  type: string;
  status: string;
  currency: string;
  gcPool: number | null;
  asyncOnly: number | null;
  discount: string | null;
  lastUpdated: string | null;
  categories: string;
  countries: string;
  deliveryMethods: string;
  transactionTypes: string;
  redemptionMethods: string;
}

export interface StoredBrandPage {
  id: number;
  slug: string;
  name: string;
  data: string;
  firstSeenAt: string;
  lastSeenAt: string;
  vanishedAt: string | null;
}

export interface StoredAsset {
  kind: 'logo' | 'gift_card';
  url: string;
  filePath: string | null;
  contentType: string | null;
  bytes: number | null;
  fetchedAt: string;
  error: string | null;
}

export class CatalogueSearchRepository {
  private readonly stateStatement;
  private readonly idsStatement;
  private readonly rankedStatement;
  private readonly rankedDescStatement;

  constructor(private readonly db: Ledger) {
    this.stateStatement = db
      .prepare<[number, string, string], [string | null, number]>(
        `SELECT (SELECT value FROM sync_state WHERE workspace_id = ? AND dataset = ? AND key = ?),
                EXISTS (SELECT 1 FROM catalogue_pending)`,
      )
      .raw();
    this.idsStatement = db
      .prepare<[string], number>('SELECT rowid FROM brand_fts WHERE brand_fts MATCH ?')
      .pluck();
    this.rankedStatement = db
      .prepare<[string], [number, number]>(
        'SELECT rowid, rank FROM brand_fts WHERE brand_fts MATCH ? ORDER BY rank',
      )
      .raw();
    this.rankedDescStatement = db
      .prepare<[string], [number, number]>(
        'SELECT rowid, rank FROM brand_fts WHERE brand_fts MATCH ? ORDER BY rank DESC',
      )
      .raw();
  }

  /**
   * The catalogue generation of the workspace (moves whenever its brands are written or indexed;
   * 0 before any write) and whether brands wait to be indexed (catalogue-index.ts).
   */
  state(workspaceId: number): { generation: number; pending: boolean } {
    const [value, pending] = this.stateStatement.get(
      workspaceId,
      CATALOGUE_GENERATION.dataset,
      CATALOGUE_GENERATION.key,
    )!;
    return { generation: value === null ? 0 : Number(value), pending: pending === 1 };
  }

  /** Moves whenever a brand of the workspace is written or indexed; 0 before any write. */
  generation(workspaceId: number): number {
    return this.state(workspaceId).generation;
  }

  /**
   * Index the brands that wait for it (one transaction); false when nothing was done, including on
   * a read-only ledger, which searches what is indexed.
   */
  bringUpToDate(): boolean {
    if (this.db.readonly) return false;
    return bringCatalogueUpToDate(this.db) > 0;
  }

  /** Every brand of the workspace with its flattened attributes. */
  loadRows(workspaceId: number): CatalogueRow[] {
    return this.db
      .prepare<[number], CatalogueRow>(
        `SELECT b.id, b.slug, b.name, b.vanished_at IS NOT NULL AS vanished, c.type, c.status, c.currency,
                c.gc_pool AS gcPool, c.async_only AS asyncOnly, c.discount, c.last_updated AS lastUpdated,
                c.categories, c.countries, c.delivery_methods AS deliveryMethods,
                c.transaction_types AS transactionTypes, c.redemption_methods AS redemptionMethods
           FROM brands b JOIN brand_catalogue c ON c.brand_id = b.id
          WHERE b.workspace_id = ?`,
      )
      .all(workspaceId);
  }

  /**
   * Brand ids and bm25 ranks (lower is better) for a full-text expression built by fts-query.ts,
   * best first. Ids of every workspace: the caller keeps its own.
   */
  match(expression: string): Array<[number, number]> {
    return this.rankedStatement.all(expression);
  }

  /** Only the brand ids that match, in id order: no ranking (the cheap part of a full-text query). */
  matchIds(expression: string): number[] {
    return this.idsStatement.all(expression);
  }

  /**
   * Matches as [id, rank], best first (or worst first), read lazily: a caller that needs one page
   * stops early and never marshals the rest. Ranking itself is done by FTS5 for every match.
   */
  ranked(expression: string, worstFirst = false): IterableIterator<[number, number]> {
    return (worstFirst ? this.rankedDescStatement : this.rankedStatement).iterate(expression);
  }

  brandBySlug(workspaceId: number, slug: string): StoredBrandPage | undefined {
    return this.db
      .prepare<[number, string], StoredBrandPage>(
        `SELECT id, slug, name, data, first_seen_at AS firstSeenAt, last_seen_at AS lastSeenAt,
                vanished_at AS vanishedAt
           FROM brands WHERE workspace_id = ? AND slug = ?`,
      )
      .get(workspaceId, slug);
  }

  assetsOf(brandId: number): StoredAsset[] {
    return this.db
      .prepare<[number], StoredAsset>(
        `SELECT kind, url, file_path AS filePath, content_type AS contentType, bytes, fetched_at AS fetchedAt, error
           FROM brand_assets WHERE brand_id = ? ORDER BY kind`,
      )
      .all(brandId);
  }

  /** A stored image of a brand of the workspace by its slug and kind. */
  asset(workspaceId: number, slug: string, kind: string): StoredAsset | undefined {
    return this.db
      .prepare<[number, string, string], StoredAsset>(
        `SELECT a.kind, a.url, a.file_path AS filePath, a.content_type AS contentType, a.bytes,
                a.fetched_at AS fetchedAt, a.error
           FROM brand_assets a JOIN brands b ON b.id = a.brand_id
          WHERE b.workspace_id = ? AND b.slug = ? AND a.kind = ?`,
      )
      .get(workspaceId, slug, kind);
  }
}
