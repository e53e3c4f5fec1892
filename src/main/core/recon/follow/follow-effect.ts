/**
 * A change to the ledger — a decision, an import, a run's matches — changes the state of a few
 * items, and the kept reading (kept-items.ts, kept-reading.ts, suggestions-view.ts) follows it by
 * working those items out again instead of every item of the ledger: the kept rows of the items the
 * change touched and of the matches around them (follow-rows.ts; an import's new bank lines are
 * added among them), the suggestion queue (by the caller's rule) and the summary (follow-summary.ts).
 * Each is followed only when it was kept at the version just before the change and nothing else
 * was written since; otherwise it is worked out in full when next asked.
 */
import {
  ReconItemRowsRepository,
  sumByCurrency,
  type KeptItemReading,
  type KeptItemRow,
  type KeptItemTotals,
} from '../../ledger/repositories/recon-item-rows';
import { moveCells } from '../../ledger/repositories/recon-item-cells';
import { ReconDecisionsRepository } from '../../ledger/repositories/recon-decisions';
import { ReconReadingsRepository } from '../../ledger/repositories/recon-readings';
import type { ReconContext } from '../context';
import { keep, optionsKey } from '../kept-reading';
import { same } from '../kept-items';
import { followRows, type Effect } from './follow-rows';
import { followSummary } from './follow-summary';

/**
 * Past this many rows touched, following costs about what working every item out again does (a
 * first run stores tens of thousands of matches): the full path answers instead.
 */
const MAX_FOLLOWED_ROWS = 20_000;

export interface FollowRules {
  /** The open suggestions' keys once the change is in, from those kept before (null: not kept). */
  queue: (kept: readonly string[] | null) => string[] | null;
  /** Gives the added rows their positions among the kept ones; null when there is no room. */
  place?: (added: KeptItemRow[]) => KeptItemRow[] | null;
  /** False when the change moves what the summary reads besides the items (the roll-forward). */
  summary?: boolean;
}

/** The totals of every kept row with the added rows counted in. */
function withAdded(totals: readonly KeptItemTotals[], added: readonly KeptItemRow[]): KeptItemTotals[] {
  const byCurrency = new Map(totals.map((sums) => [sums.currency, { ...sums }]));
  for (const sums of sumByCurrency(added)) {
    const known = byCurrency.get(sums.currency);
    if (known === undefined) byCurrency.set(sums.currency, sums);
    else {
      known.count += sums.count;
      known.inCount += sums.inCount;
      known.outCount += sums.outCount;
      known.moneyIn += sums.moneyIn;
      known.moneyOut += sums.moneyOut;
    }
  }
  return [...byCurrency.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1));
}

/**
 * After the change's transaction: moves what was kept at `before` to `after` by the change's
 * effect. Says whether the kept items followed.
 */
export function followEffect(
  context: ReconContext,
  versions: { before: number; after: number },
  effect: Effect,
  rules: FollowRules,
): boolean {
  const { db, workspaceId } = context;
  if (effect.lines.length + effect.requests.length > MAX_FOLLOWED_ROWS) return false;
  return keep(context, () => {
    const readings = new ReconReadingsRepository(db);
    if (readings.inputsVersion() !== versions.after) return false;
    const rowsRepo = new ReconItemRowsRepository(db);
    const reading = rowsRepo.reading(workspaceId);
    const key = optionsKey(context);
    if (reading === null || reading.inputsVersion !== versions.before || reading.optionsKey !== key)
      return false;
    const followed = followRows(context, reading.asOf, reading, effect);
    if (followed === null) return false;
    const placed = followed.added.length === 0 ? [] : (rules.place?.(followed.added) ?? null);
    if (placed === null) return false;
    const before = new Map(followed.before.map((row) => [row.position, row]));
    const changed = followed.after.filter((row) => !same(row, before.get(row.position)!));
    const next: KeptItemReading = {
      ...reading,
      inputsVersion: versions.after,
      cells:
        reading.cells === null
          ? null
          : moveCells(
              reading.cells,
              changed.map((row) => before.get(row.position)!),
              [...changed, ...placed],
            ),
    };
    if (placed.length > 0) {
      next.totals = withAdded(reading.totals, placed);
      next.currencies = [...new Set([...reading.currencies, ...placed.map((row) => row.currency)])].sort();
      rowsRepo.add(workspaceId, next, placed);
    }
    rowsRepo.update(workspaceId, next, changed);

    const nextQueue = rules.queue(readings.suggestionQueueAt(workspaceId, versions.before));
    if (nextQueue === null) return true;
    readings.saveSuggestionQueue(workspaceId, versions.after, nextQueue);

    if (rules.summary === false) return true;
    const summary = readings.summaryAt(workspaceId, reading.asOf, key, versions.before);
    if (summary === null) return true;
    const moved = followSummary(
      summary,
      { ...followed, added: placed },
      new ReconDecisionsRepository(db),
      workspaceId,
      nextQueue.length,
    );
    if (moved !== null) readings.saveSummary(workspaceId, reading.asOf, key, versions.after, moved);
    return true;
  });
}
