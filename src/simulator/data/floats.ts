/** Seeded floats: several currencies (exponents 0, 2 and 3), some currencies with several floats. */
import type { FloatSpend, SimFloat } from '../model';
import type { Random } from '../random';
import { exponentOf, majorToMinor, pow10, roundSignificant } from './common';
import { CURRENCY_PROFILES, FLOAT_NAME_WORDS, FLOAT_PRESETS } from './names';

/** The float seeded as a credit line (a preset: "Marketing rewards", GBP): spends beyond it answer 615. */
export const CREDIT_FLOAT_INDEX = 5;

/** 2^53 + 1 minor units: a balance a binary float cannot hold exactly (given to one float of larger worlds). */
export const UNSAFE_BALANCE_MINOR = 9_007_199_254_740_993n;

function floatNameAndCurrency(
  random: Random,
  index: number,
  taken: Set<string>,
): { name: string; currency: string } {
  const preset = FLOAT_PRESETS[index];
  if (preset) return preset;
  const currencies = Object.keys(CURRENCY_PROFILES);
  for (let attempt = 0; ; attempt++) {
    const word = random.pick(FLOAT_NAME_WORDS);
    const currency = random.pick(currencies);
    const name = attempt < 5 ? word : `${word} ${index + 1}`;
    if (!taken.has(`${currency}\u0000${name}`)) return { name, currency };
  }
}

function balanceFor(random: Random, index: number, currency: string, exponent: number): bigint {
  if (index === 10) return UNSAFE_BALANCE_MINOR;
  if (index === 7) return 0n;
  const perGbp = CURRENCY_PROFILES[currency]?.perGbp ?? 1;
  // Mostly tens of thousands to a few million (GBP-equivalent), with exact pence.
  const gbp = 5_000 * Math.exp(random.next() * Math.log(600));
  const major = roundSignificant(gbp * perGbp, 6);
  const fraction = exponent > 0 ? random.bigint(0n, pow10(exponent) - 1n) : 0n;
  return majorToMinor(major, exponent) + fraction;
}

export function generateFloats(random: Random, count: number): SimFloat[] {
  const floats: SimFloat[] = [];
  const taken = new Set<string>();
  for (let index = 0; index < count; index++) {
    const { name, currency } = floatNameAndCurrency(random, index, taken);
    taken.add(`${currency}\u0000${name}`);
    const exponent = exponentOf(currency);
    const float: SimFloat = {
      name,
      currency,
      exponent,
      availableMinor: balanceFor(random, index, currency, exponent),
    };
    if (index === CREDIT_FLOAT_INDEX) float.credit = true;
    floats.push(float);
  }
  return floats;
}

/** Average daily card spending of each float: about 0.5-2 % of a typical balance of its currency. */
export function generateSpend(random: Random, floats: readonly SimFloat[]): FloatSpend[] {
  return floats.map((float) => {
    const perGbp = CURRENCY_PROFILES[float.currency]?.perGbp ?? 1;
    const gbp = random.int(500, 15_000);
    return {
      float: float.name,
      currency: float.currency,
      averageMinor: majorToMinor(roundSignificant(gbp * perGbp, 3), float.exponent),
    };
  });
}
