/**
 * How numbers and dates are written, from the workspace's settings (stores/settings.ts sets it).
 * The formatters (format-money.ts, format-time.ts) read it whenever a call passes no locale, so
 * their signatures stay as they were. No React here: see use-format-preferences.ts for the hook.
 */
export interface FormatPreferences {
  /** A BCP 47 tag; undefined follows the system (the browser's own language). */
  locale: string | undefined;
  /** 'iso': 2026-11-22; 'locale': the locale's own style (22 Nov 2026). */
  dateStyle: 'iso' | 'locale';
}

// Until the settings arrive, the locale's own style: what FloatDesk did before it had settings.
let current: FormatPreferences = { locale: undefined, dateStyle: 'locale' };
const listeners = new Set<() => void>();

export function formatPreferences(): FormatPreferences {
  return current;
}

/** `locale` as stored: 'system' or a tag. Notifies subscribers only when something changed. */
export function setFormatPreferences(next: { locale: string; dateStyle: 'iso' | 'locale' }): void {
  const locale = next.locale === 'system' ? undefined : next.locale;
  if (locale === current.locale && next.dateStyle === current.dateStyle) return;
  current = { locale, dateStyle: next.dateStyle };
  listeners.forEach((listener) => listener());
}

export function subscribeFormatPreferences(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
