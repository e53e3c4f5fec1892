import { generateWorld } from '../../src/simulator/data';
import type { World } from '../../src/simulator/model';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { TRANSACTION_TYPES } from '../../src/shared/domain/platform';

/**
 * A simulator whose floats hold balances chosen to break anything inexact: 12345678.91 GBP, 0.1 EUR
 * (a binary-float classic) and 1234.567 KWD (three decimals). Balances are served uncached.
 */
export const EXACT_BALANCES = { GBP: 1_234_567_891n, EUR: 10n, KWD: 1_234_567n } as const;

/**
 * A KWD gift-card brand (three decimals) prepared to take every transaction type, physical and
 * digital, for any face value from 1.000 to 500.000 KWD in steps of 0.001, at a 2.5 % discount.
 */
export const KWD_BRAND = 'granite-galleria-express';

/**
 * The prepared world. Its simulated time starts at `startTime` (default: now, to the second) and
 * stands still (timeScale 0): a top-up registered during a test is dated within seconds of the
 * client's clock, as on the real platform, so the client's "created at or after the submission
 * started" rule holds.
 */
export function exactWorld(seed = 3, startTime = Math.floor(Date.now() / 1000) * 1000): World {
  const world = generateWorld({
    seed,
    floats: 6,
    transfers: 300,
    brands: 40,
    startTime,
    adversarial: false,
  });
  for (const [currency, minor] of Object.entries(EXACT_BALANCES)) {
    const float = world.floats.find((candidate) => candidate.currency === currency);
    if (!float) throw new Error(`the seeded world has no ${currency} float`);
    float.availableMinor = minor;
  }
  const kwd = world.brands.find((brand) => brand.slug === KWD_BRAND);
  if (!kwd || kwd.currency !== 'KWD' || kwd.exponent !== 3 || kwd.type !== 'gift-card')
    throw new Error(`the seeded world has no KWD gift-card brand ${KWD_BRAND}`);
  const limits = { lowerMinor: 1_000n, upperMinor: 500_000n, stepMinor: 1n, hasMinorUnit: true };
  Object.assign(kwd, {
    status: { code: 'ENABLED' },
    discount: '2.5',
    transactionTypes: [...TRANSACTION_TYPES],
    denominationsMinor: undefined,
    digitalFaceValueLimits: { ...limits },
    physicalFaceValueLimits: { ...limits },
  });
  return world;
}

export function startExactSimulator(
  overrides: Parameters<typeof startSimulator>[0] = {},
): Promise<RunningSimulator> {
  return startSimulator({ port: 0, world: exactWorld(), floatsCacheMs: 0, admin: true, ...overrides });
}
