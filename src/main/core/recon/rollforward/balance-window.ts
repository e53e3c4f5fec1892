/**
 * The balances a float's roll-forward works between (pure): the balance at each bound of the period
 * (a snapshot near it, or an opening balance a person entered) and the snapshots in between, oldest
 * first. Top-ups are placed in the intervals they form.
 */
import { snapshotAtBound, type BoundBasis, type EnteredBalance } from './bounds';
import type { PeriodBounds } from './period';
import type { SnapshotInput } from './types';

export interface Timed extends SnapshotInput {
  atMs: number;
  /** Set on the balances standing at a bound. */
  basis?: BoundBasis;
}

/** Opening balances entered for the period's first day and for the day after its last. */
export interface EnteredAtBounds {
  start?: EnteredBalance;
  end?: EnteredBalance;
  /** How far from a bound a snapshot may lie (default: bounds.ts). */
  toleranceMs?: number;
}

export function instant(text: string, what: string): number {
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) throw new Error(`${what} has an unreadable time "${text}".`);
  return ms;
}

/** A balance the ledger holds at a bound: a snapshot, or an opening balance a person entered. */
function enteredPoint(entered: EnteredBalance, boundMs: number): Timed {
  return {
    snapshotId: 0,
    recordedAt: new Date(boundMs).toISOString(),
    platformRefreshedAt: null,
    available: entered.amount,
    syncRunId: null,
    atMs: boundMs,
    basis: {
      kind: 'entered',
      entryId: entered.entryId,
      asOf: entered.asOf,
      note: entered.note,
      enteredAt: entered.enteredAt,
    },
  };
}

/**
 * The balances at the bounds (bounds.ts) and the snapshots between them, oldest first: the
 * intervals top-ups are placed in. Without an opening balance the window starts with the first
 * snapshot after the period start; without a closing one it ends with the last one up to its end.
 */
export function windowOf(
  snapshots: readonly SnapshotInput[],
  bounds: PeriodBounds,
  entered: EnteredAtBounds,
): { window: Timed[]; opening: Timed | undefined; closing: Timed | undefined } {
  const timed: Timed[] = snapshots
    .map((snapshot) => ({
      ...snapshot,
      atMs: instant(snapshot.recordedAt, `Snapshot ${snapshot.snapshotId}`),
    }))
    .sort((a, b) => a.atMs - b.atMs || a.snapshotId - b.snapshotId);
  const firstIndex = (test: (point: Timed) => boolean): number => {
    const found = timed.findIndex(test);
    return found === -1 ? timed.length : found;
  };
  const labelled = (index: number | undefined, boundMs: number): Timed | undefined => {
    const point = index === undefined ? undefined : timed[index];
    return (
      point && {
        ...point,
        basis: { kind: 'snapshot', recordedAt: point.recordedAt, offsetMs: point.atMs - boundMs },
      }
    );
  };
  const openingIndex = entered.start
    ? undefined
    : snapshotAtBound(timed, bounds.startMs, entered.toleranceMs);
  const closingIndex = entered.end ? undefined : snapshotAtBound(timed, bounds.endMs, entered.toleranceMs);
  const opening = entered.start
    ? enteredPoint(entered.start, bounds.startMs)
    : labelled(openingIndex, bounds.startMs);
  const closing = entered.end
    ? enteredPoint(entered.end, bounds.endMs)
    : labelled(closingIndex, bounds.endMs);
  const from =
    openingIndex !== undefined ? openingIndex + 1 : firstIndex((point) => point.atMs > bounds.startMs);
  const to =
    closingIndex !== undefined
      ? closingIndex
      : firstIndex((point) => (entered.end ? point.atMs >= bounds.endMs : point.atMs > bounds.endMs));
  const middle = timed.slice(from, Math.max(from, to));
  const window = [
    ...(opening ? [opening] : []),
    ...middle,
    ...(closing && !(closingIndex !== undefined && closingIndex === openingIndex) ? [closing] : []),
  ];
  return { window, opening, closing };
}
