/** What the match tables record per item, and the small rules over those records. */
import type { Locks } from './types';

/** Per item: free for the next pass, matched, or held in a suggestion for a person. */
export const FREE = 0;
export const MATCHED = 1;
export const HELD = 2;

/** A request's approved amount: none (or in another currency), written as requested, or other. */
export const NO_APPROVED = 0;
export const APPROVED_AS_REQUESTED = 1;
export const APPROVED_OTHER = 2;

/** The items of `order` whose state is FREE, in that order (`order` itself when all are). */
export function onlyFree(order: Int32Array, state: Uint8Array): Int32Array {
  let n = 0;
  for (let k = 0; k < order.length; k++) if (state[order[k] as number] === FREE) n++;
  if (n === order.length) return order;
  const kept = new Int32Array(n);
  n = 0;
  for (let k = 0; k < order.length; k++) {
    const i = order[k] as number;
    if (state[i] === FREE) kept[n++] = i;
  }
  return kept;
}

/** Whether `negative` is written as "-" followed by exactly `positive`. */
export function negationOf(negative: string, positive: string): boolean {
  return (
    negative.length === positive.length + 1 && negative.charCodeAt(0) === 45 && negative.endsWith(positive)
  );
}

/** The bank lines and requests a sign-off locked: listed, or part of a locked match. */
export function lockedItems(locks: Locks): { lockedLines: Set<string>; lockedRequests: Set<string> } {
  const lockedLines = new Set<string>(locks.lineIds ?? []);
  const lockedRequests = new Set<string>(locks.requestReferences ?? []);
  for (const match of locks.matches ?? []) {
    for (const id of match.lineIds) lockedLines.add(id);
    for (const reference of match.requestReferences) lockedRequests.add(reference);
  }
  return { lockedLines, lockedRequests };
}
