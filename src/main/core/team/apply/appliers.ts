/**
 * Applying the team's changes on this desktop, one kind of change at a time: each family of kinds
 * (the part before the first dot: `decision`, `conflict`, …) has one applier. A kind without an
 * applier is left as it is, not marked, so a later version of FloatDesk can still apply it.
 */
import type { Ledger } from '../../ledger/db';
import type { ChangeToApply, TeamAppliedRepository } from '../../ledger/repositories/team-applied';
import type { TeamConflictsRepository } from '../../ledger/repositories/team-conflicts';
import type { ReconContext } from '../../recon/context';
import type { LocalNames } from './local-names';

export interface ApplyEnv {
  db: Ledger;
  workspaceId: number;
  /** Records as the change's author ('sync', under their name) and shares nothing again. */
  context: ReconContext;
  applied: TeamAppliedRepository;
  /** Shares `applied`'s buffer of outcomes not written yet (one per connection). */
  conflicts: TeamConflictsRepository;
  names: LocalNames;
  now(): string;
  /**
   * Run what writes in a savepoint of its own, so a refusal leaves nothing of the change
   * half-applied (what only reads, e.g. finding that a change still waits, needs none).
   */
  write<T>(writes: () => T): T;
}

export type Outcome =
  | { state: 'applied'; decisionId: number | null }
  | { state: 'pending' | 'skipped'; note: string }
  | { state: 'conflict'; standingSeq: number };

/** null: a kind of this family this version does not know (left untouched, not marked). */
export type Applier = (change: ChangeToApply, env: ApplyEnv) => Outcome | null;

const APPLIERS = new Map<string, Applier>();

/**
 * The payload parsed last, with its change: the change being applied, whose applier and the record
 * of its outcome both read it. One entry, not a WeakMap of every change of a page: 100,000 changes
 * pulled made as many entries for the collector to trace (bench/team-sync).
 */
let parsed: { change: ChangeToApply; payload: Record<string, unknown> } | undefined;

/** A change's payload, parsed once while it is applied (not to be changed by whoever reads it). */
export function payloadOf(change: ChangeToApply): Record<string, unknown> {
  if (parsed?.change !== change)
    parsed = { change, payload: JSON.parse(change.payload) as Record<string, unknown> };
  return parsed.payload;
}

/** Register the applier of a family of kinds (`decision` for `decision.*`). */
export function registerApplier(family: string, applier: Applier): void {
  APPLIERS.set(family, applier);
}

export function applierOf(kind: string): Applier | undefined {
  return APPLIERS.get(kind.split('.', 1)[0]!);
}
