/**
 * Per float: its low-balance threshold, whether the latest balance is under it, and the runway at
 * the spend rate of the recent window (top-ups excluded).
 */
import { requireCurrencyExponent } from '../../../shared/domain/currency';
import type { FloatBalance } from '../../../shared/domain/floats';
import { compareMoney, fromMinorUnits, type Money } from '../../../shared/domain/money';
import type { FloatInsight } from '../../../shared/ipc/contract-balances';
import type { Ledger } from '../ledger/db';
import {
  BalanceHistoryRepository,
  floatKey,
  type HistoryPoint,
  type SeenTopUp,
} from '../ledger/repositories/balance-history';
import { FloatsRepository } from '../ledger/repositories/floats';
import { ThresholdsRepository } from '../ledger/repositories/thresholds';
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

export class InsightsService {
  private readonly floats: FloatsRepository;
  private readonly history: BalanceHistoryRepository;
  private readonly thresholds: ThresholdsRepository;

  constructor(
    db: Ledger,
    private readonly workspaceId: number,
  ) {
    this.floats = new FloatsRepository(db);
    this.history = new BalanceHistoryRepository(db);
    this.thresholds = new ThresholdsRepository(db);
  }

  /** Every float of the workspace, in the floats:list order; `only` narrows to one float. */
  list(only?: { currency: string; name: string }): FloatInsight[] {
    const latest = this.floats
      .listLatest(this.workspaceId, only?.currency)
      .filter((float) => only === undefined || float.name === only.name);
    const thresholds = new Map(
      this.thresholds.list(this.workspaceId).map((entry) => [floatKey(entry.currency, entry.name), entry]),
    );
    const starts = latest.flatMap((float) =>
      float.recordedAt === null ? [] : [windowStart(float.recordedAt)],
    );
    const earliest = starts.reduce((a, b) => (b < a ? b : a), starts[0] ?? '');
    const topUps = starts.length === 0 ? new Map() : this.history.topUpsSince(this.workspaceId, earliest);
    return latest.map((float) => {
      const entry = thresholds.get(floatKey(float.currency, float.name));
      const threshold: Money | null =
        entry === undefined
          ? null
          : { amount: fromMinorUnits(entry.thresholdMinor, float.currency), currency: float.currency };
      return {
        currency: float.currency,
        name: float.name,
        threshold,
        belowThreshold:
          threshold !== null && float.available !== null && compareMoney(float.available, threshold) < 0,
        runway: this.runway(float, topUps.get(floatKey(float.currency, float.name)) ?? []),
      };
    });
  }

  private runway(float: FloatBalance, topUps: readonly SeenTopUp[]): FloatInsight['runway'] {
    const floatId = this.history.floatId(this.workspaceId, float.currency, float.name);
    if (floatId === undefined || float.recordedAt === null) return runwayOf(float.currency, [], []);
    const start = windowStart(float.recordedAt);
    const points = this.history.points(floatId, float.currency, start);
    return runwayOf(
      float.currency,
      points,
      topUps.filter((topUp) => topUp.observedAt >= start),
    );
  }
}
