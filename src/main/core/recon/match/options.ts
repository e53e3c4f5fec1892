/**
 * The matcher's thresholds, their defaults and why, resolved into exact integer form per currency.
 */
import { significantDecimals, toScaled } from './amounts';
import type { MatchOptions, ToleranceSpec } from './types';

/**
 * Default amount tolerance: 5 units of the currency or 0.5 % of the requested amount, whichever is
 * smaller. A top-up is normally paid to the cent; what does differ is a bank charge deducted on the
 * way (SWIFT OUR/SHA charges are a few units) or a typo in the last digits. 0.5 % keeps small
 * top-ups strict (100.00 → 0.50), 5 units caps large ones (10,000.00 → 5.00).
 */
export const DEFAULT_TOLERANCE: ToleranceSpec = { absolute: '5', percent: '0.5' };

/**
 * Where 5 units would be meaningless (currencies with a small unit), roughly the same value as
 * 5 EUR, with the default percent. Every entry can be replaced through MatchOptions.tolerance.byCurrency.
 */
export const CURRENCY_TOLERANCES: Readonly<Record<string, ToleranceSpec>> = Object.fromEntries(
  Object.entries({
    JPY: '800',
    KRW: '7000',
    HUF: '2000',
    ISK: '750',
    CLP: '5000',
    COP: '20000',
    IDR: '85000',
    VND: '130000',
    INR: '450',
    CZK: '125',
    SEK: '55',
    NOK: '55',
    DKK: '37',
  }).map(([currency, absolute]) => [currency, { ...DEFAULT_TOLERANCE, absolute }]),
);

/**
 * Booking date − request date in [−2, +10] days. A payment is usually booked the day the request
 * is made or a day or two later; people sometimes pay first and register the request the next day
 * (−2), and a payment run, a bank holiday weekend or a slow international transfer can take a week
 * and more (+10). Beyond that, amount-only evidence is too weak to pair automatically.
 */
export const DEFAULT_WINDOW = { daysBefore: 2, daysAfter: 10 } as const;

/**
 * Amount-only splits: up to 4 parts, and no combination is formed where more than 16 candidates
 * were registered (or paid) within a few days of each other: the combinations that could add up by
 * coincidence grow too fast to act on without a person (16 bounds the work too: at most
 * C(15,1..3) = 575 combinations from any one first part).
 */
export const DEFAULT_SPLIT = { maxParts: 4, maxCandidates: 16 } as const;

/** References shorter than this are not searched for inside free text ("INV 22" is not a reference). */
export const MIN_SCANNED_REFERENCE_LENGTH = 6;
/** References shorter than this never match with a typo: too many neighbours. */
export const MIN_FUZZY_REFERENCE_LENGTH = 8;

/** A tolerance in exact integer form for one currency scale. */
export interface ResolvedTolerance {
  /** Absolute tolerance in units of 10^-scale. */
  absolute: bigint;
  /** Percent as numerator / denominator: tolerance = floor(amount × numerator / denominator). */
  numerator: bigint;
  denominator: bigint;
}

export interface ResolvedOptions {
  daysBefore: number;
  daysAfter: number;
  maxParts: number;
  maxCandidates: number;
  toleranceSpec(currency: string): ToleranceSpec;
}

function checkWholeDays(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 0 || value > 366) {
    throw new Error(`${name} must be a whole number of days between 0 and 366, not ${value}`);
  }
  return value;
}

export function resolveOptions(options: MatchOptions = {}): ResolvedOptions {
  const window = options.window ?? DEFAULT_WINDOW;
  const split = options.split ?? DEFAULT_SPLIT;
  const fallback = options.tolerance?.default ?? DEFAULT_TOLERANCE;
  const byCurrency = options.tolerance?.byCurrency ?? {};
  if (!Number.isInteger(split.maxParts) || split.maxParts < 2 || split.maxParts > 6) {
    throw new Error(`split.maxParts must be 2 to 6, not ${split.maxParts}`);
  }
  if (!Number.isInteger(split.maxCandidates) || split.maxCandidates < 2 || split.maxCandidates > 24) {
    throw new Error(`split.maxCandidates must be 2 to 24, not ${split.maxCandidates}`);
  }
  return {
    daysBefore: checkWholeDays(window.daysBefore, 'window.daysBefore'),
    daysAfter: checkWholeDays(window.daysAfter, 'window.daysAfter'),
    maxParts: split.maxParts,
    maxCandidates: split.maxCandidates,
    toleranceSpec: (currency) => byCurrency[currency] ?? CURRENCY_TOLERANCES[currency] ?? fallback,
  };
}

/** Decimals the absolute tolerance needs (so the currency's scale can hold it exactly). */
export function toleranceDecimals(spec: ToleranceSpec): number {
  return significantDecimals(spec.absolute);
}

export function resolveTolerance(spec: ToleranceSpec, scale: number): ResolvedTolerance {
  const absolute = toScaled(spec.absolute, scale);
  const percentDecimals = significantDecimals(spec.percent);
  const numerator = toScaled(spec.percent, percentDecimals);
  if (absolute < 0n || numerator < 0n) throw new Error('A tolerance cannot be negative');
  return { absolute, numerator, denominator: 100n * 10n ** BigInt(percentDecimals) };
}

/** The tolerance for a requested amount: the smaller of the absolute and the percent tolerance. */
export function toleranceFor(tolerance: ResolvedTolerance, amount: bigint): bigint {
  const percent = (amount * tolerance.numerator) / tolerance.denominator;
  return percent < tolerance.absolute ? percent : tolerance.absolute;
}
