import { z } from 'zod';
import { isKnownCurrency } from '../domain/currency';
import { isDecimalString } from '../domain/money';

/** Building blocks shared by contract.ts and events.ts. */

export const CurrencyCode = z.string().superRefine((code, context) => {
  if (!/^[A-Z]{3}$/.test(code)) {
    context.addIssue({ code: 'custom', message: 'expected a three-letter ISO 4217 code such as GBP' });
  } else if (!isKnownCurrency(code)) {
    context.addIssue({ code: 'custom', message: `${code} is not an ISO 4217 currency code` });
  }
});

export const DecimalString = z.string().refine(isDecimalString, 'expected a decimal number such as 1250.50');

export const MoneySchema = z.object({ amount: DecimalString, currency: CurrencyCode });

export const IsoTimestamp = z.iso.datetime({ offset: true });

export const NoInput = z.object({}).strict();

export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date such as 2026-01-31');

export const SYNC_DATASETS = ['floats', 'transfers', 'brands', 'templates'] as const;
export const DatasetName = z.enum(SYNC_DATASETS);
export const SyncOutcomeName = z.enum(['running', 'succeeded', 'failed', 'cancelled', 'partial']);

export const SyncProgressSchema = z.object({
  dataset: DatasetName,
  phase: z.string(),
  done: z.number().nonnegative(),
  total: z.number().nonnegative().nullable(),
});

export const SyncSummarySchema = z.object({
  runId: z.number().int().positive(),
  outcome: SyncOutcomeName.exclude(['running']),
  datasets: z.array(
    z.object({
      dataset: DatasetName,
      outcome: SyncOutcomeName.exclude(['running']),
      itemsRead: z.number().int().nonnegative(),
      itemsChanged: z.number().int().nonnegative(),
      requestsMade: z.number().int().nonnegative(),
      errorCode: z.string().optional(),
      errorMessage: z.string().optional(),
      incomplete: z.string().optional(),
    }),
  ),
});
