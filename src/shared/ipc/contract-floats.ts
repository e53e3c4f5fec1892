import { z } from 'zod';
import { CurrencyCode, DecimalString, IsoDate, IsoTimestamp, MoneySchema, NoInput } from './schemas';

/** Floats: the latest balance of each, its history, its low-balance threshold and its runway. */

const FloatKey = { currency: CurrencyCode, name: z.string().min(1).max(200) };

const FloatBalanceSchema = z.object({
  currency: CurrencyCode,
  name: z.string().min(1),
  available: MoneySchema.nullable(),
  pending: MoneySchema.nullable(),
  platformRefreshedAt: IsoTimestamp.nullable(),
  recordedAt: IsoTimestamp.nullable(),
  overPrecise: z.boolean(),
});

export const BalancePointSchema = z.object({
  recordedAt: IsoTimestamp,
  platformRefreshedAt: IsoTimestamp.nullable(),
  available: MoneySchema.nullable(),
  pending: MoneySchema.nullable(),
});

/** A float's latest balance with its threshold and runway: one row of the Balances screen. */
export const FloatInsightSchema = FloatBalanceSchema.extend({
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

export const floatsContract = {
  'floats:list': {
    input: z.object({ currency: CurrencyCode.optional() }).strict(),
    output: z.object({ floats: z.array(FloatBalanceSchema) }),
  },
  'floats:history': {
    input: z.object({ ...FloatKey, since: IsoDate.optional() }).strict(),
    /** Oldest first, one point per stored snapshot. */
    output: z.object({ points: z.array(BalancePointSchema) }),
  },
  /** The Balances screen's one call: every float as floats:list answers it, with threshold and runway. */
  'floats:insights': {
    input: NoInput,
    output: z.object({ floats: z.array(FloatInsightSchema) }),
  },
  /** Set (decimal text, the currency's places at most) or clear (null) a float's low-balance threshold. */
  'floats:threshold.set': {
    input: z.object({ ...FloatKey, threshold: DecimalString.nullable() }).strict(),
    output: FloatInsightSchema,
  },
} as const;

export type BalancePoint = z.output<typeof BalancePointSchema>;
export type FloatInsight = z.output<typeof FloatInsightSchema>;
