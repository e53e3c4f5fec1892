import { z } from 'zod';
import type { EventChannel } from './channels';
import { NotificationSchema } from './contract-notifications';
import { ExportFinishedSchema, ExportProgressSchema } from './contract-export';
import { SyncProgressSchema, SyncSummarySchema } from './schemas';

/** Payload schema of every event the core pushes to the renderer. */
export const events = {
  /** Data in the ledger changed (written by this core or by another process, such as a CLI sync). */
  'ledger:changed': z.object({ source: z.enum(['this-core', 'another-process']) }),
  /** The team exchange ran in the background: colleagues' changes arrived, or it went online/offline. */
  'team:changed': z.object({ pulled: z.number().int().nonnegative(), online: z.boolean() }),
  /** A running sync moved on (dataset, phase, done of total). */
  'sync:progress': SyncProgressSchema,
  /** A sync run ended, whatever its outcome. */
  'sync:finished': SyncSummarySchema,
  /** Something a person should hear about (low balance, a request approved, edited, removed...). */
  'notifications:new': NotificationSchema,
  /** Another workspace is open now: everything shown must be loaded again. */
  'app:workspace-changed': z.object({ dir: z.string() }),
  /** A running export moved on (rows written so far). */
  'export:progress': ExportProgressSchema,
  /** An export ended: done (with its path), cancelled or failed. Exactly one per export. */
  'export:finished': ExportFinishedSchema,
} as const satisfies Record<EventChannel, z.ZodType>;

export type EventPayload<E extends EventChannel> = z.output<(typeof events)[E]>;
