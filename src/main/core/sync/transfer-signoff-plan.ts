/**
 * Re-reading the requests locked by sign-offs in force (pure planning). Settled requests are
 * re-read by nothing else, yet the platform may still change one (a reversed or corrected
 * approval), and period close must notice it. The re-read runs on every sync a person starts and on
 * automatic ones once its last complete pass is older than `maxAgeMs`. Its reads are those of open
 * requests (transfer-open.ts: day windows, or look-ups by reference on a full day), in day order;
 * a cursor committed with each read lets a cancelled pass resume where it stopped.
 */
import { FINAL_TRANSFER_STATUSES } from '../../../shared/domain/platform';
import { planOpenReads, type OpenRead } from './transfer-open';

export const SIGNOFF_STATE_KEYS = {
  /** When the last complete pass began (ISO): its reads are at least that fresh. */
  doneAt: 'signoff_reread_at',
  /** The pass under way (JSON SignOffCursor), '' when none. */
  cursor: 'signoff_reread_cursor',
} as const;

export const SIGNOFF_REREAD_MAX_AGE_MS = 24 * 3_600_000;

/** A pass under way: which locks it reads, when it began, and the day through which it has read. */
export interface SignOffCursor {
  generation: string;
  startedAt: string;
  through: number;
}

export interface LockedDay {
  day: number;
  reference: string;
  status: string;
}

export type SignedOffRead = OpenRead & {
  /** Committed with this read: every locked day up to this one has been read. */
  through?: number;
};

/** Triggers of syncs a person starts ("Sync now", `floatdesk sync`). */
export function startedByPerson(trigger: string | undefined): boolean {
  return trigger === 'manual' || trigger === 'cli';
}

export function parseCursor(text: string | undefined): SignOffCursor | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
    const { generation, startedAt, through } = value as Record<string, unknown>;
    return typeof generation === 'string' && typeof startedAt === 'string' && Number.isInteger(through)
      ? { generation, startedAt, through: through as number }
      : undefined;
  } catch {
    return undefined;
  }
}

export function cursorText(cursor: SignOffCursor): string {
  return JSON.stringify(cursor);
}

const age = (now: Date, iso: string | undefined): number => {
  const at = iso === undefined ? Number.NaN : Date.parse(iso);
  return Number.isFinite(at) ? now.getTime() - at : Number.POSITIVE_INFINITY;
};

/**
 * Whether this sync re-reads the signed-off requests, and from which day on: the pass under way
 * (same locks, begun within `maxAgeMs`) is resumed; otherwise a new pass begins when a person
 * started the sync or the last complete pass is older than `maxAgeMs` (or unknown).
 */
export function signOffPass(input: {
  trigger: string | undefined;
  state: Readonly<Record<string, string>>;
  generation: string;
  now: Date;
  maxAgeMs: number;
}): { due: false } | { due: true; startedAt: string; after: number } {
  const { state, now, maxAgeMs } = input;
  const cursor = parseCursor(state[SIGNOFF_STATE_KEYS.cursor]);
  if (cursor && cursor.generation === input.generation && age(now, cursor.startedAt) < maxAgeMs)
    return { due: true, startedAt: cursor.startedAt, after: cursor.through };
  const due = startedByPerson(input.trigger) || !(age(now, state[SIGNOFF_STATE_KEYS.doneAt]) < maxAgeMs);
  return due ? { due: true, startedAt: now.toISOString(), after: Number.NEGATIVE_INFINITY } : { due: false };
}

/**
 * The reads of a pass: the locked requests after day `after` and before day `before` (the days from
 * `before` on are read by this sync anyway), in a final status (open ones are re-read with every
 * sync), planned as planOpenReads does with the ledger's `counts` per day. Each read that completes
 * its last day carries that day as `through`.
 */
export function planSignedOffReads(
  locked: readonly LockedDay[],
  range: { after: number; before: number },
  counts: ReadonlyMap<number, number>,
  cap: number,
): SignedOffRead[] {
  const final = FINAL_TRANSFER_STATUSES as readonly string[];
  const wanted = locked.filter(
    (row) => row.day > range.after && row.day < range.before && final.includes(row.status),
  );
  const dayOf = new Map(wanted.map((row) => [row.reference, row.day]));
  const span = (read: OpenRead): [number, number] => {
    if (read.kind === 'window') return [read.from, read.to];
    const day = dayOf.get(read.reference) as number;
    return [day, day];
  };
  const reads = planOpenReads(wanted, counts, cap);
  return reads.map((read, index) => {
    const last = span(read)[1];
    const next = reads[index + 1];
    return next === undefined || span(next)[0] > last ? { ...read, through: last } : read;
  });
}
