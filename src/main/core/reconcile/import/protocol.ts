/** Messages between the core and the statement worker. */
import type { ReadEvent, ReadJob } from './read-job';

/** Core → worker: the job (once), then one credit per event the core has handled. */
export type ToWorker = { type: 'job'; job: ReadJob } | { type: 'credit' };
/** Worker → core. */
export type FromWorker = ReadEvent;

/** Events the worker may send ahead of the core (bounded memory, and the core sets the pace). */
export const EVENTS_AHEAD = 4;
