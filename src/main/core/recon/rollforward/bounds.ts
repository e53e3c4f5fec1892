/**
 * Which balance stands at a bound of the period (its start, or its end = the next day's start):
 * an opening balance a person entered for that day, else the last snapshot recorded at or before
 * the bound, else the first one after it — within BOUND_TOLERANCE_DAYS of the bound. Nothing
 * further away is used: a balance a week old is not the balance at the bound, and is never passed
 * off as one. The basis is returned with the balance, so the screen can say which one it is.
 */
import { DAY_MS } from './period';

/** How far from a bound a recorded balance may lie and still stand for the balance at the bound. */
export const BOUND_TOLERANCE_DAYS = 3;
export const BOUND_TOLERANCE_MS = BOUND_TOLERANCE_DAYS * DAY_MS;

/** An opening balance a person entered: the float's balance at the start of `asOf` (a UTC day). */
export interface EnteredBalance {
  entryId: number;
  asOf: string;
  /** Exact plain decimal text. */
  amount: string;
  note: string;
  enteredAt: string;
}

export type BoundBasis =
  | { kind: 'entered'; entryId: number; asOf: string; note: string; enteredAt: string }
  /** offsetMs: recorded time − bound (negative: before the bound; 0: exactly at it). */
  | { kind: 'snapshot'; recordedAt: string; offsetMs: number };

/**
 * The index in `sorted` (oldest first, by atMs) of the snapshot standing for the bound: the last
 * one at or before it, else the first after it, within `toleranceMs`; undefined when none is close.
 */
export function snapshotAtBound(
  sorted: ReadonlyArray<{ atMs: number }>,
  boundMs: number,
  toleranceMs: number = BOUND_TOLERANCE_MS,
): number | undefined {
  const firstAfter = sorted.findIndex((point) => point.atMs > boundMs);
  const after = firstAfter === -1 ? sorted.length : firstAfter;
  const before = after - 1;
  const beforePoint = sorted[before];
  if (beforePoint !== undefined && boundMs - beforePoint.atMs <= toleranceMs) return before;
  const afterPoint = sorted[after];
  if (afterPoint !== undefined && afterPoint.atMs - boundMs <= toleranceMs) return after;
  return undefined;
}

/** The UTC day a bound instant starts (bounds are always 00:00:00Z). */
export const dayOfBound = (boundMs: number): string => new Date(boundMs).toISOString().slice(0, 10);
