import type Database from 'better-sqlite3';
import type { BrandChange, BrandWrite, StoredBrand } from '../../sync/brand-diff';
import type { Ledger } from '../db';
import { optionalFilter } from './optional-filter';
import { catalogueIndexMarks } from './catalogue-index';

/** When and in which run a catalogue was observed. */
export interface BrandStamp {
  observedAt: string;
  syncRunId: number | null;
}

/** The last step of a catalogue: brands no longer listed, and the mark that a full catalogue is held. */
export interface CatalogueCompletion {
  vanished: ReadonlyArray<{ id: number }>;
}

export interface BrandRecord {
  id: number;
  slug: string;
  name: string;
  currency: string;
  statusCode: string;
  /** The brand's JSON exactly as the platform sent it: read it with parseLossless (numbers as exact text). */
  data: string;
  firstSeenAt: string;
  lastSeenAt: string;
  vanishedAt: string | null;
}

export interface BrandChangeRecord extends BrandChange {
  id: number;
  slug: string;
  syncRunId: number | null;
  observedAt: string;
}

/** A brands row as stored. */
export interface BrandRow {
  id: number;
  slug: string;
  name: string;
  currency: string;
  status_code: string;
  data: string;
  first_seen_at: string;
  last_seen_at: string;
  vanished_at: string | null;
}

/** A logged change with its brand's slug and name, as the export reads it (sync run with safeIntegers). */
export interface BrandChangeExportRow {
  observed_at: string;
  slug: string;
  name: string;
  kind: string;
  attribute: string | null;
  old_value: string | null;
  new_value: string | null;
  sync_run_id: bigint | null;
}

/** Which logged changes the export takes: of a brand (slug or name), from and to a UTC day, of kinds. */
export interface BrandChangeFilters {
  brand?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  kinds?: readonly string[] | undefined;
}

interface ChangeRow {
  id: number;
  slug: string;
  sync_run_id: number | null;
  observed_at: string;
  kind: BrandChange['kind'];
  attribute: string | null;
  old_value: string | null;
  new_value: string | null;
}

const BASELINE = { dataset: 'brands', key: 'catalogue_complete_at' } as const;

/**
 * Brands with their change log. Brands are upserted, never deleted; changes are appended. Brands
 * whose data was written are marked for the catalogue index in the same transaction; the index itself
 * is brought up to date before the next catalogue search (catalogue-index.ts).
 */
export class BrandsRepository {
  private bySlug: Database.Statement<[number, string], BrandRow> | undefined;

  constructor(private readonly db: Ledger) {}

  /** One brand of the workspace by its slug, vanished or not. */
  brand(workspaceId: number, slug: string): BrandRow | undefined {
    this.bySlug ??= this.db.prepare<[number, string], BrandRow>(
      'SELECT * FROM brands WHERE workspace_id = ? AND slug = ?',
    );
    return this.bySlug.get(workspaceId, slug);
  }

  /** Every stored brand of the workspace by slug, as the diff needs it. */
  loadForDiff(workspaceId: number): Map<string, StoredBrand> {
    const rows = this.db
      .prepare<[number], { id: number; slug: string; data: string; vanished: number }>(
        `SELECT id, slug, data, vanished_at IS NOT NULL AS vanished FROM brands WHERE workspace_id = ?`,
      )
      .all(workspaceId);
    const out = new Map<string, StoredBrand>();
    for (const row of rows) out.set(row.slug, { id: row.id, data: row.data, vanished: row.vanished === 1 });
    return out;
  }

  /** True once a whole catalogue has been saved: from then on first-seen brands are logged as 'new'. */
  hasCompleteCatalogue(workspaceId: number): boolean {
    return (
      this.db
        .prepare<[number, string, string], { one: number }>(
          'SELECT 1 AS one FROM sync_state WHERE workspace_id = ? AND dataset = ? AND key = ?',
        )
        .get(workspaceId, BASELINE.dataset, BASELINE.key) !== undefined
    );
  }

