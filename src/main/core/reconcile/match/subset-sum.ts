/**
 * Bounded exact subset sum: which sets of 2..maxParts parts add up exactly to a target. Parts are
 * positive BigInts in descending order; the search stops after two solutions (two is already
 * ambiguous) or when its step budget runs out (then the answer is "exhausted" and nothing is
 * matched automatically).
 */

export interface SubsetResult {
  /** Up to two solutions, each a list of positions in `parts`. */
  solutions: number[][];
  exhausted: boolean;
}

/**
 * `parts[from, to)` must be sorted descending (largest first). Pruning: a branch stops when the sum
 * passes the target, or when even the largest remaining parts cannot reach it.
 */
export function subsetsSummingTo(
  parts: readonly bigint[],
  from: number,
  to: number,
  target: bigint,
  maxParts: number,
  budget: number,
): SubsetResult {
  const solutions: number[][] = [];
  const chosen: number[] = [];
  let steps = 0;
  let exhausted = false;
  const visit = (start: number, sum: bigint): void => {
    const left = maxParts - chosen.length - 1;
    for (let i = start; i < to; i++) {
      if (++steps > budget) {
        exhausted = true;
        return;
      }
      const value = parts[i] as bigint;
      const next = sum + value;
      if (next > target) continue;
      if (next === target) {
        if (chosen.length >= 1) {
          solutions.push([...chosen, i]);
          if (solutions.length >= 2) return;
        }
        continue;
      }
      // Parts from i on are at most `value`: if `left` more of them cannot fill the gap, no later
      // (smaller) part can either.
      if (left === 0 || next + value * BigInt(left) < target) return;
      chosen.push(i);
      visit(i + 1, next);
      chosen.pop();
      if (solutions.length >= 2 || exhausted) return;
    }
  };
  visit(from, 0n);
  return { solutions, exhausted };
}

/** Sorts `indexes` by `amount(i)` descending, ties by `tie(i)` ascending: a canonical order. */
export function sortByAmountDescending(
  indexes: number[],
  amount: (index: number) => bigint,
  tie: (index: number) => string,
): void {
  indexes.sort((a, b) => {
    const x = amount(a);
    const y = amount(b);
    if (x !== y) return x > y ? -1 : 1;
    const s = tie(a);
    const t = tie(b);
    return s < t ? -1 : s > t ? 1 : 0;
  });
}
