/**
 * Where the transfer sync stands (sync_state rows of the 'transfers' dataset), read and written as
 * text: the contiguous range of days read completely, the end_date behaviour found, when the backfill
 * first reached today, and the groups known to be incomplete (over the cap with every filter).
 */
import { dayNumber, dayText, type Lane } from './transfer-windows';

export const STATE_KEYS = {
  coveredFrom: 'covered_from',
  coveredThrough: 'covered_through',
  endDateMode: 'end_date_mode',
  backfillCompletedAt: 'backfill_completed_at',
  incomplete: 'incomplete',
} as const;

export interface IncompleteGroup {
  day: string;
  status?: string;
  float?: string;
  currency?: string;
  /** How many the capped answer held (the platform holds more). */
  read: number;
}

export interface TransferSyncState {
  coveredFrom?: number;
  coveredThrough?: number;
  endDateMode?: 'inclusive' | 'exclusive';
  backfillCompletedAt?: string;
  incomplete: IncompleteGroup[];
}

function day(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  try {
    return dayNumber(text);
  } catch {
    return undefined;
  }
}

function groups(text: string | undefined): IncompleteGroup[] {
  if (text === undefined) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed)
      ? parsed.filter((g): g is IncompleteGroup => typeof g === 'object' && g !== null && 'day' in g)
      : [];
  } catch {
    return [];
  }
}

/** Unreadable values count as absent: the sync then reads more, never less. */
export function parseState(rows: Readonly<Record<string, string>>): TransferSyncState {
  const mode = rows[STATE_KEYS.endDateMode];
  const coveredFrom = day(rows[STATE_KEYS.coveredFrom]);
  const coveredThrough = day(rows[STATE_KEYS.coveredThrough]);
  const coherent =
    coveredFrom !== undefined && coveredThrough !== undefined && coveredThrough >= coveredFrom - 1;
  return {
    coveredFrom: coherent ? coveredFrom : undefined,
    coveredThrough: coherent ? coveredThrough : undefined,
    endDateMode: mode === 'inclusive' || mode === 'exclusive' ? mode : undefined,
    backfillCompletedAt: rows[STATE_KEYS.backfillCompletedAt],
    incomplete: groups(rows[STATE_KEYS.incomplete]),
  };
}

/**
 * The groups known to be incomplete. A range read again drops its old groups as the read passes
 * them, unless they are found again; changes are committed with the next answer (`takeEntry`).
 */
export class IncompleteGroups {
  private readonly groups = new Map<string, IncompleteGroup>();
  private readonly stale = new Set<string>();
  private dirty = false;

  constructor(initial: readonly IncompleteGroup[]) {
    for (const group of initial) this.groups.set(describeGroup(group), group);
  }

  revisit(from: string, to: string): void {
    for (const [key, group] of this.groups) if (group.day >= from && group.day <= to) this.stale.add(key);
  }

  found(group: IncompleteGroup): void {
    const key = describeGroup(group);
    this.groups.set(key, group);
    this.stale.delete(key);
    this.dirty = true;
  }

  passed(through: string): void {
    for (const key of this.stale) {
      if ((this.groups.get(key)?.day ?? '') > through) continue;
      this.groups.delete(key);
      this.stale.delete(key);
      this.dirty = true;
    }
  }

  /** The sync_state entry to commit, when the groups changed since the last one. */
  takeEntry(force = false): Record<string, string> {
    if (!this.dirty && !force) return {};
    this.dirty = false;
    return { [STATE_KEYS.incomplete]: JSON.stringify(this.list()) };
  }

  list(): IncompleteGroup[] {
    return [...this.groups.values()];
  }
}

export function coverageEntries(from: number, through: number): Record<string, string> {
  return { [STATE_KEYS.coveredFrom]: dayText(from), [STATE_KEYS.coveredThrough]: dayText(through) };
}

export function groupOf(dayNumberValue: number, lane: Lane, read: number): IncompleteGroup {
  return { day: dayText(dayNumberValue), ...lane, read };
}

export function describeGroup(group: IncompleteGroup): string {
  const filters = (['status', 'float', 'currency'] as const)
    .filter((key) => group[key] !== undefined)
    .map((key) => `${key}=${group[key]}`)
    .join(' ');
  return `${group.day} ${filters}`.trim();
}

/** One line for DatasetOutcome.incomplete, or undefined when nothing is known to be missing. */
export function incompleteReason(list: readonly IncompleteGroup[], cap: number): string | undefined {
  const first = list[0];
  if (first === undefined) return undefined;
  const more = list.length > 1 ? ` (and ${list.length - 1} more group${list.length > 2 ? 's' : ''})` : '';
  return (
    `Transfer requests of ${describeGroup(first)} are more than the platform lists at once (${cap}); ` +
    `${first.read} were read, the rest cannot be reached with the platform's filters${more}.`
  );
}
