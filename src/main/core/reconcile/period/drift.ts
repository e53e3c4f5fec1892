/**
 * After every sync (each time the notifier runs): every request locked by a sign-off in force is
 * compared with its live row (drift-rule.ts). A value that differs from the last one recorded for
 * that sign-off, request and field (the signed-off value while none is) is appended as a drift row
 * and announced once, keyed by that row; a return to the signed-off value is a row and a notice
 * too, so a change back and forth is always seen. Nothing depends on which run wrote the change:
 * a run whose notifier failed rolls its drift rows back, and the next run finds the same drift.
 * Runs inside the notifier's transaction.
 */
import type { Ledger } from '../../ledger/db';
import { ReconSignOffDriftRepository } from '../../ledger/repositories/recon-signoff-drift';
import type { NotificationText } from '../../notifications/messages';
import { DRIFT_FIELDS, nextDrift, valueOf, type Difference } from './drift-rule';

export type DriftNotice = NotificationText & { dedupeKey: string };

const FIELD = { status: 'status', approved_amount: 'approved amount' } as const;

const STATUS_WORDS: Readonly<Record<string, string>> = {
  pending: 'pending',
  approved: 'approved',
  approved_edited: 'approved with an edited amount',
  removed: 'removed',
  cancelled: 'cancelled',
};

/** A drift value as a person reads it: statuses in words, a missing amount said so. */
function plain(field: Difference['field'], value: string | null): string {
  if (field === 'status') return value === null ? 'no status' : (STATUS_WORDS[value] ?? value);
  return value ?? 'no approved amount';
}

export function driftText(
  change: { signOffId: number; asOf: string; paymentReference: string },
  difference: Difference,
  back = false,
): NotificationText {
  const what = FIELD[difference.field];
  const signedOff = `signed off as of ${change.asOf} (sign-off ${change.signOffId})`;
  if (back) {
    return {
      kind: 'signoff_drift',
      title: `Signed-off request changed back: ${change.paymentReference}`,
      message:
        `The platform changed the ${what} of ${change.paymentReference} back to what was ${signedOff}: ` +
        `it is ${plain(difference.field, difference.now)} again. Review it; the earlier change is kept on the sign-off.`,
    };
  }
  return {
    kind: 'signoff_drift',
    title: `Signed-off request changed: ${change.paymentReference}`,
    message:
      `The platform changed the ${what} of ${change.paymentReference} after it was ${signedOff}: ` +
      `it was ${plain(difference.field, difference.signedOff)}, it is now ${plain(difference.field, difference.now)}. Review it; to ` +
      'reconcile it again, unlock that sign-off with a reason.',
  };
}

/** Records the drift found now; returns the notifications to store (one per new drift row). */
export function detectDrift(
  db: Ledger,
  workspaceId: number,
  runId: number | null,
  detectedAt: string,
): DriftNotice[] {
  const repo = new ReconSignOffDriftRepository(db);
  return repo.lockedRequests(workspaceId).flatMap((request) =>
    DRIFT_FIELDS.flatMap((field) => {
      const signedOff = valueOf(request.signedOff, field);
      const now = valueOf(request.now, field);
      const last = request.last[field];
      const found = nextDrift(field, signedOff, last === null ? signedOff : last.now, now);
      if (found === null) return [];
      const difference = { field, signedOff, now };
      const id = repo.insertDrift({
        signOffId: request.signOffId,
        requestId: request.requestId,
        ...difference,
        detectedAt,
        syncRunId: runId,
      });
      return [{ ...driftText(request, difference, found.back), dedupeKey: `signoff_drift:${id}` }];
    }),
  );
}
