import type { Money } from './money';

/** One float (a prepaid balance at the platform, per currency and name) with its latest snapshot. */
export interface FloatBalance {
  currency: string;
  name: string;
  /** Null until the first balance snapshot has been recorded. */
  available: Money | null;
  pending: Money | null;
  /** When the platform last refreshed the figure (it caches balances for about 15 minutes). */
  platformRefreshedAt: string | null;
  /** When this ledger recorded the snapshot. */
  recordedAt: string | null;
  /** True when the platform sent more decimals than the currency has; the value is kept exactly. */
  overPrecise: boolean;
}

export interface CurrencyGroup<F extends FloatBalance = FloatBalance> {
  currency: string;
  floats: F[];
}

/** Group by currency, then float name, both in a stable, human order. */
export function groupFloatsByCurrency<F extends FloatBalance>(floats: readonly F[]): CurrencyGroup<F>[] {
  const groups = new Map<string, F[]>();
  for (const float of floats) {
    const list = groups.get(float.currency) ?? [];
    list.push(float);
    groups.set(float.currency, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, list]) => ({
      currency,
      floats: [...list].sort((a, b) =>
        a.name.localeCompare(b.name, 'en', { sensitivity: 'base', numeric: true }),
      ),
    }));
}
