/**
 * The reconciliation start date (Settings → Reconciliation): an open item that no decision covers
 * and that is dated before it (a request created, a line booked) is out of scope. It is still
 * listed, marked as such, and counted apart from the states; runs never match it automatically.
 * Items a decision covers (a match, a resolution, a sign-off) keep their state whatever their date.
 */
import type { ItemState, StateReport } from '../match/states';
import { beforeStart, type AutoMatchPolicy } from './auto-match-policy';

const UNDECIDED_OPEN = new Set(['awaiting_payment', 'approved_unpaid', 'unmatched_bank_payment']);

export function isOutOfScope(item: ItemState, policy: Pick<AutoMatchPolicy, 'startDate'>): boolean {
  return item.match === null && UNDECIDED_OPEN.has(item.state) && beforeStart(item.date, policy);
}

/** The report without its out-of-scope items, and how many requests and lines those are. */
export function inScopeReport(
  report: StateReport,
  policy: Pick<AutoMatchPolicy, 'startDate'>,
): { report: StateReport; outOfScope: { requests: number; lines: number } | null } {
  if (policy.startDate === null) return { report, outOfScope: null };
  const requests = report.requests.filter((item) => !isOutOfScope(item, policy));
  const lines = report.lines.filter((item) => !isOutOfScope(item, policy));
  return {
    report: { ...report, requests, lines },
    outOfScope: {
      requests: report.requests.length - requests.length,
      lines: report.lines.length - lines.length,
    },
  };
}
