/**
 * Exact amounts of one currency as BigInt at a common scale (the currency's decimals, more when an
 * over-precise value needs them), and back to canonical Money.
 */
import type { Money } from '../../../../shared/domain/money';
import { decimalsOf, fromScaled, toScaled } from '../../floats/scaled';

export { toScaled };

/** The scale that holds every amount exactly: at least the currency's decimals. */
export function scaleFor(exponent: number, amounts: Iterable<string>): number {
  let scale = exponent;
  for (const amount of amounts) scale = Math.max(scale, decimalsOf(amount));
  return scale;
}

/**
 * Canonical Money: exactly `exponent` decimals, more only when the value itself has more (trailing
 * zeros beyond the currency's decimals are dropped, never digits that carry value).
 */
export function toMoney(value: bigint, scale: number, currency: string, exponent: number): Money {
  let text = fromScaled(value, scale);
  let decimals = scale;
  while (decimals > exponent && text.endsWith('0')) {
    text = text.slice(0, -1);
    decimals--;
  }
  if (text.endsWith('.')) text = text.slice(0, -1);
  return { amount: text, currency };
}
