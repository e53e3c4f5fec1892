import { isoNow } from '../clock';
import { FloatsRepository } from '../ledger/repositories/floats';
import type { DatasetSync } from './types';

/** Floats: one balance snapshot per float per sync, with the platform's own refresh time. */
export function floatSync(): DatasetSync {
  return async (context) => {
    context.progress({ phase: 'reading', done: 0, total: 1 });
    const answer = await context.client.checkFloats({}, context.signal);
    context.signal.throwIfAborted();
    new FloatsRepository(context.db).recordSnapshots(
      context.workspaceId,
      answer.floats.map((float) => ({
        currency: float.currency,
        name: float.name,
        available: float.available_balance.amount,
        pending: float.pending_payments.amount,
        platformRefreshedAt: answer.last_refreshed_at ?? null,
      })),
      isoNow(context.clock),
      context.syncRunId,
    );
    context.progress({ phase: 'saving', done: 1, total: 1 });
    return { itemsRead: answer.floats.length, itemsChanged: answer.floats.length, requestsMade: 1 };
  };
}
