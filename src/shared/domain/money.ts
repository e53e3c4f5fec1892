import Decimal from 'decimal.js';
import { requireCurrencyExponent } from './currency';

/**
 * Money crosses every boundary as a canonical decimal string plus an ISO 4217 code. Canonical means:
 * plain notation (no exponent), no leading zeros, no "-0", and exactly the currency's number of
 * decimals — more only when the value itself has more (an over-precise platform value, kept exactly).
 */
export interface Money {
  amount: string;
  currency: string;
}

/**
 * Amounts are bounded so that arithmetic never rounds: at most 30 integer digits and 30 decimals,
 * so any sum or difference fits the 80 significant digits below. A short input with a huge
 * exponent ("1e100000000") is refused before it can be expanded.
 */
const MAX_INTEGER_DIGITS = 30;
const MAX_DECIMAL_PLACES = 30;
/** The decimal every amount is computed in: 80 significant digits, plain notation, no rounding in range. */
export const Exact = Decimal.clone({
  precision: 80,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -100,
  toExpPos: 100,
});
export type Exact = InstanceType<typeof Exact>;

const DECIMAL_PATTERN = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export class InvalidAmountError extends Error {
  constructor(
    readonly input: string,
    readonly reason: string,
  ) {
    super(`"${input}" is not a valid amount: ${reason}.`);
    this.name = 'InvalidAmountError';
  }
}

function parseExact(input: string): Exact {
  const text = input.trim();
  if (!DECIMAL_PATTERN.test(text))
    throw new InvalidAmountError(input, 'expected a decimal number such as 1250.50');
  const value = new Exact(text);
  if (!value.isFinite()) throw new InvalidAmountError(input, 'the value is not finite');
  if (!value.isZero() && value.e >= MAX_INTEGER_DIGITS) {
    throw new InvalidAmountError(input, `more than ${MAX_INTEGER_DIGITS} digits before the decimal point`);
  }
  if (value.decimalPlaces() > MAX_DECIMAL_PLACES) {
    throw new InvalidAmountError(input, `more than ${MAX_DECIMAL_PLACES} digits after the decimal point`);
  }
  return value;
}

export function isDecimalString(input: string): boolean {
  return DECIMAL_PATTERN.test(input.trim());
}

/** Number of digits after the point the value really needs (trailing zeros do not count). */
export function decimalPlaces(input: string): number {
  return parseExact(input).decimalPlaces();
}

/** Plain decimals within the bounds: canonicalised as text, without a Decimal (the common case). */
const PLAIN = /^([+-]?)(\d{1,30})(?:\.(\d{0,30}))?$/;

/**
 * The canonical text of a plain decimal with at least `places` decimals, or undefined when the
 * input is not plain (exponent, leading point, more digits): those go through decimal.js.
 */
function plainCanonical(input: string, places: number): string | undefined {
  const match = PLAIN.exec(input);
  if (match === null) return undefined;
  const integer = match[2]!.replace(/^0+(?=\d)/, '');
  const fraction = (match[3] ?? '').replace(/0+$/, '').padEnd(places, '0');
  const body = fraction === '' ? integer : `${integer}.${fraction}`;
  const zero = integer === '0' && !/[1-9]/.test(fraction);
  return match[1] === '-' && !zero ? `-${body}` : body;
}

/** Plain decimal with no trailing fractional zeros: "0012.3400" → "12.34", "1e2" → "100". */
export function canonicalDecimal(input: string): string {
  const plain = plainCanonical(input.trim(), 0);
  if (plain !== undefined) return plain;
  const value = parseExact(input);
  return value.isZero() ? '0' : value.toFixed();
}

function toFixedAtLeast(value: Exact, places: number): string {
  const fixed = value.toFixed(Math.max(places, value.decimalPlaces()));
  return /^-0(\.0*)?$/.test(fixed) ? fixed.slice(1) : fixed;
}

/** The canonical amount string of a value in a currency (see Money). */
export function canonicalAmount(input: string, currency: string): string {
  const places = requireCurrencyExponent(currency);
  return plainCanonical(input.trim(), places) ?? toFixedAtLeast(parseExact(input), places);
}

export function money(amount: string, currency: string): Money {
  return { amount: canonicalAmount(amount, currency), currency };
}

export type MinorUnitsResult =
  { ok: true; minor: bigint } | { ok: false; reason: 'too_many_decimals'; allowed: number; found: number };

/**
 * Exact conversion to integer minor units. A value with more decimals than the currency allows is
 * reported, never rounded: the caller keeps it as sent and flags it.
 */
export function toMinorUnits(amount: string, currency: string): MinorUnitsResult {
  const exponent = requireCurrencyExponent(currency);
  const value = parseExact(amount);
  const found = value.decimalPlaces();
  if (found > exponent) return { ok: false, reason: 'too_many_decimals', allowed: exponent, found };
  return { ok: true, minor: BigInt(value.times(new Exact(10).pow(exponent)).toFixed(0)) };
}

/** Like toMinorUnits, for callers that have already validated the precision. */
export function requireMinorUnits(amount: string, currency: string): bigint {
  const result = toMinorUnits(amount, currency);
  if (!result.ok) {
    throw new InvalidAmountError(
      amount,
      `${currency} allows ${result.allowed} decimal place(s), this value has ${result.found}`,
    );
  }
  return result.minor;
}

/** Exact and fast (string arithmetic on the integer): this runs for every amount read from the ledger. */
export function fromMinorUnits(minor: bigint | number, currency: string): string {
  if (typeof minor === 'number' && !Number.isSafeInteger(minor)) {
    throw new InvalidAmountError(String(minor), 'minor units must be a safe integer');
  }
  const exponent = requireCurrencyExponent(currency);
  const value = BigInt(minor);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(exponent + 1, '0');
  const integer = digits.slice(0, digits.length - exponent);
  const fraction = digits.slice(digits.length - exponent);
  const sign = negative ? '-' : '';
  return exponent === 0 ? `${sign}${integer}` : `${sign}${integer}.${fraction}`;
}

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) {
    throw new Error(`Cannot combine ${a.currency} with ${b.currency}: amounts in different currencies.`);
  }
}

function combine(a: Money, b: Money, operation: (x: Exact, y: Exact) => Exact): Money {
  sameCurrency(a, b);
  const result = operation(parseExact(a.amount), parseExact(b.amount));
  return { amount: toFixedAtLeast(result, requireCurrencyExponent(a.currency)), currency: a.currency };
}

export function addMoney(a: Money, b: Money): Money {
  return combine(a, b, (x, y) => x.plus(y));
}

export function subtractMoney(a: Money, b: Money): Money {
  return combine(a, b, (x, y) => x.minus(y));
}

export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  return parseExact(a).comparedTo(parseExact(b)) as -1 | 0 | 1;
}

export function compareMoney(a: Money, b: Money): -1 | 0 | 1 {
  sameCurrency(a, b);
  return compareDecimal(a.amount, b.amount);
}

export function isNegative(m: Money): boolean {
  return parseExact(m.amount).isNegative() && !parseExact(m.amount).isZero();
}
