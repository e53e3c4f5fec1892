/**
 * Exact amounts as BigInt at a common scale (number of decimals), for arithmetic over a float's
 * history: "12.50" at scale 3 → 12500n. Inputs are canonical decimals (Money.amount).
 */

const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;

export function decimalsOf(amount: string): number {
  const point = amount.indexOf('.');
  return point === -1 ? 0 : amount.length - point - 1;
}

export function toScaled(amount: string, scale: number): bigint {
  const match = PLAIN.exec(amount.trim());
  if (!match) throw new Error(`"${amount}" is not a plain decimal.`);
  const fraction = match[3] ?? '';
  if (fraction.length > scale) throw new Error(`"${amount}" has more than ${scale} decimals.`);
  const magnitude = BigInt(`${match[2]}${fraction.padEnd(scale, '0')}`);
  return match[1] === '-' ? -magnitude : magnitude;
}

export function fromScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const integer = digits.slice(0, digits.length - scale);
  const sign = negative ? '-' : '';
  return scale === 0 ? `${sign}${integer}` : `${sign}${integer}.${digits.slice(digits.length - scale)}`;
}

/** numerator / denominator rounded half up, for non-negative numerator and positive denominator. */
export function divideRoundingHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}
