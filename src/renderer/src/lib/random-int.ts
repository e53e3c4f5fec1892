/**
 * A uniformly random integer in [0, bound) from the Web Crypto source (crypto.getRandomValues),
 * by rejection sampling so that no value is more likely than another. bound ≤ 2^32.
 */
export function cryptoRandomInt(bound: number): number {
  if (!Number.isInteger(bound) || bound < 1 || bound > 2 ** 32)
    throw new RangeError(`bound must be an integer from 1 to 2^32, not ${bound}`);
  const limit = 2 ** 32 - (2 ** 32 % bound);
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0] ?? 0;
    if (value < limit) return value % bound;
  }
}
