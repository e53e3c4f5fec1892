import { z } from 'zod';
import type { EventChannel } from './channels';
import { SyncProgressSchema, SyncSummarySchema } from './schemas';

/** Payload schema of every event the core pushes to the renderer. */
export const events = {
  /** Data in the ledger changed (written by this core or by another process, such as a CLI sync). */
  'ledger:changed': z.object({ source: z.enum(['this-core', 'another-process']) }),
  /** A running sync moved on (dataset, phase, done of total). */
  'sync:progress': SyncProgressSchema,
  /** A sync run ended, whatever its outcome. */
  'sync:finished': SyncSummarySchema,
} as const satisfies Record<EventChannel, z.ZodType>;

export type EventPayload<E extends EventChannel> = z.output<(typeof events)[E]>;