  /**
   * Save one chunk of a catalogue in one transaction; with `completion` (the last chunk), also mark
   * the vanished brands and record that a complete catalogue is held.
   */
  saveChunk(
    workspaceId: number,
    writes: readonly BrandWrite[],
    stamp: BrandStamp,
    completion?: CatalogueCompletion,
  ): void {
    const insert = this.db.prepare(
      `INSERT INTO brands (workspace_id, slug, name, currency, status_code, data, first_seen_at, last_seen_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const update = this.db.prepare(
      `UPDATE brands SET name = ?, currency = ?, status_code = ?, data = ?, last_seen_at = ?, vanished_at = NULL
        WHERE id = ?`,
    );
    const touch = this.db.prepare('UPDATE brands SET last_seen_at = ?, vanished_at = NULL WHERE id = ?');
    const vanish = this.db.prepare('UPDATE brands SET vanished_at = ? WHERE id = ? AND vanished_at IS NULL');
    const append = this.db.prepare(
      `INSERT INTO brand_changes (brand_id, sync_run_id, observed_at, kind, attribute, old_value, new_value)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const index = catalogueIndexMarks(this.db);
    const { observedAt, syncRunId } = stamp;
    this.db
      .transaction(() => {
        for (const write of writes) {
          let id = write.id;
          if (id === null) {
            const result = insert.run(
              workspaceId,
              write.slug,
              write.name,
              write.currency,
              write.statusCode,
              write.data,
              observedAt,
              observedAt,
            );
            id = Number(result.lastInsertRowid);
            index.put(id);
          } else if (write.dataChanged) {
            update.run(write.name, write.currency, write.statusCode, write.data, observedAt, id);
            index.put(id);
          } else {
            // A returned brand is listed again: readers must see it.
            if (write.returned) index.touch();
            touch.run(observedAt, id);
          }
          for (const change of write.changes)
            append.run(
              id,
              syncRunId,
              observedAt,
              change.kind,
              change.attribute,
              change.oldValue,
              change.newValue,
            );
        }
        if (completion !== undefined)
          for (const brand of completion.vanished) {
            if (vanish.run(observedAt, brand.id).changes > 0) {
              append.run(brand.id, syncRunId, observedAt, 'vanished', null, null, null);
              index.touch();
            }
          }
        if (completion !== undefined)
          this.db
            .prepare(
              `INSERT INTO sync_state (workspace_id, dataset, key, value, updated_at) VALUES (?, ?, ?, ?, ?)
               ON CONFLICT (workspace_id, dataset, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
            )
            .run(workspaceId, BASELINE.dataset, BASELINE.key, observedAt, observedAt);
        index.flush(workspaceId, observedAt);
      })
      .immediate();
  }

  /** Every brand of the workspace, vanished ones included, by slug. */
  list(workspaceId: number): BrandRecord[] {
    return this.db
      .prepare<[number], BrandRow>('SELECT * FROM brands WHERE workspace_id = ? ORDER BY slug')
      .all(workspaceId)
      .map((row) => ({
        id: row.id,
        slug: row.slug,
        name: row.name,
        currency: row.currency,
        statusCode: row.status_code,
        data: row.data,
        firstSeenAt: row.first_seen_at,
        lastSeenAt: row.last_seen_at,
        vanishedAt: row.vanished_at,
      }));
  }

  /** The change log as exported, oldest first: each `[Symbol.iterator]()` streams it again. */
  exportChanges(workspaceId: number, filters: BrandChangeFilters): Iterable<BrandChangeExportRow> {
    const brand = filters.brand ?? null;
    const kinds = filters.kinds === undefined ? null : JSON.stringify(filters.kinds);
    const params = [
      workspaceId,
      brand,
      brand,
      brand,
      ...optionalFilter(filters.from),
      ...optionalFilter(filters.to),
      kinds,
      kinds,
    ];
    const statement = this.db
      .prepare<typeof params, BrandChangeExportRow>(
        `SELECT c.observed_at, b.slug, b.name, c.kind, c.attribute, c.old_value, c.new_value, c.sync_run_id
           FROM brand_changes c JOIN brands b ON b.id = c.brand_id
          WHERE b.workspace_id = ? AND (? IS NULL OR b.slug = ? OR b.name = ?)
            AND (? IS NULL OR substr(c.observed_at, 1, 10) >= ?) AND (? IS NULL OR substr(c.observed_at, 1, 10) <= ?)
            AND (? IS NULL OR c.kind IN (SELECT value FROM json_each(?)))
          ORDER BY c.id`,
      )
      .safeIntegers(true);
    return { [Symbol.iterator]: () => statement.iterate(...params) };
  }

  /** The change log, oldest first; optionally only what one sync run observed. */
  listChanges(workspaceId: number, options: { syncRunId?: number } = {}): BrandChangeRecord[] {
    return this.db
      .prepare<[number, number | null, number | null], ChangeRow>(
        `SELECT c.id, b.slug, c.sync_run_id, c.observed_at, c.kind, c.attribute, c.old_value, c.new_value
           FROM brand_changes c JOIN brands b ON b.id = c.brand_id
          WHERE b.workspace_id = ? AND (? IS NULL OR c.sync_run_id = ?)
          ORDER BY c.id`,
      )
      .all(workspaceId, options.syncRunId ?? null, options.syncRunId ?? null)
      .map((row) => ({
        id: row.id,
        slug: row.slug,
        syncRunId: row.sync_run_id,
        observedAt: row.observed_at,
        kind: row.kind,
        attribute: row.attribute,
        oldValue: row.old_value,
        newValue: row.new_value,
      }));
  }
}
