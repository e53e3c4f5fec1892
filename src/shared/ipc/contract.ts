import { z } from 'zod';
import type { Channel } from './channels';
import { CurrencyCode, IsoTimestamp, MoneySchema, NoInput } from './schemas';

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

export const contract = {
  'app:status': { input: NoInput, output: AppStatus },
  'floats:list': {
    input: z.object({ currency: CurrencyCode.optional() }).strict(),
    output: z.object({ floats: z.array(FloatBalanceSchema) }),
  },
} as const satisfies Record<Channel, { input: z.ZodType; output: z.ZodType }>;

export type Contract = typeof contract;
export type ChannelInput<C extends Channel> = z.input<Contract[C]['input']>;
export type ChannelOutput<C extends Channel> = z.output<Contract[C]['output']>;
export type AppStatus = z.output<typeof AppStatus>;
