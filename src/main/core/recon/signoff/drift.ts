/**
 * After every sync (each time the notifier runs): every request locked by a sign-off in force is
 * compared with its live row (drift-rule.ts). A value that differs from the last one recorded for
 * that sign-off, request and field (the signed-off value while none is) is appended as a drift row
 * and announced once, keyed by that row; a return to the signed-off value is a row and a notice
 * too, so a change back and forth is always seen. Nothing depends on which run wrote the change:
 * a run whose notifier failed rolls its drift rows back, and the next run finds the same drift.
 * Runs inside the notifier's transaction.
 */
import { dateText, moneyText, type FormatPreferences } from '../../../../shared/domain/formats';
import type { Ledger } from '../../ledger/db';
import { ReconSignOffDriftRepository } from '../../ledger/repositories/recon-signoff-drift';
import type { NotificationText } from '../../notifications/messages';
import { workspaceFormat } from '../../settings/word-format';
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

/** A drift value as a person reads it: statuses in words, amounts in the workspace's format, a missing amount said so. */
function plain(field: Difference['field'], value: string | null, format: FormatPreferences): string {
  if (field === 'status') return value === null ? 'no status' : (STATUS_WORDS[value] ?? value);
  if (value === null) return 'no approved amount';
  const amount = /^(\S+) ([A-Z]{3})$/.exec(value);
  return amount ? moneyText(amount[1]!, amount[2]!, format) : value;
}

export function driftText(
  change: { signOffId: number; asOf: string; paymentReference: string },
  difference: Difference,
  format: FormatPreferences,
  back = false,
): NotificationText {
  const what = FIELD[difference.field];
  const signedOff = `signed off as of ${dateText(change.asOf, format)} (sign-off ${change.signOffId})`;
  if (back) {
    return {
      kind: 'signoff_drift',
      title: `Signed-off request changed back: ${change.paymentReference}`,
      message:
        `The platform changed the ${what} of ${change.paymentReference} back to what was ${signedOff}: ` +
        `it is ${plain(difference.field, difference.now, format)} again. Review it; the earlier change is kept on the sign-off.`,
    };
  }
  return {
    kind: 'signoff_drift',
    title: `Signed-off request changed: ${change.paymentReference}`,
    message:
      `The platform changed the ${what} of ${change.paymentReference} after it was ${signedOff}: ` +
      `it was ${plain(difference.field, difference.signedOff, format)}, it is now ${plain(difference.field, difference.now, format)}. Review it; to ` +
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
  const format = workspaceFormat(db, workspaceId);
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
      return [{ ...driftText(request, difference, format, found.back), dedupeKey: `signoff_drift:${id}` }];
    }),
  );
}
