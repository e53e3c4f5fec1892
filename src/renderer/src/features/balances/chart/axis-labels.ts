import { formatPreferences } from '../../../lib/format-preferences';

/** Axis labels of the balance chart: short, never two alike, in the chosen number and date format. */

function decimalsOfStep(step: number): number {
  return Math.max(0, -Math.floor(Math.log10(step)));
}

/** Labels for round tick values: grouped digits, or compact ("12.3M") when long and still distinct. */
export function valueTickLabels(ticks: readonly number[], locale = formatPreferences().locale): string[] {
  const step = ticks.length > 1 ? Math.abs((ticks[1] as number) - (ticks[0] as number)) : 1;
  const decimals = decimalsOfStep(step || 1);
  const plain = new Intl.NumberFormat(locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  const labels = ticks.map((tick) => plain.format(tick));
  if (Math.max(0, ...labels.map((label) => label.length)) <= 9) return labels;
  for (let digits = 0; digits <= 3; digits++) {
    const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: digits });
    const candidate = ticks.map((tick) => compact.format(tick));
    if (new Set(candidate).size === candidate.length) return candidate;
  }
  return labels;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * Date (and time, when the points span less than two days) of a point on the time axis, in the
 * viewer's time zone: "27 Nov" / "27. Nov." for the locale, "2026-11-27" in ISO style.
 */
export function timeTickLabel(ms: number, spanMs: number, locale?: string): string {
  const withTime = spanMs < 2 * 86_400_000;
  const preferences = formatPreferences();
  if (locale === undefined && preferences.dateStyle === 'iso') {
    const at = new Date(ms);
    const day = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
    return withTime ? `${day} ${pad(at.getHours())}:${pad(at.getMinutes())}` : day;
  }
  return new Intl.DateTimeFormat(locale ?? preferences.locale, {
    day: 'numeric',
    month: 'short',
    ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
  }).format(ms);
}
