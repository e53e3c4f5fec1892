import { z } from 'zod';
import type { EventChannel } from './channels';

/** Payload schema of every event the core pushes to the renderer. */
export const events = {
  /** Data in the ledger changed (written by this core or by another process, such as a CLI sync). */
  'ledger:changed': z.object({ source: z.enum(['this-core', 'another-process']) }),
} as const satisfies Record<EventChannel, z.ZodType>;

export type EventPayload<E extends EventChannel> = z.output<(typeof events)[E]>;
