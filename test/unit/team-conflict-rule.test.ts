/**
 * The team's order decides between two decisions on one item: the earlier seq stands, a later one
 * here is taken back, a decision of this desktop not yet ordered makes the change wait.
 */
import { describe, expect, it } from 'vitest';
import { conflictVerdict } from '../../src/main/core/team/apply/conflict-rule';

describe('the conflict rule', () => {
  it('applies a change when nothing holds its item', () => {
    expect(conflictVerdict(7, [])).toEqual({ verdict: 'apply', displace: [] });
  });

  it('keeps a decision the team ordered first, and names the first of them', () => {
    expect(
      conflictVerdict(9, [
        { decisionId: 3, seq: 8 },
        { decisionId: 4, seq: 5 },
        { decisionId: 5, seq: 12 },
      ]),
    ).toEqual({ verdict: 'conflict', standingSeq: 5 });
  });

  it('lets the change stand over decisions ordered after it, taking each back once', () => {
    expect(
      conflictVerdict(9, [
        { decisionId: 3, seq: 12 },
        { decisionId: 3, seq: 12 },
        { decisionId: 6, seq: undefined },
      ]),
    ).toEqual({
      verdict: 'apply',
      displace: [
        { decisionId: 3, seq: 12 },
        { decisionId: 6, seq: undefined },
      ],
    });
  });

  it('waits while a decision made here has no place in the team yet', () => {
    expect(conflictVerdict(9, [{ decisionId: 3, seq: null }])).toEqual({ verdict: 'wait' });
    // ...unless one ordered before the change holds the item anyway.
    expect(
      conflictVerdict(9, [
        { decisionId: 3, seq: null },
        { decisionId: 4, seq: 2 },
      ]),
    ).toEqual({ verdict: 'conflict', standingSeq: 2 });
  });

  it('comes to the same verdict whatever order the holders are listed in', () => {
    const holders = [
      { decisionId: 1, seq: 20 },
      { decisionId: 2, seq: 4 },
      { decisionId: 3, seq: 11 },
    ];
    const verdict = conflictVerdict(10, holders);
    expect(conflictVerdict(10, [...holders].reverse())).toEqual(verdict);
    expect(verdict).toEqual({ verdict: 'conflict', standingSeq: 4 });
  });

  it('sees no conflict when the decision ordered first decided the same', () => {
    expect(conflictVerdict(9, [{ decisionId: 3, seq: 4, same: true }])).toEqual({ verdict: 'same' });
    // The same decision made later here is taken back without a conflict.
    expect(conflictVerdict(9, [{ decisionId: 3, seq: 14, same: true }])).toEqual({
      verdict: 'apply',
      displace: [{ decisionId: 3, seq: 14, same: true }],
    });
    expect(
      conflictVerdict(9, [
        { decisionId: 3, seq: 4, same: false },
        { decisionId: 5, seq: 6, same: true },
      ]),
    ).toEqual({ verdict: 'conflict', standingSeq: 4 });
  });
});
