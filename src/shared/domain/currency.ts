import { data as isoCurrencies } from 'currency-codes';

/**
 * Minor-unit exponents (ISO 4217 "digits"), from the maintained `currency-codes` package, with a
 * small local table for codes the package lacks or where the platform is known to differ.
 */
export const CURRENCY_EXPONENT_OVERRIDES: Readonly<Record<string, number>> = {
  // Caribbean guilder, replaced ANG on 2025-03-31; not yet in currency-codes 2.2.
  XCG: 2,
};

const isoExponents: ReadonlyMap<string, number> = new Map(isoCurrencies.map((c) => [c.code, c.digits]));

const CODE_PATTERN = /^[A-Z]{3}$/;

export function isCurrencyCodeShape(code: string): boolean {
  return CODE_PATTERN.test(code);
}

/** The number of decimal places of a currency, or undefined when the code is unknown. */
export function currencyExponent(code: string): number | undefined {
  if (!isCurrencyCodeShape(code)) return undefined;
  return CURRENCY_EXPONENT_OVERRIDES[code] ?? isoExponents.get(code);
}

export function isKnownCurrency(code: string): boolean {
  return currencyExponent(code) !== undefined;
}

export class UnknownCurrencyError extends Error {
  constructor(readonly currency: string) {
    super(`Unknown currency code "${currency}": expected a three-letter ISO 4217 code such as GBP.`);
    this.name = 'UnknownCurrencyError';
  }
}

export function requireCurrencyExponent(code: string): number {
  const exponent = currencyExponent(code);
  if (exponent === undefined) throw new UnknownCurrencyError(code);
  return exponent;
}
