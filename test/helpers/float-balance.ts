import type { FloatBalance } from '../../src/shared/domain/floats';

/** A FloatBalance for tests: only what the test cares about, the rest empty. */
export function floatBalance(currency: string, name: string, available: string | null = null): FloatBalance {
  return {
    currency,
    name,
    available: available === null ? null : { amount: available, currency },
    pending: null,
    platformRefreshedAt: null,
    recordedAt: null,
    overPrecise: false,
  };
}
