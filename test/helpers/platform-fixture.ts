import { generateWorld } from '../../src/simulator/data';
import type { World } from '../../src/simulator/model';
import { DEFAULT_START_TIME } from '../../src/simulator/options';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';

/**
 * A simulator whose floats hold balances chosen to break anything inexact: 12345678.91 GBP, 0.1 EUR
 * (a binary-float classic) and 1234.567 KWD (three decimals). Balances are served uncached.
 */
export const EXACT_BALANCES = { GBP: 1_234_567_891n, EUR: 10n, KWD: 1_234_567n } as const;

export function exactWorld(seed = 3): World {
  const world = generateWorld({
    seed,
    floats: 6,
    transfers: 300,
    brands: 40,
    startTime: DEFAULT_START_TIME,
    adversarial: false,
  });
  for (const [currency, minor] of Object.entries(EXACT_BALANCES)) {
    const float = world.floats.find((candidate) => candidate.currency === currency);
    if (!float) throw new Error(`the seeded world has no ${currency} float`);
    float.availableMinor = minor;
  }
  return world;
}

export function startExactSimulator(
  overrides: Parameters<typeof startSimulator>[0] = {},
): Promise<RunningSimulator> {
  return startSimulator({ port: 0, world: exactWorld(), floatsCacheMs: 0, admin: true, ...overrides });
}
