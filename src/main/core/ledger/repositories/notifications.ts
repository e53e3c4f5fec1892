/** Notifications raised for a workspace, each condition once (UNIQUE dedupe key). */
import type { AppNotification } from '../../../../shared/ipc/contract-notifications';
import type { Ledger } from '../db';

export type NotificationKind = AppNotification['kind'];

export interface NewNotification {
  workspaceId: number;
  kind: NotificationKind;
  title: string;
  message: string;
  createdAt: string;
  syncRunId: number | null;
  /** Names the condition, e.g. "low_balance:<float>:<snapshot>"; a second insert of it is ignored. */
  dedupeKey: string;
}

/** A submitted request's history row, written by a sync run, in a status worth telling. */
export interface TransferOutcomeRow {
  requestId: number;
  paymentReference: string;
  float: string;
  currency: string;
  status: 'approved' | 'approved_edited' | 'removed' | 'cancelled';
  requestedMinor: bigint | null;
  requestedExact: string | null;
  approvedMinor: bigint | null;
  approvedExact: string | null;
}

interface NotificationRow {
  id: number;
  kind: NotificationKind;
  title: string;
  message: string;
  created_at: string;
  read_at: string | null;
}

const toNotification = (row: NotificationRow): AppNotification => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  message: row.message,
  at: row.created_at,
  readAt: row.read_at,
});

/** How many the list returns at most (newest first). */
export const NOTIFICATION_LIST_LIMIT = 500;

export class NotificationsRepository {
  constructor(private readonly db: Ledger) {}

  /** The stored notification, or undefined when its condition was already notified. */
  insert(entry: NewNotification): AppNotification | undefined {
    const row = this.db
      .prepare<unknown[], NotificationRow>(
        `INSERT INTO notifications (workspace_id, kind, title, message, created_at, sync_run_id, dedupe_key)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (workspace_id, dedupe_key) DO NOTHING
         RETURNING id, kind, title, message, created_at, read_at`,
      )
      .get(
        entry.workspaceId,
        entry.kind,
        entry.title,
        entry.message,
        entry.createdAt,
        entry.syncRunId,
        entry.dedupeKey,
      );
    return row === undefined ? undefined : toNotification(row);
  }

  list(workspaceId: number, unreadOnly = false): AppNotification[] {
    return this.db
      .prepare<[number, number, number], NotificationRow>(
        `SELECT id, kind, title, message, created_at, read_at FROM notifications
          WHERE workspace_id = ? AND (? = 0 OR read_at IS NULL) ORDER BY id DESC LIMIT ?`,
      )
      .all(workspaceId, unreadOnly ? 1 : 0, NOTIFICATION_LIST_LIMIT)
      .map(toNotification);
  }

  /** Mark unread notifications read: the given ids, or all. Returns how many changed. */
  dismiss(workspaceId: number, which: { ids: readonly number[] } | 'all', now: string): number {
    if (which === 'all') {
      return this.db
        .prepare('UPDATE notifications SET read_at = ? WHERE workspace_id = ? AND read_at IS NULL')
        .run(now, workspaceId).changes;
    }
    const update = this.db.prepare(
      'UPDATE notifications SET read_at = ? WHERE workspace_id = ? AND id = ? AND read_at IS NULL',
    );
    return this.db.transaction(() =>
      [...new Set(which.ids)].reduce((count, id) => count + update.run(now, workspaceId, id).changes, 0),
    )();
  }

  /**
   * History rows the run wrote for requests submitted from this workspace, where the request
   * reached a final status for the first time (no earlier row in that status).
   */
  transferOutcomesOfRun(workspaceId: number, runId: number): TransferOutcomeRow[] {
    type Row = Omit<TransferOutcomeRow, 'requestId'> & { requestId: bigint };
    return this.db
      .prepare<[number, number], Row>(
        `SELECT r.id AS requestId, r.payment_reference AS paymentReference, r.float_name AS float,
                r.currency, h.status, h.requested_minor AS requestedMinor, h.requested_exact AS requestedExact,
                h.approved_minor AS approvedMinor, h.approved_exact AS approvedExact
           FROM transfer_request_history h JOIN transfer_requests r ON r.id = h.transfer_request_id
          WHERE h.sync_run_id = ? AND r.workspace_id = ?
            AND h.status IN ('approved', 'approved_edited', 'removed', 'cancelled')
            AND EXISTS (SELECT 1 FROM transfer_submissions s WHERE s.workspace_id = r.workspace_id
                          AND s.payment_reference = r.payment_reference AND s.outcome <> 'refused')
            AND NOT EXISTS (SELECT 1 FROM transfer_request_history e
                             WHERE e.transfer_request_id = h.transfer_request_id AND e.id < h.id
                               AND e.status = h.status)
          ORDER BY h.id`,
      )
      .safeIntegers(true)
      .all(runId, workspaceId)
      .map((row) => ({ ...row, requestId: Number(row.requestId) }));
  }
}
