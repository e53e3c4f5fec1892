import type { Ledger } from '../db';

export interface TemplateRecord {
  id: number;
  brandSlug: string;
  name: string;
  /** The newest version the platform announced. */
  platformVersion: string;
  /** The version of the verified local copy; null until one is downloaded. */
  localVersion: string | null;
  /** Relative to the workspace folder. */
  filePath: string | null;
  previousVersion: string | null;
  previousFilePath: string | null;
  checkedAt: string;
  downloadedAt: string | null;
}

interface TemplateRow {
  id: number;
  brand_slug: string;
  name: string;
  platform_version: string;
  local_version: string | null;
  file_path: string | null;
  previous_version: string | null;
  previous_file_path: string | null;
  checked_at: string;
  downloaded_at: string | null;
}

function toRecord(row: TemplateRow): TemplateRecord {
  return {
    id: row.id,
    brandSlug: row.brand_slug,
    name: row.name,
    platformVersion: row.platform_version,
    localVersion: row.local_version,
    filePath: row.file_path,
    previousVersion: row.previous_version,
    previousFilePath: row.previous_file_path,
    checkedAt: row.checked_at,
    downloadedAt: row.downloaded_at,
  };
}

/** Template versions and their local copies: the verified one and the one before it. */
export class TemplatesRepository {
  constructor(private readonly db: Ledger) {}

  list(workspaceId: number): TemplateRecord[] {
    return this.db
      .prepare<[number], TemplateRow>(
        'SELECT * FROM templates WHERE workspace_id = ? ORDER BY brand_slug, name',
      )
      .all(workspaceId)
      .map(toRecord);
  }

  /** What the platform announced, in one transaction (rows for templates it no longer lists stay). */
  recordListed(
    workspaceId: number,
    listed: ReadonlyArray<{ brand: string; name: string; version: string }>,
    checkedAt: string,
  ): void {
    const upsert = this.db.prepare(
      `INSERT INTO templates (workspace_id, brand_slug, name, platform_version, checked_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (workspace_id, brand_slug, name)
       DO UPDATE SET platform_version = excluded.platform_version, checked_at = excluded.checked_at`,
    );
    this.db
      .transaction(() => {
        for (const item of listed) upsert.run(workspaceId, item.brand, item.name, item.version, checkedAt);
      })
      .immediate();
  }

  /**
   * A verified copy of `version` is at `filePath`: it becomes the local copy, and the copy it replaces
   * becomes the previous one (unless it was the same version, e.g. a copy downloaded again because
   * its file was gone). Returns the record as it now stands.
   */
  recordVerified(
    workspaceId: number,
    template: { brand: string; name: string },
    version: string,
    filePath: string,
    downloadedAt: string,
  ): TemplateRecord {
    return this.db
      .transaction(() => {
        const row = this.db
          .prepare<[number, string, string], TemplateRow>(
            'SELECT * FROM templates WHERE workspace_id = ? AND brand_slug = ? AND name = ?',
          )
          .get(workspaceId, template.brand, template.name);
        if (row === undefined)
          throw new Error(`Template ${template.brand}/${template.name} was never listed in this workspace.`);
        const shift = row.local_version !== null && row.local_version !== version;
        const updated = this.db
          .prepare<[string | null, string | null, string, string, string, number], TemplateRow>(
            `UPDATE templates SET previous_version = ?, previous_file_path = ?, local_version = ?,
                                  file_path = ?, downloaded_at = ?
              WHERE id = ? RETURNING *`,
          )
          .get(
            shift ? row.local_version : row.previous_version,
            shift ? row.file_path : row.previous_file_path,
            version,
            filePath,
            downloadedAt,
            row.id,
          );
        if (updated === undefined) throw new Error('Updating the template row returned nothing.');
        return toRecord(updated);
      })
      .immediate();
  }
}
