import { formatPreferencesOf, type FormatPreferences } from '../../../shared/domain/formats';
import type { Ledger } from '../ledger/db';
import { SettingsRepository } from '../ledger/repositories/settings';
import { DEFAULT_SETTINGS } from './defaults';

/**
 * How sentences the core builds for a person (match explanations, warnings, roll-forward flags)
 * write money and dates: the workspace's Settings → Format, as the screens do. 'system' is the
 * runtime's own language (the desktop's, or the terminal's for the command line).
 */
export function workspaceFormat(db: Ledger, workspaceId: number): FormatPreferences {
  return formatPreferencesOf(new SettingsRepository(db).get(workspaceId) ?? DEFAULT_SETTINGS);
}
