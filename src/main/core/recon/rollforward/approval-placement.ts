/** Which approvals are a float's top-ups of the period, and in which interval of its balance window (pure). */
import { CLOCK_MARGIN_MS, placeTopUps } from '../../floats/runway';
import { instant, type Timed } from './balance-window';
import type { PeriodBounds } from './period';
import type { ApprovalInput } from './types';

export interface Counted {
  approval: ApprovalInput;
  /** Index in the window of the snapshot that holds it; null when the float has no snapshot. */
  index: number | null;
}

/** Which approvals are top-ups of the period, and which were seen approved too late to date. */
export function placeApprovals(
  window: readonly Timed[],
  hasOpening: boolean,
  approvals: readonly ApprovalInput[],
  bounds: PeriodBounds,
) {
  const counted: Counted[] = [];
  const late = new Map<number | null, ApprovalInput[]>();
  const timed = approvals.map((approval) => ({
    atMs: instant(approval.observedAt, `Approval of ${approval.paymentReference}`),
    runId: approval.syncRunId,
    createdMs: instant(approval.createdUtc, `Request ${approval.paymentReference}`),
    seenBefore: approval.seenBefore,
  }));
  const placements = placeTopUps(
    window.map((snapshot) => ({ atMs: snapshot.atMs, runId: snapshot.syncRunId })),
    timed,
  );
  approvals.forEach((approval, at) => {
    const placement = placements[at];
    const time = timed[at];
    if (placement === undefined || time === undefined) return;
    const lateAt = (index: number | null): void => {
      late.set(index, [...(late.get(index) ?? []), approval]);
    };
    /** Without an opening snapshot the period start is where the first interval begins. */
    const beforeStart = !time.seenBefore && time.createdMs < bounds.startMs - CLOCK_MARGIN_MS;
    if (placement.kind === 'credited') counted.push({ approval, index: placement.index });
    else if (placement.kind === 'not_counted') lateAt(placement.index);
    else if (placement.kind === 'before_first') {
      // With an opening snapshot it is held by the opening balance: before the period.
      const first = window[0];
      const inPeriod = (time.runId !== null && time.runId === first?.syncRunId) || time.atMs > bounds.startMs;
      if (hasOpening || !inPeriod) return;
      if (beforeStart) lateAt(0);
      else counted.push({ approval, index: 0 });
    } else if (window.length === 0 && time.atMs > bounds.startMs && time.atMs <= bounds.endMs) {
      // No snapshot at all: an approval of the period (by time), held by no balance.
      if (beforeStart) lateAt(null);
      else counted.push({ approval, index: null });
    }
  });
  return { counted, late };
}
