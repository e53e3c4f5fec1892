import { z } from 'zod';
import { CurrencyCode, DecimalString, IsoDate, IsoTimestamp, MoneySchema, NoInput } from './schemas';

/** Balances: history per float, low-balance thresholds, runway, and notifications. */

const FloatKey = { currency: CurrencyCode, name: z.string().min(1).max(200) };

export const BalancePointSchema = z.object({
  recordedAt: IsoTimestamp,
  platformRefreshedAt: IsoTimestamp.nullable(),
  available: MoneySchema.nullable(),
  pending: MoneySchema.nullable(),
});

export const FloatInsightSchema = z.object({
  currency: CurrencyCode,
  name: z.string(),
  threshold: MoneySchema.nullable(),
  /** The latest available balance is under the threshold. */
  belowThreshold: z.boolean(),
  runway: z.object({
    /** Whole days until the available balance runs out at the recent spend rate; null: no spend seen. */
    days: z.number().int().nonnegative().nullable(),
    /** Average spend per day over the window (money that left the float, top-ups not counted). */
    dailySpend: MoneySchema.nullable(),
    /** The window the rate comes from, e.g. "the last 30 days". */
    basis: z.string(),
  }),
});

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

export const balancesContract = {
  'floats:history': {
    input: z.object({ ...FloatKey, since: IsoDate.optional() }).strict(),
    /** Oldest first, one point per stored snapshot. */
    output: z.object({ points: z.array(BalancePointSchema) }),
  },
  'floats:insights': {
    input: NoInput,
    output: z.object({ floats: z.array(FloatInsightSchema) }),
  },
  /** Set (decimal text, the currency's places at most) or clear (null) a float's low-balance threshold. */
  'floats:threshold.set': {
    input: z.object({ ...FloatKey, threshold: DecimalString.nullable() }).strict(),
    output: FloatInsightSchema,
  },
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

export type BalancePoint = z.output<typeof BalancePointSchema>;
export type FloatInsight = z.output<typeof FloatInsightSchema>;
export type AppNotification = z.output<typeof NotificationSchema>;
