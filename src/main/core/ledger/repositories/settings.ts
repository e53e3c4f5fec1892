import type { Settings } from '../../../../shared/ipc/contract-settings';
import type { Ledger } from '../db';

interface SettingsRow {
  sync_interval_minutes: number;
  locale: string;
  date_style: Settings['dateStyle'];
  theme: Settings['theme'];
  company: string;
  finance_email: string | null;
  signer_name: string | null;
}

/** The workspace's settings row (migration 0007); absent until a setting is first changed. */
export class SettingsRepository {
  constructor(private readonly db: Ledger) {}

  get(workspaceId: number): Settings | undefined {
    const row = this.db
      .prepare<[number], SettingsRow>(
        `SELECT sync_interval_minutes, locale, date_style, theme, company, finance_email, signer_name
           FROM workspace_settings WHERE workspace_id = ?`,
      )
      .get(workspaceId);
    if (!row) return undefined;
    return {
      syncIntervalMinutes: row.sync_interval_minutes,
      locale: row.locale,
      dateStyle: row.date_style,
      theme: row.theme,
      company: JSON.parse(row.company) as Settings['company'],
      financeEmail: row.finance_email,
      signerName: row.signer_name,
    };
  }

  /** Write every setting at once (one statement: nothing half-written). */
  save(workspaceId: number, settings: Settings, now: string): void {
    this.db
      .prepare(
        `INSERT INTO workspace_settings
           (workspace_id, sync_interval_minutes, locale, date_style, theme, company, finance_email, signer_name,
            updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (workspace_id) DO UPDATE SET
           sync_interval_minutes = excluded.sync_interval_minutes, locale = excluded.locale,
           date_style = excluded.date_style, theme = excluded.theme, company = excluded.company,
           finance_email = excluded.finance_email, signer_name = excluded.signer_name, updated_at = excluded.updated_at`,
      )
      .run(
        workspaceId,
        settings.syncIntervalMinutes,
        settings.locale,
        settings.dateStyle,
        settings.theme,
        JSON.stringify(settings.company),
        settings.financeEmail,
        settings.signerName,
        now,
      );
  }
}
