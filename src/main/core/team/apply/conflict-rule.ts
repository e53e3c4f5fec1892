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
 * Every desktop comes to the same verdict, whatever order it learnt of the decisions in.
 */
export interface Holder {
  decisionId: number;
  seq: number | null | undefined;
}

export type Verdict =
  | { verdict: 'apply'; displace: Holder[] }
  | { verdict: 'conflict'; standingSeq: number }
  | { verdict: 'wait' };

export function conflictVerdict(seq: number, holders: readonly Holder[]): Verdict {
  const earlier = holders
    .map((holder) => holder.seq)
    .filter((held): held is number => typeof held === 'number' && held < seq);
  if (earlier.length > 0) return { verdict: 'conflict', standingSeq: Math.min(...earlier) };
  if (holders.some((holder) => holder.seq === null)) return { verdict: 'wait' };
  const seen = new Set<number>();
  const displace = holders.filter((holder) => !seen.has(holder.decisionId) && seen.add(holder.decisionId));
  return { verdict: 'apply', displace };
}
