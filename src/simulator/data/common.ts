/** Small helpers shared by the seeded-data generators: time, minor units and text. */
import { currencyExponent } from '../../shared/domain/currency';

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function startOfUtcDay(ms: number): number {
  return Math.floor(ms / DAY) * DAY;
}

/** `YYYY-MM-DD` of an epoch-ms time, in UTC. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/** Exponent of a currency the generators use (all are ISO 4217 codes; 2 if ever unknown). */
export function exponentOf(currency: string): number {
  return currencyExponent(currency) ?? 2;
}

/**
 * Minor units of an amount given in hundredths of the major unit. For a 0-decimal currency the
 * hundredths are dropped (callers pass whole major units there).
 */
export function centsToMinor(cents: bigint, exponent: number): bigint {
  return exponent >= 2 ? cents * pow10(exponent - 2) : cents / pow10(2 - exponent);
}

/** Minor units of a whole number of major units. */
export function majorToMinor(major: number, exponent: number): bigint {
  return BigInt(Math.round(major)) * pow10(exponent);
}

/**
 * Bounds of a transfer request amount (0.01 to 99,999,999.99 major units, at most two decimals), in
 * the currency's minor units, and the step that keeps an amount at two decimals or fewer.
 */
export function transferBounds(exponent: number): { min: bigint; max: bigint; step: bigint } {
  const step = exponent >= 2 ? pow10(exponent - 2) : 1n;
  return { min: step, max: centsToMinor(9_999_999_999n, exponent), step };
}

/** Round a positive number to `digits` significant digits (for round-ish amounts). */
export function roundSignificant(value: number, digits: number): number {
  if (value <= 0) return 0;
  const magnitude = 10 ** (Math.floor(Math.log10(value)) + 1 - digits);
  return Math.max(magnitude, Math.round(value / magnitude) * magnitude);
}

/** kebab-case slug of a display name: "Amber & Oak" → "amber-oak". */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
