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

const COLUMNS = `id, brand_slug AS brandSlug, name, platform_version AS platformVersion,
  local_version AS localVersion, file_path AS filePath, previous_version AS previousVersion,
  previous_file_path AS previousFilePath, checked_at AS checkedAt, downloaded_at AS downloadedAt`;

/** Template versions and their local copies: the verified one and the one before it. */
export class TemplatesRepository {
  constructor(private readonly db: Ledger) {}

  list(workspaceId: number): TemplateRecord[] {
    return this.db
      .prepare<[number], TemplateRecord>(
        `SELECT ${COLUMNS} FROM templates WHERE workspace_id = ? ORDER BY brand_slug, name`,
      )
      .all(workspaceId);
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
          .prepare<[number, string, string], TemplateRecord>(
            `SELECT ${COLUMNS} FROM templates WHERE workspace_id = ? AND brand_slug = ? AND name = ?`,
          )
          .get(workspaceId, template.brand, template.name);
        if (row === undefined)
          throw new Error(`Template ${template.brand}/${template.name} was never listed in this workspace.`);
        const shift = row.localVersion !== null && row.localVersion !== version;
        const updated = this.db
          .prepare<[string | null, string | null, string, string, string, number], TemplateRecord>(
            `UPDATE templates SET previous_version = ?, previous_file_path = ?, local_version = ?,
                                  file_path = ?, downloaded_at = ?
              WHERE id = ? RETURNING ${COLUMNS}`,
          )
          .get(
            shift ? row.localVersion : row.previousVersion,
            shift ? row.filePath : row.previousFilePath,
            version,
            filePath,
            downloadedAt,
            row.id,
          );
        if (updated === undefined) throw new Error('Updating the template row returned nothing.');
        return updated;
      })
      .immediate();
  }
}
