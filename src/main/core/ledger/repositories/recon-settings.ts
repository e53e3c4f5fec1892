import type { Ledger } from '../db';

/** Settings → Reconciliation as stored (migration 0016); tolerances in minor units per currency. */
export interface StoredReconSettings {
  automatic: { exactReference: boolean; fuzzyReference: boolean; splitSum: boolean };
  tolerances: { currency: string; minor: bigint }[];
  startDate: string | null;
  updatedAt: string;
}

interface SettingsRow {
  auto_exact_ref: number;
  auto_fuzzy_ref: number;
  auto_split_sum: number;
  start_date: string | null;
  updated_at: string;
}

/** One row per workspace (absent until first changed) and its tolerances, one row per currency. */
export class ReconSettingsRepository {
  constructor(private readonly db: Ledger) {}

  get(workspaceId: number): StoredReconSettings | undefined {
    const row = this.db
      .prepare<[number], SettingsRow>(
        `SELECT auto_exact_ref, auto_fuzzy_ref, auto_split_sum, start_date, updated_at
           FROM recon_settings WHERE workspace_id = ?`,
      )
      .get(workspaceId);
    if (row === undefined) return undefined;
    const tolerances = this.db
      .prepare<[number], { currency: string; amount_minor: bigint }>(
        `SELECT currency, amount_minor FROM recon_tolerances WHERE workspace_id = ? ORDER BY currency`,
      )
      .safeIntegers(true)
      .all(workspaceId);
    return {
      automatic: {
        exactReference: row.auto_exact_ref === 1,
        fuzzyReference: row.auto_fuzzy_ref === 1,
        splitSum: row.auto_split_sum === 1,
      },
      tolerances: tolerances.map((entry) => ({ currency: entry.currency, minor: entry.amount_minor })),
      startDate: row.start_date,
      updatedAt: row.updated_at,
    };
  }

  /** Replaces the workspace's settings and tolerances; call inside the caller's transaction. */
  save(workspaceId: number, settings: StoredReconSettings): void {
    const flag = (value: boolean): number => (value ? 1 : 0);
    this.db
      .prepare(
        `INSERT INTO recon_settings
           (workspace_id, auto_exact_ref, auto_fuzzy_ref, auto_split_sum, start_date, updated_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (workspace_id) DO UPDATE SET
           auto_exact_ref = excluded.auto_exact_ref, auto_fuzzy_ref = excluded.auto_fuzzy_ref,
           auto_split_sum = excluded.auto_split_sum, start_date = excluded.start_date,
           updated_at = excluded.updated_at`,
      )
      .run(
        workspaceId,
        flag(settings.automatic.exactReference),
        flag(settings.automatic.fuzzyReference),
        flag(settings.automatic.splitSum),
        settings.startDate,
        settings.updatedAt,
      );
    this.db.prepare('DELETE FROM recon_tolerances WHERE workspace_id = ?').run(workspaceId);
    const insert = this.db.prepare(
      'INSERT INTO recon_tolerances (workspace_id, currency, amount_minor) VALUES (?, ?, ?)',
    );
    for (const { currency, minor } of settings.tolerances) insert.run(workspaceId, currency, minor);
  }
}
