/**
 * GET /check-floats[?currency=XXX]
 *
 * Cached like the platform's (about 15 minutes): an answer is computed once per currency filter and
 * served unchanged, last_refreshed_at included, until it is `floatsCacheMs` old in simulated time.
 * With timeScale > 0 simulated time runs on its own, so the demo sees fresh balances every
 * floatsCacheMs ÷ timeScale of real time; tests that need fresh balances set floatsCacheMs to 0 or
 * advance the clock. Changing a setting (POST /__admin/settings) empties the cache.
 */
import { success, type SimResponse } from '../http';
import type { RequestContext, Router } from '../router';
import { queryParam } from '../router';
import { pendingTotals } from '../state';
import { checkFloatsData } from '../wire';

const MAX_CACHED = 256;

function compute(context: RequestContext, currency: string | undefined): SimResponse {
  const { world, options } = context.sim;
  // An unknown (or misspelt) currency is not an error on the platform: it just has no floats.
  const floats =
    currency === undefined ? world.floats : world.floats.filter((float) => float.currency === currency);
  const pending = pendingTotals(world);
  return success(
    checkFloatsData(
      floats,
      (float) => pending.get(`${float.currency} ${float.name}`) ?? 0n,
      world.now,
      options.legacyFloatsShape,
      options.platformTimeZone,
    ),
  );
}

export function registerCheckFloats(router: Router): void {
  router.add('GET', '/api/v2/check-floats', (context) => {
    const { world, options, floatsCache } = context.sim;
    const currency = queryParam(context, 'currency') || undefined;
    const key = currency ?? '';
    const cached = floatsCache.get(key);
    if (cached !== undefined && world.now - cached.at < options.floatsCacheMs) return cached.answer;
    const answer = compute(context, currency);
    if (floatsCache.size >= MAX_CACHED) floatsCache.clear(); // any currency text can be asked for
    floatsCache.set(key, { at: world.now, answer });
    return answer;
  });
}
