/**
 * Scores, 0–1, one scale for every rule so a person can compare suggestions: a reference found
 * exactly with the amount paid to the unit is 1; a reference with a typo starts at 0.85; amount and
 * date alone reach at most 0.8; a split by sum alone 0.75. Scores rank; they never decide a tie —
 * ties are judged on the exact evidence (same reference distance, same amount difference).
 */
import { fraction } from './evidence';

/** Exact reference: 1 when the amount paid equals the requested or approved amount. */
export function exactReferenceScore(gap: bigint, tolerance: bigint): number {
  if (gap === 0n) return 1;
  return gap <= tolerance ? 0.95 : 0.9;
}

/**
 * Reference with a typo: 0.85 at distance 1, 0.8 at distance 2; +0.05 when the bank text is an RF
 * creditor reference whose check digits fail (the typo is certain); −0.05 when the amount is not
 * paid to the unit; −0.25 when it is outside the tolerance (then only a suggestion).
 */
export function fuzzyReferenceScore(
  distance: number,
  checkDigitsFail: boolean,
  gap: bigint,
  tolerance: bigint,
): number {
  let score = 0.9 - 0.05 * distance + (checkDigitsFail ? 0.05 : 0);
  if (gap > tolerance) score -= 0.25;
  else if (gap > 0n) score -= 0.05;
  return score;
}

/** Amount and date: 0.5 + up to 0.2 for the amount (exact = 0.2) + up to 0.1 for the date (same day). */
export function amountDateScore(
  gap: bigint,
  tolerance: bigint,
  daysApart: number,
  windowDays: number,
): number {
  const amount = tolerance === 0n ? 1 : 1 - fraction(gap, tolerance);
  const date = windowDays === 0 ? 1 : 1 - Math.min(1, daysApart / windowDays);
  return 0.5 + 0.2 * amount + 0.1 * date;
}

/** Split by exact sum: 0.75 for two parts, 0.05 less per further part. */
export function splitScore(parts: number): number {
  return 0.75 - 0.05 * Math.max(0, parts - 2);
}
