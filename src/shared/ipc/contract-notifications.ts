import { z } from 'zod';
import { IsoTimestamp } from './schemas';

/** Notifications: what a sync brought that a person should know (low balances, request outcomes, ...). */

export const NOTIFICATION_KINDS = [
  'low_balance',
  'transfer_approved',
  'transfer_edited',
  'transfer_removed',
  'transfer_cancelled',
  'signoff_drift',
  'files_made_private',
  // Not stored (the ledger is the thing that failed): the core adds it to every list while it stands.
  'ledger_damaged',
] as const;

export const NotificationSchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  message: z.string(),
  at: IsoTimestamp,
  readAt: IsoTimestamp.nullable(),
});

export const notificationsContract = {
  'notifications:list': {
    input: z.object({ unreadOnly: z.boolean().optional() }).strict(),
    /** Newest first. */
    output: z.object({ notifications: z.array(NotificationSchema) }),
  },
  /** Mark notifications read: the given ids, or all of them. */
  'notifications:dismiss': {
    input: z
      .object({ ids: z.array(z.number().int().positive()).max(1000).optional(), all: z.boolean().optional() })
      .strict(),
    output: z.object({ dismissed: z.number().int().nonnegative() }),
  },
} as const;

export type AppNotification = z.output<typeof NotificationSchema>;
