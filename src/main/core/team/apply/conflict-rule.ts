/**
 * Two decisions on one item made apart: the team's order decides. A colleague's change finds the
 * item held here by decisions in force, each with the place the team gave it (null: made here and
 * not pushed yet; undefined: never shared, e.g. made here only to follow the team's order).
 *  - held by a decision ordered before the change: the change is not applied, it is a conflict with
 *    the first of them (the standing decision);
 *  - held by a decision made here that has not reached the team: wait (it will be ordered after the
 *    change, but its seq is needed to name the conflict), and decide at the next exchange;
 *  - otherwise the change stands: the decisions holding the item are taken back here, each kept
 *    as a conflict the change wins.
 * Two people who decided the same (the same items, the same way: two runs matching alike) are in
 * no conflict: the earlier stands and the later changes nothing.
 * Every desktop comes to the same verdict, whatever order it learnt of the decisions in.
 */
export interface Holder {
  decisionId: number;
  seq: number | null | undefined;
  /** Decides what the change decides (same items, same way). */
  same?: boolean;
}

export type Verdict =
  | { verdict: 'apply'; displace: Holder[] }
  | { verdict: 'conflict'; standingSeq: number }
  | { verdict: 'same' }
  | { verdict: 'wait' };

export function conflictVerdict(seq: number, holders: readonly Holder[]): Verdict {
  const earlier = holders
    .filter(
      (holder): holder is Holder & { seq: number } => typeof holder.seq === 'number' && holder.seq < seq,
    )
    .sort((a, b) => a.seq - b.seq);
  const standing = earlier[0];
  if (standing !== undefined)
    return standing.same === true ? { verdict: 'same' } : { verdict: 'conflict', standingSeq: standing.seq };
  if (holders.some((holder) => holder.seq === null)) return { verdict: 'wait' };
  const seen = new Set<number>();
  const displace = holders.filter((holder) => !seen.has(holder.decisionId) && seen.add(holder.decisionId));
  return { verdict: 'apply', displace };
}
