/**
 * What every reconciliation use case is given: the ledger, the workspace, the clock and who acts.
 */
import { isoNow, type Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import type { Locks, MatchOptions } from './match/types';

export interface ReconContext {
  db: Ledger;
  workspaceId: number;
  /** UTC ISO 8601 ending in Z, from the injected clock. */
  now(): string;
  /** Today (UTC) as YYYY-MM-DD: the default as-of date. */
  today(): string;
  /** A person in the app, or a person at the command line. */
  actor: 'user' | 'cli';
  /** Matching thresholds (defaults: match/options.ts). */
  options: MatchOptions;
  /**
   * Signed-off items, never changed by automatic passes. Sign-off is a later step (period close):
   * until it exists nothing is locked.
   */
  locks(): Locks;
}

export function reconContext(
  db: Ledger,
  workspaceId: number,
  clock: Clock,
  actor: 'user' | 'cli',
  options: MatchOptions = {},
): ReconContext {
  return {
    db,
    workspaceId,
    now: () => isoNow(clock),
    today: () => isoNow(clock).slice(0, 10),
    actor,
    options,
    locks: () => ({}),
  };
}
