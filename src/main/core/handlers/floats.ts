import { checkThreshold } from '../../../shared/domain/thresholds';
import { AppError, invalidInput } from '../../../shared/ipc/errors';
import { InsightsService } from '../floats/insights';
import { isoNow, type Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import { BalanceHistoryRepository } from '../ledger/repositories/balance-history';
import { FloatsRepository } from '../ledger/repositories/floats';
import { ThresholdsRepository } from '../ledger/repositories/thresholds';
import type { HandlerRegistry } from '../registry';

export interface FloatHandlerDeps {
  db: Ledger;
  workspaceId: number;
  clock: Clock;
}

const noSuchFloat = (currency: string, name: string): AppError =>
  new AppError(
    'not_found',
    `This workspace has no ${currency} float named "${name}". Sync, then try again.`,
    {
      currency,
      name,
    },
  );

/** Every floats:* channel: latest balances, history, insights, thresholds. */
export function registerFloatHandlers(registry: HandlerRegistry, deps: FloatHandlerDeps): void {
  const { db, workspaceId, clock } = deps;
  const floats = new FloatsRepository(db);
  const history = new BalanceHistoryRepository(db);
  const thresholds = new ThresholdsRepository(db);
  const insights = new InsightsService(db, workspaceId);

  registry.register('floats:list', ({ currency }) => ({ floats: floats.listLatest(workspaceId, currency) }));

  registry.register('floats:history', ({ currency, name, since }) => {
    const floatId = history.floatId(workspaceId, currency, name);
    if (floatId === undefined) throw noSuchFloat(currency, name);
    const points = history.points(floatId, currency, since ?? '');
    return {
      points: points.map(({ recordedAt, platformRefreshedAt, available, pending }) => ({
        recordedAt,
        platformRefreshedAt,
        available,
        pending,
      })),
    };
  });

  registry.register('floats:insights', () => ({ floats: insights.list() }));

  registry.register('floats:threshold.set', ({ currency, name, threshold }) => {
    const floatId = history.floatId(workspaceId, currency, name);
    if (floatId === undefined) throw noSuchFloat(currency, name);
    if (threshold === null) {
      thresholds.clear(floatId);
    } else {
      const checked = checkThreshold(threshold, currency);
      if (!checked.ok) throw invalidInput('threshold', [{ field: 'threshold', problem: checked.problem }]);
      thresholds.set(floatId, checked.minor, isoNow(clock));
    }
    const [insight] = insights.list({ currency, name });
    if (insight === undefined) throw noSuchFloat(currency, name);
    return insight;
  });
}
