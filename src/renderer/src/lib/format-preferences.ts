/**
 * How numbers and dates are written, from the workspace's settings (stores/settings.ts sets it).
 * The formatters (format-money.ts, format-time.ts) read it whenever a call passes no locale, so
 * their signatures stay as they were. No React here: see use-format-preferences.ts for the hook.
 */
import { formatPreferencesOf, type FormatPreferences } from '@shared/domain/formats';

export type { FormatPreferences };

// Until the settings arrive, the locale's own style: what FloatDesk did before it had settings.
let current: FormatPreferences = { locale: undefined, dateStyle: 'locale' };
const listeners = new Set<() => void>();

export function formatPreferences(): FormatPreferences {
  return current;
}

/** `locale` as stored: 'system' or a tag. Notifies subscribers only when something changed. */
export function setFormatPreferences(next: { locale: string; dateStyle: 'iso' | 'locale' }): void {
  const preferences = formatPreferencesOf(next);
  if (preferences.locale === current.locale && preferences.dateStyle === current.dateStyle) return;
  current = preferences;
  listeners.forEach((listener) => listener());
}

export function subscribeFormatPreferences(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
