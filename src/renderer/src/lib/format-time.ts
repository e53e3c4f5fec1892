import { dateText, instantText } from '@shared/domain/formats';
import { formatPreferences } from './format-preferences';

/**
 * Timestamps arrive as ISO 8601 with an offset, as sent. The UI shows a relative phrase ("5 minutes
 * ago") with the exact local date and time (and the string as sent) available on hover. Without a
 * `locale` argument, dates follow the workspace's format (Settings → Format: locale, ISO or locale
 * dates); relative phrases are words of the interface, not a format, and keep the system's language.
 */

const UNITS: ReadonlyArray<{ unit: Intl.RelativeTimeFormatUnit; ms: number }> = [
  { unit: 'year', ms: 365 * 24 * 60 * 60 * 1000 },
  { unit: 'month', ms: 30 * 24 * 60 * 60 * 1000 },
  { unit: 'week', ms: 7 * 24 * 60 * 60 * 1000 },
  { unit: 'day', ms: 24 * 60 * 60 * 1000 },
  { unit: 'hour', ms: 60 * 60 * 1000 },
  { unit: 'minute', ms: 60 * 1000 },
];

function parseTime(iso: string): number | undefined {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : ms;
}

/** "just now", "5 minutes ago", "in 2 hours" (a clock ahead of ours), "3 days ago". */
export function formatRelativeTime(iso: string, nowMs: number, locale?: string): string {
  const at = parseTime(iso);
  if (at === undefined) return iso;
  const diff = at - nowMs;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const { unit, ms } of UNITS) {
    if (Math.abs(diff) >= ms) return format.format(Math.trunc(diff / ms), unit);
  }
  return Math.abs(diff) < 45_000 ? 'just now' : format.format(Math.trunc(diff / 1000), 'second');
}

/**
 * The exact moment in the viewer's time zone, with the zone named: "12 Mar 2025, 14:03:22 GMT", or
 * with ISO dates "2025-03-12 14:03:22 GMT".
 */
export function formatExactTime(iso: string, locale?: string, timeZone?: string): string {
  const preferences = formatPreferences();
  return instantText(iso, { ...preferences, locale: locale ?? preferences.locale }, timeZone);
}

/** A calendar date as sent ("2026-11-22"): kept as it is in ISO style, else "22 Nov 2026" for the locale. */
export function formatDate(isoDate: string, locale?: string): string {
  const preferences = formatPreferences();
  return dateText(isoDate, { ...preferences, locale: locale ?? preferences.locale });
}
