/**
 * The one way an amount goes into the ledger and comes back: integer minor units when it is exact in
 * its currency and fits SQLite's 64-bit INTEGER, otherwise the decimal text as sent (never rounded).
 * Transfer approvals in another currency are stored as the text "12.00 EUR" (see transfers.ts).
 */
import { currencyExponent } from '../../../../shared/domain/currency';
import { fromMinorUnits, money, toMinorUnits, type Money } from '../../../../shared/domain/money';

export interface StoredAmount {
  minor: bigint | null;
  exact: string | null;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Fits SQLite's 64-bit INTEGER. */
export function withinInt64(minor: bigint): boolean {
  return minor >= INT64_MIN && minor <= INT64_MAX;
}

const PLAIN = /^(-?)(\d+)(?:\.(\d*?)0*)?$/;
const exponents = new Map<string, number | undefined>();

function exponentOf(currency: string): number | undefined {
  if (!exponents.has(currency)) exponents.set(currency, currencyExponent(currency));
  return exponents.get(currency);
}

export interface ToStoredOptions {
  /**
   * Balance snapshots: the amount must be a decimal in a known currency; anything else throws (as the
   * money code does) instead of being kept as text. No fast path: always the exact money code.
   */
  strict?: boolean;
}

function strictStored(amount: string, currency: string): StoredAmount {
  const result = toMinorUnits(amount, currency);
  if (result.ok && withinInt64(result.minor)) return { minor: result.minor, exact: null };
  return { minor: null, exact: amount.trim() };
}

/**
 * Minor units when the amount is exact in its currency and fits a 64-bit integer; otherwise the
 * decimal text as sent (never rounded). Plain decimals take a string fast path; anything else
 * (exponents, unknown currencies) goes through the exact money code.
 */
export function toStoredAmount(
  amount: string,
  currency: string,
  options: ToStoredOptions = {},
): StoredAmount {
  if (options.strict === true) return strictStored(amount, currency);
  const exponent = exponentOf(currency);
  if (exponent === undefined) return { minor: null, exact: amount.trim() };
  const m = PLAIN.exec(amount);
  if (m !== null) {
    const fraction = m[3] ?? '';
    if (fraction.length > exponent) return { minor: null, exact: amount };
    const minor = BigInt(`${m[1]}${m[2]}${fraction.padEnd(exponent, '0')}`);
    return withinInt64(minor) ? { minor, exact: null } : { minor: null, exact: amount };
  }
  try {
    const result = toMinorUnits(amount, currency);
    if (result.ok && withinInt64(result.minor)) return { minor: result.minor, exact: null };
  } catch {
    // Not a decimal the money code takes: keep the text.
  }
  return { minor: null, exact: amount.trim() };
}

export interface StoredTextOptions {
  /**
   * The export: minor units of a currency this FloatDesk no longer knows (the decimal point cannot be
   * placed) become this text instead of an error.
   */
  unknownExponent?: (minor: bigint, currency: string) => string;
}

/** The amount text back: canonical from minor units, else exactly as stored; null when nothing is stored. */
export function storedAmountText(
  minor: bigint | null,
  exact: string | null,
  currency: string,
  options: StoredTextOptions = {},
): string | null {
  if (minor === null) return exact;
  if (options.unknownExponent === undefined) return fromMinorUnits(minor, currency);
  try {
    return fromMinorUnits(minor, currency);
  } catch {
    return options.unknownExponent(minor, currency);
  }
}

/** Like storedAmountText, for a column pair that always holds one of the two (a CHECK in the schema). */
export function fromStoredAmount(minor: bigint | null, exact: string | null, currency: string): string {
  const text = storedAmountText(minor, exact, currency);
  if (text === null) throw new Error('A stored amount holds neither minor units nor an exact value.');
  return text;
}

const FOREIGN = /^(\S+) ([A-Z]{3})$/;

export interface StoredMoneyOptions {
  /** Transfer amounts: exact text "12.00 EUR" is that amount in that other currency. */
  foreign?: boolean;
  /** Balance snapshots: exact text is read as money in the currency (canonical; throws if not a decimal). */
  canonical?: boolean;
}

/** The Money of a stored amount: canonical from minor units, else the exact text (see the options). */
export function storedMoney(
  minor: bigint | null,
  exact: string | null,
  currency: string,
  options: StoredMoneyOptions = {},
): Money {
  if (options.foreign === true && exact !== null) {
    const foreign = FOREIGN.exec(exact);
    if (foreign) return { amount: foreign[1] as string, currency: foreign[2] as string };
  }
  if (options.canonical === true && minor === null && exact !== null) return money(exact, currency);
  return { amount: fromStoredAmount(minor, exact, currency), currency };
}
