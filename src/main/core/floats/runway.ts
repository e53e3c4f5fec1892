/**
 * Runway: at the recent spend rate, in how many whole days the float's available balance runs out.
 * Pure and exact: amounts are BigInt at one scale, the rate a ratio of BigInts; only the day count
 * is a number.
 */
import { divideRoundingHalfUp } from './scaled';

export const DAY_MS = 86_400_000;

export interface RunwaySnapshot {
  atMs: number;
  /** Available balance, scaled. */
  available: bigint;
  /** The sync run that recorded it, when known. */
  runId: number | null;
}

/** An approved top-up of the float (money the platform added): never spend. */
export interface RunwayTopUp {
  /** When this ledger first saw it approved. */
  atMs: number;
  amount: bigint;
  runId: number | null;
  /** When the request was created (platform time). */
  createdMs: number;
  /** The ledger had seen the request before, not yet approved. */
  seenBefore: boolean;
}

/** Clock difference allowed between the platform's creation times and this ledger's snapshot times. */
export const CLOCK_MARGIN_MS = 60 * 60 * 1000;

export interface RunwayEstimate {
  /** Money that left the float between the first and the last snapshot (scaled). */
  spend: bigint;
  spanMs: number;
  /** Average spend per day, rounded half up at the scale; null when no spend was seen. */
  dailySpend: bigint | null;
  /** Whole days until the latest available balance is spent; null when no spend was seen. */
  days: number | null;
}

/** What placing a top-up against snapshots needs: when and by which sync run each was seen. */
export interface TimedSnapshot {
  atMs: number;
  runId: number | null;
}

export type TimedTopUp = Omit<RunwayTopUp, 'amount'>;

/**
 * Where a top-up belongs among snapshots (oldest first):
 * - `credited`: in the interval (snapshot index − 1, snapshot index];
 * - `before_first`: at or before the first snapshot, so outside every interval;
 * - `after_last`: after the last snapshot;
 * - `not_counted`: first seen already approved, but created before its interval began (the first
 *   sync of requests reads old approvals that earlier balances already held): when it was approved
 *   is unknown, so it is not counted in the interval (`index`).
 */
export type TopUpPlacement =
  | { kind: 'credited'; index: number }
  | { kind: 'before_first'; index: 0 }
  | { kind: 'after_last' }
  | { kind: 'not_counted'; index: number };

/**
 * Places each top-up (same order as given). Sync reads balances before requests, so an approval seen
 * by run R shows in run R's balance: it belongs to the interval ending at R's snapshot. Without a
 * matching run, the interval containing the time it was seen.
 */
export function placeTopUps(
  snapshots: readonly TimedSnapshot[],
  topUps: readonly TimedTopUp[],
): TopUpPlacement[] {
  const byRun = new Map<number, number>();
  snapshots.forEach((snapshot, index) => {
    if (snapshot.runId !== null) byRun.set(snapshot.runId, index);
  });
  return topUps.map((topUp): TopUpPlacement => {
    let index = topUp.runId === null ? undefined : byRun.get(topUp.runId);
    if (index === undefined) {
      const found = snapshots.findIndex((snapshot) => snapshot.atMs >= topUp.atMs);
      index = found === -1 ? undefined : found;
    }
    if (index === undefined) return { kind: 'after_last' };
    if (index === 0) return { kind: 'before_first', index: 0 };
    const start = (snapshots[index - 1] as TimedSnapshot).atMs;
    if (!topUp.seenBefore && topUp.createdMs < start - CLOCK_MARGIN_MS) return { kind: 'not_counted', index };
    return { kind: 'credited', index };
  });
}

/**
 * For each snapshot, the top-ups credited between the one before it and it (see placeTopUps).
 * Top-ups before the first snapshot are outside every interval and ignored, and so are those not
 * counted (first seen already approved, created before the interval began).
 */
export function attributeTopUps(
  snapshots: readonly RunwaySnapshot[],
  topUps: readonly RunwayTopUp[],
): bigint[] {
  const credited = snapshots.map(() => 0n);
  placeTopUps(snapshots, topUps).forEach((placement, at) => {
    if (placement.kind !== 'credited') return;
    credited[placement.index] = (credited[placement.index] ?? 0n) + (topUps[at] as RunwayTopUp).amount;
  });
  return credited;
}

/**
 * Spend between consecutive snapshots is the drop not explained by top-ups: previous + top-ups −
 * current, counted only when positive (a rise the ledger cannot explain is not negative spend).
 * Snapshots must be oldest first.
 */
export function estimateRunway(
  snapshots: readonly RunwaySnapshot[],
  topUps: readonly RunwayTopUp[],
): RunwayEstimate {
  const first = snapshots[0];
  const last = snapshots[snapshots.length - 1];
  if (!first || !last || snapshots.length < 2) return { spend: 0n, spanMs: 0, dailySpend: null, days: null };
  const credited = attributeTopUps(snapshots, topUps);
  let spend = 0n;
  for (let index = 1; index < snapshots.length; index++) {
    const previous = snapshots[index - 1] as RunwaySnapshot;
    const current = snapshots[index] as RunwaySnapshot;
    const drop = previous.available + (credited[index] ?? 0n) - current.available;
    if (drop > 0n) spend += drop;
  }
  const spanMs = last.atMs - first.atMs;
  if (spend === 0n || spanMs <= 0)
    return { spend, spanMs: Math.max(spanMs, 0), dailySpend: null, days: null };
  const span = BigInt(spanMs);
  const perDayDenominator = spend * BigInt(DAY_MS);
  const dailySpend = divideRoundingHalfUp(perDayDenominator, span);
  const wholeDays = last.available <= 0n ? 0n : (last.available * span) / perDayDenominator;
  const days = wholeDays > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(wholeDays);
  return { spend, spanMs, dailySpend, days };
}
