import { z } from 'zod';
import type { Channel } from './channels';
import { floatsContract } from './contract-floats';
import { notificationsContract } from './contract-notifications';
import { bankDetailsContract } from './contract-bank-details';
import { journalMappingContract } from './contract-journal-mapping';
import { teamContract } from './contract-team';
import { catalogueContract } from './contract-catalogue';
import { diagnosticsContract } from './contract-diagnostics';
import { exportContract } from './contract-export';
import { journalsContract } from './contract-journals';
import { signOffContract } from './contract-signoff';
import { reconContract } from './contract-recon';
import { settingsContract } from './contract-settings';
import { transfersContract } from './contract-transfers';
import {
  DatasetName,
  IsoDate,
  IsoTimestamp,
  NoInput,
  SyncOutcomeName,
  SyncProgressSchema,
  SyncSummarySchema,
} from './schemas';

/**
 * The one contract between the renderer and the core: every channel's input and output schema.
 * Main and the browser shell validate inputs against it; the core validates its own outputs.
 */

const RequestId = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'expected an id such as a UUID');

const AppStatus = z.object({
  appVersion: z.string(),
  shell: z.enum(['electron', 'browser', 'cli']),
  workspaceDir: z.string(),
  ledgerPath: z.string(),
  schemaVersion: z.number().int().nonnegative(),
  latestSchemaVersion: z.number().int().nonnegative(),
});

const SyncStatus = z.object({
  running: z.boolean(),
  progress: SyncProgressSchema.nullable(),
  connection: z.object({ kind: z.enum(['demo', 'platform', 'none']), problem: z.string().nullable() }),
  /** Whether the platform answered lately: 'offline' after a sync found no network, until one succeeds. */
  network: z.object({
    state: z.enum(['online', 'offline', 'unknown']),
    /** When the current state began. */
    since: IsoTimestamp.nullable(),
    /** Why it is offline, in words. */
    problem: z.string().nullable(),
    /** When auto-sync tries next (sooner while offline, backing off); null without auto-sync. */
    nextAttemptAt: IsoTimestamp.nullable(),
  }),
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
  ...floatsContract,
  'sync:run': {
    input: z
      .object({
        datasets: z
          .array(DatasetName)
          .min(1)
          .refine((list) => new Set(list).size === list.length, 'lists a dataset twice')
          .optional(),
        since: IsoDate.optional(),
        /** Chosen by the caller, so a Cancel that overtakes this request still cancels it. */
        requestId: RequestId.optional(),
      })
      .strict(),
    output: SyncSummarySchema,
  },
  /** Cancel the running sync, or — with the requestId of a sync:run not arrived yet — that one. */
  'sync:cancel': {
    input: z.object({ requestId: RequestId.optional() }).strict(),
    output: z.object({ cancelled: z.boolean() }),
  },
  'sync:status': { input: NoInput, output: SyncStatus },
  ...notificationsContract,
  ...transfersContract,
  ...settingsContract,
  ...bankDetailsContract,
  ...journalsContract,
  ...reconContract,
  ...signOffContract,
  ...exportContract,
  ...catalogueContract,
  ...diagnosticsContract,
  ...teamContract,
  ...journalMappingContract,
} as const satisfies Record<Channel, { input: z.ZodType; output: z.ZodType }>;

export type Contract = typeof contract;
export type ChannelInput<C extends Channel> = z.input<Contract[C]['input']>;
export type ChannelOutput<C extends Channel> = z.output<Contract[C]['output']>;
export type AppStatus = z.output<typeof AppStatus>;
export type SyncStatusAnswer = z.output<typeof SyncStatus>;
