import { currencyExponent } from './currency';

/**
 * A low-balance threshold as a person types it: digits with an optional decimal point, positive,
 * at most the currency's decimals. One rule for the form (renderer) and the core, so what the form
 * accepts is exactly what the core stores (integer minor units).
 */
export type ThresholdCheck =
  | { ok: true; /** Canonical text with the currency's decimals. */ amount: string; minor: bigint }
  | { ok: false; problem: string };

/**
 * At most 15 digits before the point, and at most 18 digits in all, so the minor units fit a 64-bit
 * integer also in a currency with 4 decimals (CLF, UYW: 14 digits before the point).
 */
export const MAX_THRESHOLD_INTEGER_DIGITS = 15;
const MAX_THRESHOLD_DIGITS = 18;

const PLAIN = /^(\d+)(?:\.(\d*))?$/;

export function checkThreshold(text: string, currency: string): ThresholdCheck {
  const exponent = currencyExponent(currency);
  if (exponent === undefined) return { ok: false, problem: `${currency} is not a known currency` };
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'enter an amount, such as 1000.00' };
  const match = PLAIN.exec(trimmed);
  if (!match) {
    const example = exponent === 0 ? '1000' : `1000.${'0'.repeat(exponent)}`;
    return {
      ok: false,
      problem: `use digits and at most one decimal point, without signs or separators (e.g. ${example})`,
    };
  }
  const integer = (match[1] ?? '').replace(/^0+(?=\d)/, '');
  const fraction = match[2] ?? '';
  if (fraction.length > exponent) {
    const places = exponent === 1 ? '1 decimal place' : `${exponent} decimal places`;
    return { ok: false, problem: `${currency} has ${places}; this amount has ${fraction.length}` };
  }
  const maxInteger = Math.min(MAX_THRESHOLD_INTEGER_DIGITS, MAX_THRESHOLD_DIGITS - exponent);
  if (integer.length > maxInteger)
    return { ok: false, problem: `at most ${maxInteger} digits before the decimal point` };
  const digits = fraction.padEnd(exponent, '0');
  const minor = BigInt(`${integer}${digits}`);
  if (minor <= 0n) return { ok: false, problem: 'the threshold must be more than zero' };
  return { ok: true, amount: exponent === 0 ? integer : `${integer}.${digits}`, minor };
}
