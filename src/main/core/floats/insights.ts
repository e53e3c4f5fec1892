/**
 * Per float: its low-balance threshold, whether the latest balance is under it, and the runway at
 * the spend rate of the recent window (top-ups excluded).
 */
import { requireCurrencyExponent } from '../../../shared/domain/currency';
import type { FloatBalance } from '../../../shared/domain/floats';
import { compareMoney, fromMinorUnits, type Money } from '../../../shared/domain/money';
import type { FloatInsight } from '../../../shared/ipc/contract-floats';
import type { Ledger } from '../ledger/db';
import {
  BalanceHistoryRepository,
  floatKey,
  type HistoryPoint,
  type SeenTopUp,
} from '../ledger/repositories/balance-history';
import { FloatsRepository, type LatestFloat } from '../ledger/repositories/floats';
import { DAY_MS, estimateRunway } from './runway';
import { decimalsOf, fromScaled, toScaled } from './scaled';

/** The runway looks at this many days of snapshots, up to the latest one. */
export const RUNWAY_WINDOW_DAYS = 30;

const windowStart = (latestIso: string): string =>
  new Date(Date.parse(latestIso) - RUNWAY_WINDOW_DAYS * DAY_MS).toISOString();

function runwayOf(
  currency: string,
  points: readonly HistoryPoint[],
  topUps: readonly SeenTopUp[],
): FloatInsight['runway'] {
  const basis = `the ${RUNWAY_WINDOW_DAYS} days up to the latest balance (${points.length} ${points.length === 1 ? 'snapshot' : 'snapshots'})`;
  if (points.length < 2) return { days: null, dailySpend: null, basis };
  const amounts = [...points.map((point) => point.available), ...topUps.map((topUp) => topUp.amount)];
  const scale = Math.max(
    requireCurrencyExponent(currency),
    ...amounts.map((amount) => decimalsOf(amount.amount)),
  );
  const estimate = estimateRunway(
    points.map((point) => ({
      atMs: Date.parse(point.recordedAt),
      available: toScaled(point.available.amount, scale),
      runId: point.syncRunId,
    })),
    topUps.map((topUp) => ({
      atMs: Date.parse(topUp.observedAt),
      amount: toScaled(topUp.amount.amount, scale),
      runId: topUp.syncRunId,
      createdMs: Date.parse(topUp.createdUtc),
      seenBefore: topUp.seenBefore,
    })),
  );
  return {
    days: estimate.days,
    dailySpend:
      estimate.dailySpend === null ? null : { amount: fromScaled(estimate.dailySpend, scale), currency },
    basis,
  };
}

/** A float's latest balance as the screen shows it (the ledger's ids and stored units left out). */
function balanceOf(float: LatestFloat): FloatBalance {
  const { currency, name, available, pending, platformRefreshedAt, recordedAt, overPrecise } = float;
  return { currency, name, available, pending, platformRefreshedAt, recordedAt, overPrecise };
}

/**
 * The Balances screen's one read: every float's latest balance, threshold and runway, from three
 * set-based queries (latest balances with thresholds, the runway windows' snapshots, the top-ups
 * seen since the earliest window) whatever the number of floats.
 */
export class InsightsService {
  private readonly floats: FloatsRepository;
  private readonly history: BalanceHistoryRepository;

  constructor(
    db: Ledger,
    private readonly workspaceId: number,
  ) {
    this.floats = new FloatsRepository(db);
    this.history = new BalanceHistoryRepository(db);
  }

  /** Every float of the workspace, in the floats:list order; `only` narrows to one float. */
  list(only?: { currency: string; name: string }): FloatInsight[] {
    const latest = this.floats.latest(this.workspaceId, only);
    const windows = latest.flatMap((float) =>
      float.recordedAt === null
        ? []
        : [{ floatId: float.floatId, currency: float.currency, since: windowStart(float.recordedAt) }],
    );
    const earliest = windows.reduce((a, b) => (b.since < a ? b.since : a), windows[0]?.since ?? '');
    const topUps = windows.length === 0 ? new Map() : this.history.topUpsSince(this.workspaceId, earliest);
    const points = this.history.pointsSince(windows);
    const starts = new Map(windows.map((window) => [window.floatId, window.since]));
    return latest.map((float) => {
      const threshold: Money | null =
        float.thresholdMinor === null
          ? null
          : { amount: fromMinorUnits(float.thresholdMinor, float.currency), currency: float.currency };
      const start = starts.get(float.floatId);
      const seen: readonly SeenTopUp[] = topUps.get(floatKey(float.currency, float.name)) ?? [];
      return {
        ...balanceOf(float),
        threshold,
        belowThreshold:
          threshold !== null && float.available !== null && compareMoney(float.available, threshold) < 0,
        runway:
          start === undefined
            ? runwayOf(float.currency, [], [])
            : runwayOf(
                float.currency,
                points.get(float.floatId) ?? [],
                seen.filter((topUp) => topUp.observedAt >= start),
              ),
      };
    });
  }
}
