/** The brand change log across syncs, filtered and paged for the catalogue's "What changed" view. */
import type { Ledger } from '../db';

export interface ChangeQuery {
  workspaceId: number;
  /** Inclusive bounds on the UTC date of observed_at (YYYY-MM-DD). */
  from: string | null;
  to: string | null;
  kinds: readonly string[];
  /** Attribute names of 'changed' rows ('status', 'discount', ...); other kinds always pass. */
  attributes: readonly string[];
  slug: string | null;
  offset: number;
  limit: number;
}

export interface ChangeRow {
  id: number;
  slug: string;
  name: string;
  syncRunId: number | null;
  observedAt: string;
  kind: string;
  attribute: string | null;
  oldValue: string | null;
  newValue: string | null;
}

const WHERE = `b.workspace_id = @workspaceId
   AND (@from IS NULL OR substr(c.observed_at, 1, 10) >= @from)
   AND (@to IS NULL OR substr(c.observed_at, 1, 10) <= @to)
   AND (@kinds IS NULL OR c.kind IN (SELECT value FROM json_each(@kinds)))
   AND (@attributes IS NULL OR c.kind <> 'changed'
        OR c.attribute IN (SELECT value FROM json_each(@attributes)))
   AND (@slug IS NULL OR b.slug = @slug)`;

export class CatalogueChangesRepository {
  constructor(private readonly db: Ledger) {}

  /** Newest first, with the total the filters leave. */
  list(query: ChangeQuery): { rows: ChangeRow[]; total: number } {
    const params = {
      workspaceId: query.workspaceId,
      from: query.from,
      to: query.to,
      kinds: query.kinds.length === 0 ? null : JSON.stringify(query.kinds),
      attributes: query.attributes.length === 0 ? null : JSON.stringify(query.attributes),
      slug: query.slug,
    };
    const total = this.db
      .prepare<typeof params, number>(
        `SELECT count(*) FROM brand_changes c JOIN brands b ON b.id = c.brand_id WHERE ${WHERE}`,
      )
      .pluck()
      .get(params);
    const rows = this.db
      .prepare<typeof params & { offset: number; limit: number }, ChangeRow>(
        `SELECT c.id, b.slug, b.name, c.sync_run_id AS syncRunId, c.observed_at AS observedAt, c.kind,
                c.attribute, c.old_value AS oldValue, c.new_value AS newValue
           FROM brand_changes c JOIN brands b ON b.id = c.brand_id
          WHERE ${WHERE}
          ORDER BY c.id DESC LIMIT @limit OFFSET @offset`,
      )
      .all({ ...params, offset: query.offset, limit: query.limit });
    return { rows, total: total ?? 0 };
  }
}
