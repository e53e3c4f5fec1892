/**
 * How fresh a float's figure is: judged by when the PLATFORM last refreshed it (the platform caches
 * balances), so a balance synced a minute ago but refreshed by the platform hours ago is stale.
 * The threshold lives here and nowhere else: the Balances screen's badge and the balances export
 * both judge by it.
 */
export const STALENESS = {
  /** Older than this, the figure is marked stale. */
  staleAfterMs: 60 * 60 * 1000,
} as const;

export type Freshness = 'fresh' | 'stale' | 'unknown';

export function freshnessOf(platformRefreshedAt: string | null, nowMs: number): Freshness {
  if (platformRefreshedAt === null) return 'unknown';
  const at = Date.parse(platformRefreshedAt);
  if (Number.isNaN(at)) return 'unknown';
  return nowMs - at > STALENESS.staleAfterMs ? 'stale' : 'fresh';
}
