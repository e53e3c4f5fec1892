/**
 * Exact amounts of transfer request rows: the Money shown (minor units, or the text as sent), the
 * difference approved − requested, and order-preserving text keys so SQL can sort values of every
 * currency exponent and precision exactly (a plain column ORDER BY on the key equals numeric order).
 */
import Decimal from 'decimal.js';
import { currencyExponent } from '../../../shared/domain/currency';
import { canonicalDecimal, decimalPlaces, type Money } from '../../../shared/domain/money';
import { fromStoredAmount, storedMoney, type StoredAmount } from '../ledger/repositories/stored-amounts';

/** Wide enough for any amount the money code accepts (30 + 30 digits), so differences are exact. */
const Exact = Decimal.clone({ precision: 120, toExpNeg: -200, toExpPos: 200 });

export type StoredPair = StoredAmount;

export function isStored(pair: StoredPair): boolean {
  return pair.minor !== null || pair.exact !== null;
}

/** The Money of a stored amount: canonical from minor units, else exactly as the platform sent it. */
export function moneyOf(pair: StoredPair, currency: string): Money {
  return storedMoney(pair.minor, pair.exact, currency, { foreign: true });
}

/** More decimals than the currency has (kept exactly as sent, flagged); unknown currencies cannot tell. */
export function isOverPrecise(pair: StoredPair, money: Money): boolean {
  if (pair.exact === null) return false;
  const exponent = currencyExponent(money.currency);
  try {
    return exponent !== undefined && decimalPlaces(money.amount) > exponent;
  } catch {
    return false;
  }
}

/** approved − requested, exactly; null without an approved amount or across currencies. */
export function differenceOf(
  requested: Money,
  approved: Money | null,
  minor?: [StoredPair, StoredPair],
): Money | null {
  if (approved === null || approved.currency !== requested.currency) return null;
  const exponent = currencyExponent(requested.currency);
  const [req, app] = minor ?? [undefined, undefined];
  if (req?.minor != null && app?.minor != null && exponent !== undefined)
    return {
      amount: fromStoredAmount(app.minor - req.minor, null, requested.currency),
      currency: requested.currency,
    };
  let difference: Decimal;
  try {
    difference = new Exact(canonicalDecimal(approved.amount)).minus(canonicalDecimal(requested.amount));
  } catch {
    return null;
  }
  const places = Math.max(exponent ?? 0, difference.decimalPlaces());
  const text = difference.toFixed(places);
  return { amount: /^-0(\.0*)?$/.test(text) ? text.slice(1) : text, currency: requested.currency };
}

const pad2 = (n: number): string => String(n).padStart(2, '0');
const complement = (digits: string): string => digits.replace(/\d/g, (d) => String(9 - Number(d)));

/**
 * Sign class, then the integer part's length, then the digits: "3" + len + digits for positives
 * ("1.5" → "301" + "15"), "2" for zero, and for negatives "1" + (99 − len) + the digits' nines
 * complement + "~" (the "~" sorts above every digit, so -1 ranks above -1.5).
 */
function keyOf(negative: boolean, integer: string, fraction: string): string {
  if (/^0*$/.test(integer) && /^0*$/.test(fraction)) return '2';
  const digits = `${integer}${fraction.replace(/0+$/, '')}`;
  return negative
    ? `1${pad2(99 - integer.length)}${complement(digits)}~`
    : `3${pad2(integer.length)}${digits}`;
}

/** The key of `minor` units of a currency with `exponent` decimals (fast: no decimal parsing). */
export function minorSortKey(minor: bigint, exponent: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(exponent + 1, '0');
  return keyOf(negative, digits.slice(0, digits.length - exponent), digits.slice(digits.length - exponent));
}

/** The key of decimal text (any notation money.ts accepts); null when it is not a number. */
export function decimalSortKey(text: string): string | null {
  let canonical: string;
  try {
    canonical = canonicalDecimal(text);
  } catch {
    return null;
  }
  const negative = canonical.startsWith('-');
  const [integer = '0', fraction = ''] = (negative ? canonical.slice(1) : canonical).split('.');
  return keyOf(negative, integer, fraction);
}

/** The key of a stored amount; null when there is none. */
export function storedSortKey(pair: StoredPair, currency: string): string | null {
  const exponent = currencyExponent(currency);
  if (pair.minor !== null && exponent !== undefined) return minorSortKey(pair.minor, exponent);
  if (!isStored(pair)) return null;
  return decimalSortKey(moneyOf(pair, currency).amount);
}
