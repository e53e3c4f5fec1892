import { z } from 'zod';
import type { Channel } from './channels';
import {
  CurrencyCode,
  DatasetName,
  IsoTimestamp,
  MoneySchema,
  NoInput,
  SyncOutcomeName,
  SyncProgressSchema,
  SyncSummarySchema,
} from './schemas';

/**
 * The one contract between the renderer and the core: every channel's input and output schema.
 * Main and the browser shell validate inputs against it; the core validates its own outputs.
 */

const AppStatus = z.object({
  appVersion: z.string(),
  shell: z.enum(['electron', 'browser', 'cli']),
  workspaceDir: z.string(),
  ledgerPath: z.string(),
  schemaVersion: z.number().int().nonnegative(),
  latestSchemaVersion: z.number().int().nonnegative(),
});

const FloatBalanceSchema = z.object({
  currency: CurrencyCode,
  name: z.string().min(1),
  available: MoneySchema.nullable(),
  pending: MoneySchema.nullable(),
  platformRefreshedAt: IsoTimestamp.nullable(),
  recordedAt: IsoTimestamp.nullable(),
  overPrecise: z.boolean(),
});

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date such as 2026-01-31');

const SyncStatus = z.object({
  running: z.boolean(),
  progress: SyncProgressSchema.nullable(),
  connection: z.object({ kind: z.enum(['demo', 'platform', 'none']), problem: z.string().nullable() }),
  datasets: z.array(
    z.object({
      dataset: DatasetName,
      lastRefreshedAt: z.string().nullable(),
      lastOutcome: SyncOutcomeName.nullable(),
      lastError: z.string().nullable(),
    }),
  ),
});

export const contract = {
  'app:status': { input: NoInput, output: AppStatus },
  'floats:list': {
    input: z.object({ currency: CurrencyCode.optional() }).strict(),
    output: z.object({ floats: z.array(FloatBalanceSchema) }),
  },
  'sync:run': {
    input: z
      .object({
        datasets: z
          .array(DatasetName)
          .min(1)
          .refine((list) => new Set(list).size === list.length, 'lists a dataset twice')
          .optional(),
        since: IsoDate.optional(),
      })
      .strict(),
    output: SyncSummarySchema,
  },
  'sync:cancel': { input: NoInput, output: z.object({ cancelled: z.boolean() }) },
  'sync:status': { input: NoInput, output: SyncStatus },
} as const satisfies Record<Channel, { input: z.ZodType; output: z.ZodType }>;

export type Contract = typeof contract;
export type ChannelInput<C extends Channel> = z.input<Contract[C]['input']>;
export type ChannelOutput<C extends Channel> = z.output<Contract[C]['output']>;
export type AppStatus = z.output<typeof AppStatus>;
export type SyncStatusAnswer = z.output<typeof SyncStatus>;
