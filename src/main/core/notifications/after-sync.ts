/**
 * After a sync run: a float whose new balance fell under its threshold, and a request submitted
 * from this workspace that the run saw approved, edited, removed or cancelled for the first time,
 * each become one stored notification and one 'notifications:new' event; so does every change to a
 * signed-off request not recorded yet, whichever run brought it (recon/signoff/drift.ts).
 */
import type { EventChannel } from '../../../shared/ipc/channels';
import type { AppNotification } from '../../../shared/ipc/contract-notifications';
import { compareMoney, fromMinorUnits, money, type Money } from '../../../shared/domain/money';
import { isoNow, type Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import { FloatsRepository } from '../ledger/repositories/floats';
import { NotificationsRepository, type TransferOutcomeRow } from '../ledger/repositories/notifications';
import { ThresholdsRepository } from '../ledger/repositories/thresholds';
import { detectDrift } from '../recon/signoff/drift';
import { workspaceFormat } from '../settings/word-format';
import { lowBalanceStep } from './low-balance';
import { lowBalanceText, transferOutcomeText, type NotificationText } from './messages';

export interface NotifierContext {
  db: Ledger;
  workspaceId: number;
  clock: Clock;
  emit: (name: EventChannel, payload: unknown) => void;
}

type Pending = NotificationText & { dedupeKey: string };

function lowBalances(context: NotifierContext, runId: number): Pending[] {
  const thresholds = new ThresholdsRepository(context.db);
  const latestOf = new Map(
    new FloatsRepository(context.db).latest(context.workspaceId).map((float) => [float.floatId, float]),
  );
  const pending: Pending[] = [];
  const format = workspaceFormat(context.db, context.workspaceId);
  for (const entry of thresholds.list(context.workspaceId)) {
    const latest = latestOf.get(entry.floatId);
    // Only a balance this run read can cross: an older one was judged by the run that read it.
    if (latest === undefined || latest.available === null || latest.syncRunId !== runId) continue;
    const threshold = {
      amount: fromMinorUnits(entry.thresholdMinor, entry.currency),
      currency: entry.currency,
    };
    const step = lowBalanceStep(entry.armed, compareMoney(latest.available, threshold) < 0);
    if (step.armed !== entry.armed) thresholds.setArmed(entry.floatId, step.armed);
    if (step.notify) {
      pending.push({
        ...lowBalanceText(entry, latest.available, threshold, format),
        dedupeKey: `low_balance:${entry.floatId}:${latest.snapshotId}`,
      });
    }
  }
  return pending;
}

/** An amount as stored on a request row; approved in another currency is kept as "12.00 EUR". */
function rowMoney(minor: bigint | null, exact: string | null, currency: string): Money | null {
  if (minor !== null) return { amount: fromMinorUnits(minor, currency), currency };
  if (exact === null) return null;
  const foreign = /^(\S+) ([A-Z]{3})$/.exec(exact.trim());
  try {
    return foreign ? money(foreign[1] as string, foreign[2] as string) : money(exact, currency);
  } catch {
    return { amount: exact.trim(), currency };
  }
}

function transferOutcomes(context: NotifierContext, runId: number): Pending[] {
  const rows = new NotificationsRepository(context.db).transferOutcomesOfRun(context.workspaceId, runId);
  const format = workspaceFormat(context.db, context.workspaceId);
  return rows.map((row: TransferOutcomeRow) => ({
    ...transferOutcomeText(
      {
        status: row.status,
        paymentReference: row.paymentReference,
        float: row.float,
        requested: rowMoney(row.requestedMinor, row.requestedExact, row.currency) ?? {
          amount: '?',
          currency: row.currency,
        },
        approved: rowMoney(row.approvedMinor, row.approvedExact, row.currency),
      },
      format,
    ),
    dedupeKey: `transfer:${row.requestId}:${row.status}`,
  }));
}

/** Store and announce what the run brought; returns the new notifications (none twice). */
export function raiseNotifications(context: NotifierContext, runId: number): AppNotification[] {
  const repository = new NotificationsRepository(context.db);
  const createdAt = isoNow(context.clock);
  const created = context.db
    .transaction(() =>
      [
        ...lowBalances(context, runId),
        ...transferOutcomes(context, runId),
        ...detectDrift(context.db, context.workspaceId, runId, createdAt),
      ].flatMap((entry) => {
        const stored = repository.insert({
          ...entry,
          workspaceId: context.workspaceId,
          createdAt,
          syncRunId: runId,
        });
        return stored === undefined ? [] : [stored];
      }),
    )
    .immediate();
  for (const notification of created) context.emit('notifications:new', notification);
  return created;
}

/** The sync's hook: a failure here is logged and never fails the sync that already committed. */
export function notifyAfterSync(context: NotifierContext, runId: number): void {
  try {
    raiseNotifications(context, runId);
  } catch (error) {
    console.error('FloatDesk: could not raise the notifications of sync run', runId, error);
  }
}
