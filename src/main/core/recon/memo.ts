/**
 * Results derived from one reading of the ledger — load.ts's items and decisions, and the locks in
 * force — kept while those are the very same objects. A screen asks for the summary, the items and
 * the suggestions one after the other; each would otherwise work out every state again (seconds at
 * 100,000 items). A new reading (any write, here or by another process) brings new objects, so
 * nothing stale is ever returned; a preview's planned state is its own object too.
 */
import type { DecisionState } from './decision-state';
import type { LockIndex } from './signoff/locks';
import type { ReconWorld } from './world';

interface Entry {
  world: ReconWorld;
  locks: LockIndex;
  values: Map<string, unknown>;
}

const memos = new WeakMap<DecisionState, Entry>();

export function derived<T>(
  reading: { world: ReconWorld; state: DecisionState; locks: LockIndex },
  key: string,
  compute: () => T,
): T {
  let entry = memos.get(reading.state);
  if (entry === undefined || entry.world !== reading.world || entry.locks !== reading.locks) {
    entry = { world: reading.world, locks: reading.locks, values: new Map() };
    memos.set(reading.state, entry);
  }
  if (entry.values.has(key)) return entry.values.get(key) as T;
  const value = compute();
  entry.values.set(key, value);
  return value;
}
