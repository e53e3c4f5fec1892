import type { Ledger } from '../db';

export type AssetKind = 'logo' | 'gift_card';

/** One image a listed brand names in its detail, with what the ledger knows of its last fetch. */
export interface AssetCandidate {
  brandId: number;
  slug: string;
  kind: AssetKind;
  /** The URL the brand names now (not checked: may be anything the platform sent). */
  url: unknown;
  /** The URL of the last attempt, or null when never tried. */
  lastUrl: string | null;
  lastError: string | null;
  lastFetchedAt: string | null;
  filePath: string | null;
}

interface AssetAttempt {
  brandId: number;
  kind: AssetKind;
  url: string;
  fetchedAt: string;
}

/** A downloaded image (file_path relative to the workspace), or why it was not. */
export type AssetResult = AssetAttempt &
  (
    | { filePath: string; contentType: string; bytes: number; sha256: string; error?: undefined }
    | { error: string }
  );

export interface AssetRecord {
  slug: string;
  kind: AssetKind;
  url: string;
  filePath: string | null;
  contentType: string | null;
  bytes: number | null;
  sha256: string | null;
  fetchedAt: string;
  error: string | null;
}

const KINDS = `(SELECT 'logo' AS kind, '$.detail.assets.logo_url' AS path
                UNION ALL SELECT 'gift_card', '$.detail.assets.gift_card_url')`;

export class BrandAssetsRepository {
  constructor(private readonly db: Ledger) {}

  /** Every image named by a brand that is still listed. */
  candidates(workspaceId: number): AssetCandidate[] {
    return this.db
      .prepare<[number], AssetCandidate>(
        `SELECT b.id AS brandId, b.slug, k.kind, json_extract(b.data, k.path) AS url,
                a.url AS lastUrl, a.error AS lastError, a.fetched_at AS lastFetchedAt, a.file_path AS filePath
           FROM brands b CROSS JOIN ${KINDS} k
           LEFT JOIN brand_assets a ON a.brand_id = b.id AND a.kind = k.kind
          WHERE b.workspace_id = ? AND b.vanished_at IS NULL AND json_extract(b.data, k.path) IS NOT NULL
          ORDER BY b.id, k.kind`,
      )
      .all(workspaceId);
  }

  /**
   * Record attempts in one transaction. A failed attempt keeps the previous file (so the catalogue
   * still shows the last good image offline) and says in `error` why the current URL failed.
   */
  record(results: readonly AssetResult[]): void {
    const upsert = this.db.prepare(
      `INSERT INTO brand_assets (brand_id, kind, url, file_path, content_type, bytes, sha256, fetched_at, error)
       VALUES (@brandId, @kind, @url, @filePath, @contentType, @bytes, @sha256, @fetchedAt, @error)
       ON CONFLICT (brand_id, kind) DO UPDATE SET
         url = excluded.url,
         fetched_at = excluded.fetched_at,
         error = excluded.error,
         file_path = CASE WHEN excluded.error IS NULL THEN excluded.file_path ELSE brand_assets.file_path END,
         content_type = CASE WHEN excluded.error IS NULL THEN excluded.content_type ELSE brand_assets.content_type END,
         bytes = CASE WHEN excluded.error IS NULL THEN excluded.bytes ELSE brand_assets.bytes END,
         sha256 = CASE WHEN excluded.error IS NULL THEN excluded.sha256 ELSE brand_assets.sha256 END`,
    );
    this.db
      .transaction(() => {
        for (const result of results) {
          const ok = result.error === undefined;
          upsert.run({
            brandId: result.brandId,
            kind: result.kind,
            url: result.url,
            fetchedAt: result.fetchedAt,
            error: ok ? null : result.error,
            filePath: ok ? result.filePath : null,
            contentType: ok ? result.contentType : null,
            bytes: ok ? result.bytes : null,
            sha256: ok ? result.sha256 : null,
          });
        }
      })
      .immediate();
  }

  list(workspaceId: number): AssetRecord[] {
    return this.db
      .prepare<[number], AssetRecord>(
        `SELECT b.slug, a.kind, a.url, a.file_path AS filePath, a.content_type AS contentType, a.bytes,
                a.sha256, a.fetched_at AS fetchedAt, a.error
           FROM brand_assets a JOIN brands b ON b.id = a.brand_id
          WHERE b.workspace_id = ? ORDER BY b.slug, a.kind`,
      )
      .all(workspaceId);
  }
}
