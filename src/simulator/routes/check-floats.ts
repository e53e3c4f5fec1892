/** GET /check-floats[?currency=XXX] */
import { success } from '../http';
import type { Router } from '../router';
import { queryParam } from '../router';
import { pendingTotals } from '../state';
import { checkFloatsData } from '../wire';

export function registerCheckFloats(router: Router): void {
  router.add('GET', '/api/v2/check-floats', (context) => {
    const { world, options } = context.sim;
    const currency = queryParam(context, 'currency');
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
      ),
    );
  });
}
